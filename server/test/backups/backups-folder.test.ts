import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import type { BackupRun, BackupSettings, RemoteBackup } from '@folio/shared';
import type { EnvelopeBody } from '../../../tests/support/test-server.js';
import { snapshotDir } from '../fixtures/backup.js';
import {
  articleWithImages,
  besideData,
  folderSettings,
  listRuns,
  putSettings,
  runBackup,
  sha256,
  startBackupServer,
} from './backup-fixtures.js';
import type { BackupServer } from './backup-fixtures.js';

let backup: BackupServer | undefined;
afterEach(async () => {
  await backup?.server.close();
  backup = undefined;
});

describe('backup settings', () => {
  it('start off, in the server time zone, with no next run', async () => {
    backup = await startBackupServer();
    const response = await backup.api<EnvelopeBody>('GET', '/api/admin/settings/backups', { token: backup.token });
    expect(response.status).toBe(200);
    expect(response.body.data).toEqual({
      schedule: { frequency: 'off', time: '03:30' },
      keep: 7,
      targets: [],
      passphrase: { set: false },
      time_zone: Intl.DateTimeFormat().resolvedOptions().timeZone,
      next_run_at: null,
    });
    expect((await backup.api('GET', '/api/admin/settings/backups')).status).toBe(401);
  });

  it('keep secrets write-only: shown as set, kept when left out, cleared by null, never exported', async () => {
    backup = await startBackupServer();
    const webdav = { id: 'nas', kind: 'webdav' as const, url: 'https://dav.example.com/folio', username: 'me' };
    const saved = await putSettings(backup, {
      schedule: { frequency: 'daily', time: '04:15' },
      keep: 5,
      targets: [{ ...webdav, password: 'dav-secret-value' }],
      passphrase: 'a long passphrase',
    });
    const data = saved.data as BackupSettings;
    expect(data.targets).toEqual([{ ...webdav, password: { set: true } }]);
    expect(data.passphrase).toEqual({ set: true });
    expect(data.next_run_at).toMatch(/T04:15:00\.000Z$/);
    expect(JSON.stringify(saved)).not.toContain('dav-secret-value');

    await putSettings(backup, {
      schedule: { frequency: 'off', time: '04:15' },
      keep: 5,
      targets: [{ ...webdav, password: undefined }],
    });
    let read = (await backup.api<EnvelopeBody>('GET', '/api/admin/settings/backups', { token: backup.token })).body
      .data as BackupSettings;
    expect(read.targets[0]).toMatchObject({ password: { set: true } });
    expect(read.passphrase).toEqual({ set: true });

    const exported = await backup.api('GET', '/api/admin/export', { token: backup.token });
    expect(JSON.stringify(exported.body)).not.toContain('dav-secret-value');
    expect(JSON.stringify(exported.body)).not.toContain('a long passphrase');

    await putSettings(backup, {
      schedule: { frequency: 'off', time: '04:15' },
      keep: 5,
      targets: [{ ...webdav, password: null }],
      passphrase: null,
    });
    read = (await backup.api<EnvelopeBody>('GET', '/api/admin/settings/backups', { token: backup.token })).body
      .data as BackupSettings;
    expect(read.targets[0]).toMatchObject({ password: { set: false } });
    expect(read.passphrase).toEqual({ set: false });
  });

  it('refuse a bad time or keep with a Chinese message, changing nothing', async () => {
    backup = await startBackupServer();
    const response = await backup.api<EnvelopeBody>('PUT', '/api/admin/settings/backups', {
      token: backup.token,
      json: { ...folderSettings('backups'), schedule: { frequency: 'daily', time: '25:00' }, keep: 0 },
    });
    expect(response.status).toBe(400);
    expect(JSON.stringify(response.body)).toContain('HH:MM');
    const read = (await backup.api<EnvelopeBody>('GET', '/api/admin/settings/backups', { token: backup.token })).body
      .data as BackupSettings;
    expect(read.targets).toEqual([]);
  });
});

