import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { BackupStatus } from '@folio/shared';
import type { EnvelopeBody } from '../../../tests/support/test-server.js';
import { mailConfig, OWNER_EMAIL } from '../mail/mail-fixtures.js';
import { startSmtpSink } from '../mail/smtp-sink.js';
import type { SmtpSink } from '../mail/smtp-sink.js';
import { besideData, folderSettings, putSettings, runBackup, startBackupServer, waitForRun } from './backup-fixtures.js';
import type { BackupServer } from './backup-fixtures.js';

let backup: BackupServer | undefined;
let sink: SmtpSink | undefined;
afterEach(async () => {
  await backup?.server.close();
  await sink?.close();
  backup = undefined;
  sink = undefined;
});

describe('a target that refuses', () => {
  it('marks the run failed, retries it, then mails the owner and shows the failure', async () => {
    sink = await startSmtpSink();
    backup = await startBackupServer({
      config: { mail: mailConfig(sink.port), publicUrl: 'https://blog.example.com' },
      backups: { retryDelayMs: 200 },
    });
    // The folder's path is a file: nothing can be written there.
    const blocked = besideData(backup.server.dataDir, 'blocked');
    await writeFile(blocked, 'a file, not a folder');
    await putSettings(backup, folderSettings('blocked'));

    const run = await runBackup(backup);
    expect(run).toMatchObject({ status: 'failed', trigger: 'manual' });
    expect(run.targets[0]).toMatchObject({ target: 'disk', status: 'failed', verified: false });
    expect(run.targets[0]?.error).toContain('不是文件夹');

    const retry = await waitForRun(backup, (item) => item.trigger === 'retry' && item.status !== 'running');
    expect(retry).toMatchObject({ status: 'failed', targets: [{ target: 'disk', status: 'failed' }] });

    const [mail] = await sink.waitForMails(1);
    expect(mail?.to).toMatchObject({ text: OWNER_EMAIL });
    expect(mail?.subject).toBe('[blog.example.com] 备份失败');
    expect(mail?.text).toContain('disk');
    expect(mail?.text).toContain('不是文件夹');

    const status = await backup.api<EnvelopeBody>('GET', '/api/admin/backups/status', { token: backup.token });
    expect((status.body.data as BackupStatus).failure).toMatchObject({ id: retry.id, status: 'failed' });
  });

  it('clears the failure once a retry succeeds, and sends no mail', async () => {
    sink = await startSmtpSink();
    backup = await startBackupServer({ config: { mail: mailConfig(sink.port) }, backups: { retryDelayMs: 4000 } });
    const blocked = besideData(backup.server.dataDir, 'later');
    await writeFile(blocked, 'in the way for now');
    await putSettings(backup, folderSettings('later'));
    const run = await runBackup(backup);
    expect(run.status).toBe('failed');
    const failing = await backup.api<EnvelopeBody>('GET', '/api/admin/backups/status', { token: backup.token });
    expect((failing.body.data as BackupStatus).retry_at).not.toBeNull();

    // The owner fixes the target before the retry comes.
    await rm(blocked);
    await mkdir(blocked);
    const retry = await waitForRun(backup, (item) => item.trigger === 'retry' && item.status !== 'running');
    expect(retry.status).toBe('succeeded');
    const status = await backup.api<EnvelopeBody>('GET', '/api/admin/backups/status', { token: backup.token });
    expect(status.body.data).toMatchObject({ failure: null, retry_at: null });
    expect(sink.mails).toEqual([]);
  });

  it('fails a run whose snapshot cannot be held in the data directory, answering 202 as any run', async () => {
    backup = await startBackupServer({ backups: { retryDelayMs: 60_000 } });
    await putSettings(backup, folderSettings('backups'));
    // The run's work folder cannot be made: a file stands where it goes.
    await writeFile(path.join(backup.server.dataDir, 'backup-tmp'), 'in the way');
    const run = await runBackup(backup);
    expect(run.status).toBe('failed');
    expect(run.targets[0]?.error).toMatch(/^生成备份文件失败：/);
  });

  it('fails a run whose target throws, and says no targets when none is set', async () => {
    backup = await startBackupServer({
      backups: {
        retryDelayMs: 60_000,
        createTarget: (settings) => ({
          id: settings.id,
          upload: () => Promise.reject(new Error('403 Forbidden: bad key')),
          download: () => Promise.reject(new Error('unreachable')),
          list: () => Promise.resolve([]),
          remove: () => Promise.resolve(),
        }),
      },
    });
    const none = await backup.api<EnvelopeBody>('POST', '/api/admin/backups/run', { token: backup.token });
    expect(none.status).toBe(400);
    expect(none.body.msg).toBe('还没有设置备份目标，请先在备份设置里添加一个');
    await putSettings(backup, folderSettings('anywhere'));
    const run = await runBackup(backup);
    expect(run.targets[0]).toMatchObject({ status: 'failed', error: '上传失败：403 Forbidden: bad key' });
  });
});
