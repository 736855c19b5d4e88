/**
 * Scheduled backups (server/API.md §E22): the settings, runs and remote listings shared by the
 * server, the browser admin's 备份 screen and the desktop's.
 */

export const BACKUP_FREQUENCIES = ['off', 'daily', 'weekly'] as const;
export type BackupFrequency = (typeof BACKUP_FREQUENCIES)[number];

export const BACKUP_TARGET_KINDS = ['folder', 'webdav', 's3'] as const;
export type BackupTargetKind = (typeof BACKUP_TARGET_KINDS)[number];

export interface BackupSchedule {
  frequency: BackupFrequency;
  /** `HH:MM`, in the server's time zone. */
  time: string;
  /** 0 (Sunday) … 6, for `weekly`. */
  weekday?: number;
}

/**
 * A secret as the settings carry it: a `PUT` sends the new value (a string), `null` to clear it,
 * or leaves it out to keep the stored one; a `GET` only ever answers `{ set: boolean }`.
 */
export interface SecretState {
  set: boolean;
}

export interface FolderTargetSettings {
  id: string;
  kind: 'folder';
  /** Absolute, or relative to the data directory's parent; default `backups`. */
  path: string;
}

export interface WebdavTargetSettings<Secret = SecretState> {
  id: string;
  kind: 'webdav';
  url: string;
  username: string;
  password: Secret;
}

export interface S3TargetSettings<Secret = SecretState> {
  id: string;
  kind: 's3';
  endpoint: string;
  region: string;
  bucket: string;
  prefix: string;
  access_key_id: string;
  secret_access_key: Secret;
  force_path_style: boolean;
}

export type BackupTargetSettings<Secret = SecretState> =
  FolderTargetSettings | WebdavTargetSettings<Secret> | S3TargetSettings<Secret>;

/** `data` of `GET /api/admin/settings/backups`. */
export interface BackupSettings {
  schedule: BackupSchedule;
  /** Backups kept per target (Folio's own only). */
  keep: number;
  targets: BackupTargetSettings[];
  passphrase: SecretState;
  /** The server's time zone (IANA name), in which `schedule.time` is read. */
  time_zone: string;
  /** When the next scheduled run starts (ISO 8601), or `null` when off. */
  next_run_at: string | null;
}

/** Body of `PUT /api/admin/settings/backups`: secrets as strings (set), `null` (clear) or absent (keep). */
export interface BackupSettingsUpdate {
  schedule: BackupSchedule;
  keep: number;
  targets: BackupTargetSettings<string | null | undefined>[];
  passphrase?: string | null;
}

export const BACKUP_RUN_STATUSES = ['running', 'succeeded', 'failed'] as const;
export type BackupRunStatus = (typeof BACKUP_RUN_STATUSES)[number];

export interface BackupTargetResult {
  target: string;
  status: 'pending' | 'succeeded' | 'failed';
  /** Why it failed, in Chinese; `null` otherwise. */
  error: string | null;
  /** True once the copy at the target was read back and its sha256 matched. */
  verified: boolean;
}

/** One entry of `GET /api/admin/backups`. */
export interface BackupRun {
  id: string;
  /** `scheduled`, `manual`, `retry`, `safety` (before a restore) or `missed` (run at start). */
  trigger: 'scheduled' | 'manual' | 'retry' | 'safety' | 'missed';
  status: BackupRunStatus;
  started_at: string;
  finished_at: string | null;
  name: string | null;
  size: number | null;
  sha256: string | null;
  encrypted: boolean;
  targets: BackupTargetResult[];
}

/** One entry of `GET /api/admin/backups/remote?target=`. */
export interface RemoteBackup {
  name: string;
  size: number;
  modified_at: string | null;
}
