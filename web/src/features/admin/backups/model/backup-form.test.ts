import { describe, expect, it } from 'vitest';
import type { BackupRun, BackupSettings, BackupStatus } from '@folio/shared';
import {
  failureToWarnOf,
  formatBackupSize,
  formFromSettings,
  isEncryptedBackupName,
  newTarget,
  runFailureReason,
  updateFromForm,
} from './backup-form';

const settings = (fields: Partial<BackupSettings> = {}): BackupSettings => ({
  schedule: { frequency: 'daily', time: '03:30' },
  keep: 7,
  targets: [
    { id: 'nas', kind: 'webdav', url: 'https://dav.example/folio', username: 'me', password: { set: true } },
    {
      id: 'r2',
      kind: 's3',
      endpoint: 'https://s3.example',
      region: 'auto',
      bucket: 'folio',
      prefix: 'site/',
      access_key_id: 'AK',
      secret_access_key: { set: false },
      force_path_style: true,
    },
  ],
  passphrase: { set: true },
  time_zone: 'Asia/Shanghai',
  next_run_at: '2026-11-30T19:30:00.000Z',
  ...fields,
});

const run = (fields: Partial<BackupRun>): BackupRun => ({
  id: 'r',
  trigger: 'scheduled',
  status: 'succeeded',
  started_at: '2026-11-29T03:30:00.000Z',
  finished_at: '2026-11-29T03:30:05.000Z',
  name: 'folio-site-20261129T033000Z.tar.gz',
  size: 2048,
  sha256: 'ab',
  encrypted: false,
  targets: [],
  ...fields,
});

describe('the backup form', () => {
  it('keeps every stored secret when nothing is typed, and leaves the passphrase out', () => {
    const update = updateFromForm(formFromSettings(settings()));
    expect(update).toEqual({
      schedule: { frequency: 'daily', time: '03:30' },
      keep: 7,
      targets: [
        { id: 'nas', kind: 'webdav', url: 'https://dav.example/folio', username: 'me', password: undefined },
        {
          id: 'r2',
          kind: 's3',
          endpoint: 'https://s3.example',
          region: 'auto',
          bucket: 'folio',
          prefix: 'site/',
          access_key_id: 'AK',
          secret_access_key: undefined,
          force_path_style: true,
        },
      ],
    });
    expect('passphrase' in update).toBe(false);
  });

  it('sends a typed secret, null for a cleared one, and the weekday only for a weekly schedule', () => {
    const form = formFromSettings(settings());
    form.frequency = 'weekly';
    form.weekday = 0;
    form.passphrase = { ...form.passphrase, clear: true };
    const nas = form.targets[0];
    if (nas?.kind !== 'webdav') throw new Error('webdav expected');
    nas.password = { ...nas.password, value: 'new secret' };
    const update = updateFromForm(form);
    expect(update.schedule).toEqual({ frequency: 'weekly', time: '03:30', weekday: 0 });
    expect(update.passphrase).toBeNull();
    expect(update.targets[0]).toMatchObject({ password: 'new secret' });
  });

  it('sends an emptied keep as a number the server refuses, never as a default', () => {
    const form = formFromSettings(settings());
    form.keep = '';
    expect(Number.isNaN(updateFromForm(form).keep)).toBe(true);
  });

  it('gives each new target an id no other target has', () => {
    const first = newTarget('folder', []);
    const second = newTarget('folder', [first]);
    expect(first).toEqual({ id: 'folder-1', kind: 'folder', path: 'backups' });
    expect(second.id).toBe('folder-2');
  });
});

describe('the failed-backup warning', () => {
  const failed = run({
    id: 'late',
    status: 'failed',
    targets: [
      { target: 'nas', status: 'failed', error: '连接被拒绝', verified: false },
      { target: 'r2', status: 'succeeded', error: null, verified: true },
    ],
  });
  const status = (fields: Partial<BackupStatus>): BackupStatus => ({
    running: null,
    failure: null,
    retry_at: null,
    last_success_at: null,
    next_run_at: null,
    ...fields,
  });

  it('warns of a failed run once its retry is over, naming each failed target', () => {
    expect(failureToWarnOf(status({ failure: failed }))?.id).toBe('late');
    expect(runFailureReason(failed)).toBe('nas：连接被拒绝');
  });

  it('says nothing while the retry is still to come, when all is well, or before the server says', () => {
    expect(failureToWarnOf(status({ failure: failed, retry_at: '2026-11-29T03:31:00.000Z' }))).toBeNull();
    expect(failureToWarnOf(status({}))).toBeNull();
    expect(failureToWarnOf(null)).toBeNull();
  });
});

describe('names and sizes', () => {
  it('asks a passphrase for age files only, and writes sizes for people', () => {
    expect(isEncryptedBackupName('folio-site-20261129T033000Z.tar.gz.age')).toBe(true);
    expect(isEncryptedBackupName('folio-site-20261129T033000Z.tar.gz')).toBe(false);
    expect(formatBackupSize(512)).toBe('512 B');
    expect(formatBackupSize(2048)).toBe('2.0 KB');
    expect(formatBackupSize(5 * 1024 ** 2)).toBe('5.0 MB');
    expect(formatBackupSize(null)).toBe('—');
  });
});
