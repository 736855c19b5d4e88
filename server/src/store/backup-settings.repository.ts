import path from 'node:path';
import { z } from 'zod';
import type { BackupSchedule, BackupTargetSettings } from '@folio/shared';
import { DurableJsonFile } from '@folio/shared/durable-file';

/**
 * The backup settings as stored (server/API.md §E22): the secrets (WebDAV password, S3 secret
 * key, passphrase) in clear, `null` when not set. Only this file and the targets built from it
 * ever hold them: the API answers `{ set }` and the site export (server/API.md §14) never reads it.
 */
export interface StoredBackupSettings {
  schedule: BackupSchedule;
  keep: number;
  targets: BackupTargetSettings<string | null>[];
  passphrase: string | null;
  /** When the schedule last changed (ISO 8601): a due time before it was never missed. */
  schedule_set_at: string | null;
}

export const BACKUP_SETTINGS_FILE = 'backup-settings.json';

export const defaultBackupSettings = (): StoredBackupSettings => ({
  schedule: { frequency: 'off', time: '03:30' },
  keep: 7,
  targets: [],
  passphrase: null,
  schedule_set_at: null,
});

/** The stored form, loosely: the targets were checked by `backupSettingsUpdateSchema` when saved. */
const storedSchema = z.object({
  schedule: z.object({
    frequency: z.enum(['off', 'daily', 'weekly']),
    time: z.string(),
    weekday: z.number().int().min(0).max(6).optional(),
  }),
  keep: z.number().int().min(1),
  targets: z.array(z.record(z.string(), z.unknown())),
  passphrase: z.string().nullable(),
  schedule_set_at: z.string().nullable().default(null),
});

/**
 * `backup-settings.json`: one small file written atomically on its own, readable by the owner
 * only (it holds the targets' keys), outside the journal and the site export.
 */
export class BackupSettingsRepository {
  private readonly file: DurableJsonFile<unknown>;

  private constructor(
    dataDir: string,
    private stored: StoredBackupSettings,
  ) {
    this.file = new DurableJsonFile<unknown>(path.join(dataDir, BACKUP_SETTINGS_FILE), 0o600);
  }

  /** Reads the file once; a missing or hand-broken one counts as the defaults (no backups). */
  static open(dataDir: string): BackupSettingsRepository {
    let stored = defaultBackupSettings();
    try {
      const parsed = storedSchema.safeParse(new DurableJsonFile<unknown>(path.join(dataDir, BACKUP_SETTINGS_FILE)).readSync());
      if (parsed.success) stored = parsed.data as unknown as StoredBackupSettings;
    } catch {
      // Unreadable: the defaults, and the next save writes a good file.
    }
    return new BackupSettingsRepository(dataDir, stored);
  }

  get(): StoredBackupSettings {
    return this.stored;
  }

  async save(settings: StoredBackupSettings): Promise<StoredBackupSettings> {
    await this.file.write(settings);
    this.stored = settings;
    return settings;
  }
}
