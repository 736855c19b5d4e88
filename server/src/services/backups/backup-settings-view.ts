import type { BackupSettings, BackupSettingsUpdate, BackupTargetSettings } from '@folio/shared';
import type { StoredBackupSettings } from '../../store/backup-settings.repository.js';

type StoredTarget = BackupTargetSettings<string | null>;
type UpdateTarget = BackupSettingsUpdate['targets'][number];

/** A write-only secret (server/API.md §E22): a new value, `null` to clear, absent to keep the stored one. */
const nextSecret = (sent: string | null | undefined, stored: string | null): string | null =>
  sent === undefined ? stored : sent;

/** The settings as `GET` answers them: every secret only as `{ set }`. */
export function presentSettings(stored: StoredBackupSettings, timeZone: string, nextRunAt: string | null): BackupSettings {
  return {
    schedule: { ...stored.schedule },
    keep: stored.keep,
    targets: stored.targets.map((target): BackupTargetSettings => {
      if (target.kind === 'webdav') return { ...target, password: { set: target.password !== null } };
      if (target.kind === 's3') return { ...target, secret_access_key: { set: target.secret_access_key !== null } };
      return { ...target };
    }),
    passphrase: { set: stored.passphrase !== null },
    time_zone: timeZone,
    next_run_at: nextRunAt,
  };
}

/** One target of a `PUT`, its secret kept from the stored target of the same id and kind when not sent. */
function mergeTarget(sent: UpdateTarget, stored: StoredTarget | undefined): StoredTarget {
  if (sent.kind === 'webdav') {
    const kept = stored?.kind === 'webdav' ? stored.password : null;
    return { id: sent.id, kind: 'webdav', url: sent.url, username: sent.username, password: nextSecret(sent.password, kept) };
  }
  if (sent.kind === 's3') {
    const kept = stored?.kind === 's3' ? stored.secret_access_key : null;
    return {
      id: sent.id,
      kind: 's3',
      endpoint: sent.endpoint,
      region: sent.region,
      bucket: sent.bucket,
      prefix: sent.prefix,
      access_key_id: sent.access_key_id,
      secret_access_key: nextSecret(sent.secret_access_key, kept),
      force_path_style: sent.force_path_style,
    };
  }
  return { id: sent.id, kind: 'folder', path: sent.path };
}

/** The stored settings after a `PUT`: a changed schedule starts counting due times from `now`. */
export function mergeSettings(stored: StoredBackupSettings, update: BackupSettingsUpdate, now: Date): StoredBackupSettings {
  const { frequency, time, weekday } = update.schedule;
  const schedule = frequency === 'weekly' ? { frequency, time, weekday: weekday ?? 0 } : { frequency, time };
  const changed =
    schedule.frequency !== stored.schedule.frequency ||
    schedule.time !== stored.schedule.time ||
    (schedule.weekday ?? null) !== (stored.schedule.weekday ?? null);
  return {
    schedule,
    keep: update.keep,
    targets: update.targets.map((target) =>
      mergeTarget(
        target,
        stored.targets.find((item) => item.id === target.id),
      ),
    ),
    passphrase: nextSecret(update.passphrase, stored.passphrase),
    schedule_set_at: changed ? now.toISOString() : stored.schedule_set_at,
  };
}
