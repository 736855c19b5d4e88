import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { BackupRun } from '@folio/shared';
import type { EnvelopeBody } from '../../../tests/support/test-server.js';
import { snapshotDir } from '../fixtures/backup.js';
import {
  articleWithImages,
  besideData,
  folderSettings,
  putSettings,
  runBackup,
  sha256,
  startBackupServer,
} from './backup-fixtures.js';
import type { BackupServer } from './backup-fixtures.js';

const servers: BackupServer[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) await server.server.close();
});

async function backupFile(passphrase?: string): Promise<{ bytes: Buffer; files: string[]; hashes: string[]; id: number }> {
  const source = await startBackupServer();
  servers.push(source);
  await putSettings(source, { ...folderSettings('backups'), ...(passphrase && { passphrase }) });
  const article = await articleWithImages(source, '从文件恢复');
  const uploads = path.join(source.server.dataDir, 'uploads');
  const hashes = await Promise.all(article.files.map((file) => sha256(path.join(uploads, file))));
  const run = await runBackup(source);
  const bytes = await readFile(path.join(besideData(source.server.dataDir, 'backups'), run.name as string));
  return { bytes, files: article.files, hashes, id: article.id };
}

describe('a backup file sent to POST /api/admin/import', () => {
  it('restores a .json.gz as it was stored, after a safety backup of the site it replaces', async () => {
    const { bytes, files, hashes, id } = await backupFile();
    const target = await startBackupServer();
    servers.push(target);
    const response = await target.api<EnvelopeBody>('POST', '/api/admin/import', {
      token: target.token,
      headers: { 'Content-Type': 'application/gzip' },
      body: new Uint8Array(bytes),
    });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect((await target.api('GET', `/api/admin/articles/${id}`, { token: target.token })).status).toBe(200);
    const uploads = path.join(target.server.dataDir, 'uploads');
    expect(await Promise.all(files.map((file) => sha256(path.join(uploads, file))))).toEqual(hashes);
    const runs = await target.api<EnvelopeBody>('GET', '/api/admin/backups', { token: target.token });
    expect((runs.body.data as BackupRun[]).find((run) => run.trigger === 'safety')).toMatchObject({
      status: 'succeeded',
      targets: [{ target: 'safety', status: 'succeeded', verified: true }],
    });
  });

  it('restores a .json.gz.age with the passphrase header, and refuses a wrong one changing nothing', async () => {
    const { bytes, id } = await backupFile('口令 with spaces 123');
    const target = await startBackupServer();
    servers.push(target);
    const before = await snapshotDir(target.server.dataDir);
    const wrong = await target.api<EnvelopeBody>('POST', '/api/admin/import', {
      token: target.token,
      headers: { 'Content-Type': 'application/octet-stream', 'X-Folio-Passphrase': encodeURIComponent('不对的口令') },
      body: new Uint8Array(bytes),
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.msg).toBe('口令不对，或者备份文件已损坏：没有做任何更改');
    expect(await snapshotDir(target.server.dataDir)).toEqual(before);
    // Refused before the safety backup: not even that was made.
    const runs = await target.api<EnvelopeBody>('GET', '/api/admin/backups', { token: target.token });
    expect(runs.body.data).toEqual([]);

    const right = await target.api<EnvelopeBody>('POST', '/api/admin/import', {
      token: target.token,
      headers: { 'Content-Type': 'application/octet-stream', 'X-Folio-Passphrase': encodeURIComponent('口令 with spaces 123') },
      body: new Uint8Array(bytes),
    });
    expect(right.status, JSON.stringify(right.body)).toBe(200);
    expect((await target.api('GET', `/api/admin/articles/${id}`, { token: target.token })).status).toBe(200);
  }, 60_000);
});
