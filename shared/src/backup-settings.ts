/**
 * The rules of `PUT /api/admin/settings/backups` (server/API.md §E22), one schema for the server
 * and the 备份 screens, which check the form as it is filled.
 */
import { z } from 'zod';
import './messages/zod-issues.js';
import { BackupMessages as M } from './messages/backups.messages.js';
import type { BackupRun, BackupSettingsUpdate } from './backups.js';

export const BACKUP_KEEP_MAX = 100;
export const BACKUP_TARGETS_MAX = 10;
export const BACKUP_PASSPHRASE_MIN_LENGTH = 8;

const httpUrl = z
  .string()
  .trim()
  .max(2000)
  .refine((text) => {
    try {
      const url = new URL(text);
      return url.protocol === 'http:' || url.protocol === 'https:';
    } catch {
      return false;
    }
  }, M.urlInvalid);

/** A write-only secret: a new value, `null` to clear, absent to keep the stored one. */
const secret = z.string().min(1).max(1000).nullable().optional();

const targetId = z.string().regex(/^[A-Za-z0-9_-]{1,40}$/, M.targetIdInvalid);

const folderTarget = z.object({
  id: targetId,
  kind: z.literal('folder'),
  path: z.string().trim().min(1, M.folderPathRequired).max(1000),
});

const webdavTarget = z.object({
  id: targetId,
  kind: z.literal('webdav'),
  url: httpUrl,
  username: z.string().max(200),
  password: secret,
});

const s3Target = z.object({
  id: targetId,
  kind: z.literal('s3'),
  /** Empty for AWS itself, whose endpoint the region gives. */
  endpoint: z.union([z.literal(''), httpUrl]),
  region: z.string().trim().max(100),
  bucket: z.string().trim().min(1, M.bucketRequired).max(255),
  prefix: z.string().trim().max(500),
  access_key_id: z.string().trim().max(500),
  secret_access_key: secret,
  force_path_style: z.boolean(),
});

export const backupSettingsUpdateSchema = z
  .object({
    schedule: z.object({
      frequency: z.enum(['off', 'daily', 'weekly']),
      time: z.string().regex(/^(?:[01]\d|2[0-3]):[0-5]\d$/, M.timeInvalid),
      weekday: z.number().int(M.weekdayInvalid).min(0, M.weekdayInvalid).max(6, M.weekdayInvalid).optional(),
    }),
    keep: z.number().int(M.keepInvalid).min(1, M.keepInvalid).max(BACKUP_KEEP_MAX, M.keepInvalid),
    targets: z
      .array(z.discriminatedUnion('kind', [folderTarget, webdavTarget, s3Target]))
      .max(BACKUP_TARGETS_MAX, M.targetsTooMany)
      // A secret left out stays a key whose value is undefined: "keep the stored one".
      .transform((targets): BackupSettingsUpdate['targets'] =>
        targets.map((target) =>
          target.kind === 'webdav'
            ? { ...target, password: target.password }
            : target.kind === 's3'
              ? { ...target, secret_access_key: target.secret_access_key }
              : target,
        ),
      ),
    passphrase: z.string().min(BACKUP_PASSPHRASE_MIN_LENGTH, M.passphraseTooShort).max(1000).nullable().optional(),
  })
  .superRefine((settings, context) => {
    if (settings.schedule.frequency === 'weekly' && settings.schedule.weekday === undefined) {
      context.addIssue({ code: 'custom', path: ['schedule', 'weekday'], message: M.weekdayRequired });
    }
    const seen = new Set<string>();
    settings.targets.forEach((target, index) => {
      if (seen.has(target.id))
        context.addIssue({ code: 'custom', path: ['targets', index, 'id'], message: M.targetIdDuplicate(target.id) });
      seen.add(target.id);
    });
  }) satisfies z.ZodType<BackupSettingsUpdate>;

/** `POST /api/admin/backups/restore`. */
export const backupRestoreSchema = z.object({
  target: z.string().min(1, M.targetRequired).max(40),
  name: z.string().min(1, M.nameInvalid).max(200),
  passphrase: z.string().max(1000).optional(),
});

/** `data` of `GET /api/admin/backups/status` (server/API.md §E22): what the admin's banner shows. */
export interface BackupStatus {
  /** The run going on now, if any. */
  running: BackupRun | null;
  /** The newest finished run when it failed (a safety backup before a restore aside); `null` once one succeeds. */
  failure: BackupRun | null;
  /** When the failed run is tried again (once, a minute after it failed), or `null`. */
  retry_at: string | null;
  /** When the newest successful run finished, or `null`. */
  last_success_at: string | null;
  next_run_at: string | null;
}
