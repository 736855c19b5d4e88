import { BackupScreenMessages as M } from '@folio/shared';
import type {
  BackupFrequency,
  BackupRun,
  BackupSettings,
  BackupSettingsUpdate,
  BackupStatus,
  BackupTargetKind,
  BackupTargetSettings,
  SecretState,
} from '@folio/shared';

/**
 * A write-only secret as the form holds it (server/API.md §E22): whether the server has one, what
 * was typed (blank keeps the stored one) and whether the owner asked to clear it.
 */
export interface SecretField {
  set: boolean;
  value: string;
  clear: boolean;
}

export type TargetForm =
  | { id: string; kind: 'folder'; path: string }
  | { id: string; kind: 'webdav'; url: string; username: string; password: SecretField }
  | {
      id: string;
      kind: 's3';
      endpoint: string;
      region: string;
      bucket: string;
      prefix: string;
      access_key_id: string;
      secret_access_key: SecretField;
      force_path_style: boolean;
    };

export interface BackupForm {
  frequency: BackupFrequency;
  time: string;
  weekday: number;
  /** As typed, so the field can be emptied while editing; the server says when it is not a count. */
  keep: string;
  targets: TargetForm[];
  passphrase: SecretField;
}

const secretField = (state: SecretState): SecretField => ({ set: state.set, value: '', clear: false });

/** What a secret field sends: the typed value, `null` to clear, or nothing to keep the stored one. */
export function secretUpdate(field: SecretField): string | null | undefined {
  if (field.value !== '') return field.value;
  if (field.clear && field.set) return null;
  return undefined;
}

function targetForm(target: BackupTargetSettings): TargetForm {
  switch (target.kind) {
    case 'folder':
      return { ...target };
    case 'webdav':
      return { ...target, password: secretField(target.password) };
    case 's3':
      return { ...target, secret_access_key: secretField(target.secret_access_key) };
  }
}

export function formFromSettings(settings: BackupSettings): BackupForm {
  return {
    frequency: settings.schedule.frequency,
    time: settings.schedule.time,
    weekday: settings.schedule.weekday ?? 1,
    keep: String(settings.keep),
    targets: settings.targets.map(targetForm),
    passphrase: secretField(settings.passphrase),
  };
}

function targetUpdate(target: TargetForm): BackupTargetSettings<string | null | undefined> {
  switch (target.kind) {
    case 'folder':
      return { ...target };
    case 'webdav':
      return { ...target, password: secretUpdate(target.password) };
    case 's3':
      return { ...target, secret_access_key: secretUpdate(target.secret_access_key) };
  }
}

/** The `PUT` body of the form; a secret left blank is left out, so the stored one is kept. */
export function updateFromForm(form: BackupForm): BackupSettingsUpdate {
  const update: BackupSettingsUpdate = {
    schedule: {
      frequency: form.frequency,
      time: form.time,
      ...(form.frequency === 'weekly' ? { weekday: form.weekday } : {}),
    },
    keep: Number(form.keep.trim() === '' ? Number.NaN : form.keep),
    targets: form.targets.map(targetUpdate),
  };
  const passphrase = secretUpdate(form.passphrase);
  if (passphrase !== undefined) update.passphrase = passphrase;
  return update;
}

/** A new target of a kind, with an id no other target of the form has. */
export function newTarget(kind: BackupTargetKind, existing: readonly TargetForm[]): TargetForm {
  const taken = new Set(existing.map((target) => target.id));
  let counter = 1;
  while (taken.has(`${kind}-${counter}`)) counter += 1;
  const id = `${kind}-${counter}`;
  const secret: SecretField = { set: false, value: '', clear: false };
  switch (kind) {
    case 'folder':
      return { id, kind, path: 'backups' };
    case 'webdav':
      return { id, kind, url: '', username: '', password: secret };
    case 's3':
      return {
        id,
        kind,
        endpoint: '',
        region: '',
        bucket: '',
        prefix: '',
        access_key_id: '',
        secret_access_key: secret,
        force_path_style: false,
      };
  }
}

const KIND_LABELS: Record<BackupTargetKind, string> = { folder: M.kindFolder, webdav: M.kindWebdav, s3: M.kindS3 };

/** How a target is named on the screen: its kind and its id, as the runs table names it. */
export function targetLabel(target: { kind: BackupTargetKind; id: string }): string {
  return M.targetLabel(KIND_LABELS[target.kind], target.id);
}

/** The runs newest first, whatever order the server answered in. */
export function newestFirst(runs: readonly BackupRun[]): BackupRun[] {
  return [...runs].sort((a, b) => b.started_at.localeCompare(a.started_at));
}

/**
 * The run the admin warns of: the server's last run when it failed (a safety backup aside) and no
 * retry is still to come, which may yet succeed; a later success clears the warning.
 */
export function failureToWarnOf(status: BackupStatus | null): BackupRun | null {
  if (!status?.failure || status.retry_at !== null) return null;
  return status.failure;
}

/** Why a run failed: its failed targets' errors, one line. */
export function runFailureReason(run: BackupRun): string {
  const errors = run.targets
    .filter((target) => target.status === 'failed' && target.error)
    .map((target) => `${target.target}：${target.error}`);
  return errors.length > 0 ? errors.join('；') : M.bannerUnknownError;
}

/** Sizes as the owner reads them: KB below a megabyte, MB with one decimal below a gigabyte. */
export function formatBackupSize(bytes: number | null): string {
  if (bytes === null) return '—';
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 ** 2) return `${(bytes / 1024).toFixed(1)} KB`;
  if (bytes < 1024 ** 3) return `${(bytes / 1024 ** 2).toFixed(1)} MB`;
  return `${(bytes / 1024 ** 3).toFixed(2)} GB`;
}

/** An age-encrypted backup (server/API.md §E22) needs its passphrase to be restored. */
export function isEncryptedBackupName(name: string): boolean {
  return name.endsWith('.age');
}