describe('runs to a folder', () => {
  it('five runs with keep 3 leave exactly the three newest, verified, and an unrelated file untouched', async () => {
    backup = await startBackupServer({ seed: true });
    const folder = besideData(backup.server.dataDir, 'backups');
    await mkdir(folder, { recursive: true });
    await writeFile(path.join(folder, 'notes.txt'), 'my own file');
    await writeFile(path.join(folder, 'folio-old-export.json'), '{}');
    await putSettings(backup, folderSettings('backups', { keep: 3 }));

    const runs: BackupRun[] = [];
    for (let index = 0; index < 5; index += 1) runs.push(await runBackup(backup));
    for (const run of runs) {
      expect(run).toMatchObject({ status: 'succeeded', trigger: 'manual', encrypted: false });
      expect(run.targets).toEqual([{ target: 'disk', status: 'succeeded', error: null, verified: true }]);
      expect(run.name).toMatch(/^folio-site-\d{8}T\d{6}\.\d{3}Z\.json\.gz$/);
    }
    const kept = runs.slice(2).map((run) => run.name as string);
    expect((await readdir(folder)).sort()).toEqual([...kept, 'folio-old-export.json', 'notes.txt'].sort());
    expect(await readFile(path.join(folder, 'notes.txt'), 'utf8')).toBe('my own file');
    for (const run of runs.slice(2)) expect(await sha256(path.join(folder, run.name as string))).toBe(run.sha256);

    const listed = (await listRuns(backup)).map((run) => run.id);
    expect(listed).toEqual(runs.map((run) => run.id).reverse());
    const remote = await backup.api<EnvelopeBody>('GET', '/api/admin/backups/remote?target=disk', { token: backup.token });
    expect((remote.body.data as RemoteBackup[]).map((item) => item.name)).toEqual([...kept].reverse());

    // The archive is the site export (server/API.md §14), gzip-compressed.
    const archive = JSON.parse(gunzipSync(await readFile(path.join(folder, kept[2] as string))).toString('utf8')) as EnvelopeBody;
    expect(archive.data).toMatchObject({ format: 'portfolio-backup', version: 2 });
  });

  it('bring a purged article, its comment and its images back byte-identical', async () => {
    backup = await startBackupServer();
    await putSettings(backup, folderSettings('backups'));
    const article = await articleWithImages(backup, '将被清除');
    const uploads = path.join(backup.server.dataDir, 'uploads');
    const before = Object.fromEntries(
      await Promise.all(article.files.map(async (file) => [file, await sha256(path.join(uploads, file))])),
    );
    const run = await runBackup(backup);
    expect(run.status).toBe('succeeded');

    expect((await backup.api('DELETE', `/api/admin/articles/${article.id}`, { token: backup.token })).status).toBe(200);
    expect((await backup.api('DELETE', `/api/admin/recycle-bin/${article.id}`, { token: backup.token })).status).toBe(200);
    expect((await backup.api('GET', `/api/admin/articles/${article.id}`, { token: backup.token })).status).toBe(404);
    // The purge leaves its images to the start-up sweep; they are lost here as they would be then.
    for (const file of article.files) await rm(path.join(uploads, file));

    const restored = await backup.api<EnvelopeBody>('POST', '/api/admin/backups/restore', {
      token: backup.token,
      json: { target: 'disk', name: run.name },
    });
    expect(restored.status, JSON.stringify(restored.body)).toBe(200);
    expect(restored.body.msg).toBe('已从备份恢复');
    const read = await backup.api<EnvelopeBody>('GET', `/api/admin/articles/${article.id}`, { token: backup.token });
    expect(read.status).toBe(200);
    expect(read.body.data).toMatchObject({ title: '将被清除' });
    for (const file of article.files) expect(await sha256(path.join(uploads, file))).toBe(before[file]);
    const comments = await backup.api<EnvelopeBody>('GET', `/api/articles/${article.id}/comments`);
    expect(JSON.stringify(comments.body)).toContain('评论 将被清除');
    // A safety backup of the site as it was came first.
    const safety = (await listRuns(backup)).find((item) => item.trigger === 'safety');
    expect(safety).toMatchObject({ status: 'succeeded', targets: [{ target: 'safety', status: 'succeeded', verified: true }] });
  });
});

describe('encrypted backups', () => {
  it('cannot be read without the passphrase, refuse a wrong one changing nothing, and restore with it', async () => {
    backup = await startBackupServer();
    await putSettings(backup, { ...folderSettings('backups'), passphrase: 'correct horse battery' });
    const article = await articleWithImages(backup, '加密的文章');
    const run = await runBackup(backup);
    expect(run).toMatchObject({ status: 'succeeded', encrypted: true });
    expect(run.name).toMatch(/\.json\.gz\.age$/);
    const file = await readFile(path.join(besideData(backup.server.dataDir, 'backups'), run.name as string));
    expect(file.subarray(0, 21).toString()).toBe('age-encryption.org/v1');
    expect(file.toString('latin1')).not.toContain('加密的文章');
    expect(() => gunzipSync(file)).toThrow();

    expect((await backup.api('DELETE', `/api/admin/articles/${article.id}`, { token: backup.token })).status).toBe(200);
    expect((await backup.api('DELETE', `/api/admin/recycle-bin/${article.id}`, { token: backup.token })).status).toBe(200);
    const before = await snapshotDir(backup.server.dataDir);

    const missing = await backup.api<EnvelopeBody>('POST', '/api/admin/backups/restore', {
      token: backup.token,
      json: { target: 'disk', name: run.name },
    });
    expect(missing.status).toBe(400);
    expect(missing.body.msg).toBe('这份备份已加密，请输入口令');
    const wrong = await backup.api<EnvelopeBody>('POST', '/api/admin/backups/restore', {
      token: backup.token,
      json: { target: 'disk', name: run.name, passphrase: 'wrong horse battery' },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.msg).toBe('口令不对，或者备份文件已损坏：没有做任何更改');
    expect(await snapshotDir(backup.server.dataDir)).toEqual(before);
    expect((await backup.api('GET', `/api/admin/articles/${article.id}`, { token: backup.token })).status).toBe(404);

    const restored = await backup.api<EnvelopeBody>('POST', '/api/admin/backups/restore', {
      token: backup.token,
      json: { target: 'disk', name: run.name, passphrase: 'correct horse battery' },
    });
    expect(restored.status, JSON.stringify(restored.body)).toBe(200);
    expect((await backup.api('GET', `/api/admin/articles/${article.id}`, { token: backup.token })).status).toBe(200);
    // Five keys derived at age's own work factor (2^18), each a second or more on a busy machine.
  }, 90_000);

  it('refuse a damaged archive with a 400, changing nothing', async () => {
    backup = await startBackupServer();
    await putSettings(backup, folderSettings('backups'));
    const run = await runBackup(backup);
    const file = path.join(besideData(backup.server.dataDir, 'backups'), run.name as string);
    const bytes = await readFile(file);
    await writeFile(file, bytes.subarray(0, Math.floor(bytes.length / 2)));
    const before = await snapshotDir(backup.server.dataDir);
    const response = await backup.api<EnvelopeBody>('POST', '/api/admin/backups/restore', {
      token: backup.token,
      json: { target: 'disk', name: run.name },
    });
    expect(response.status).toBe(400);
    expect(response.body.msg).toBe('备份文件已损坏或不完整，无法读取：没有做任何更改');
    expect(await snapshotDir(backup.server.dataDir)).toEqual(before);
  });
});
