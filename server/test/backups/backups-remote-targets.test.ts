import { readdir, readFile, writeFile, mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { GetObjectCommand, ListObjectsV2Command, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { BackupTargetMessages } from '@folio/shared';
import type { BackupRun, BackupSettingsUpdate, RemoteBackup } from '@folio/shared';
import type { EnvelopeBody } from '../../../tests/support/test-server.js';
import { digestStream } from '../support/backup-file-fixtures.js';
import { S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY, startS3Server } from '../support/s3-server.js';
import type { S3Server } from '../support/s3-server.js';
import { startWebdavServer, WEBDAV_PASSWORD, WEBDAV_USER } from '../support/webdav-server.js';
import type { WebdavServer } from '../support/webdav-server.js';
import { articleWithImages, listRuns, putSettings, runBackup, sha256, startBackupServer } from './backup-fixtures.js';
import type { BackupServer } from './backup-fixtures.js';

const BUCKET = 'folio-site';

let webdav: WebdavServer;
let s3: S3Server;
let backup: BackupServer | undefined;

beforeAll(async () => {
  webdav = await startWebdavServer();
  s3 = await startS3Server([BUCKET]);
});
afterAll(async () => {
  await webdav.stop();
  await s3.stop();
});
afterEach(async () => {
  await backup?.server.close();
  backup = undefined;
});

function ownerS3(): S3Client {
  return new S3Client({
    endpoint: s3.endpoint,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: { accessKeyId: S3_ACCESS_KEY_ID, secretAccessKey: S3_SECRET_ACCESS_KEY },
  });
}

/** A WebDAV target in `folder` on the rclone server and an S3 one under `prefix`, with these secrets. */
function remoteSettings(
  folder: string,
  prefix: string,
  secrets: { password?: string; accessKeyId?: string; secretKey?: string } = {},
  keep = 7,
): BackupSettingsUpdate {
  return {
    schedule: { frequency: 'off', time: '03:30' },
    keep,
    targets: [
      {
        id: 'dav',
        kind: 'webdav',
        url: `${webdav.origin}/${folder}/`,
        username: WEBDAV_USER,
        password: secrets.password ?? WEBDAV_PASSWORD,
      },
      {
        id: 'bucket',
        kind: 's3',
        endpoint: s3.endpoint,
        region: 'us-east-1',
        bucket: BUCKET,
        prefix,
        access_key_id: secrets.accessKeyId ?? S3_ACCESS_KEY_ID,
        secret_access_key: secrets.secretKey ?? S3_SECRET_ACCESS_KEY,
        force_path_style: true,
      },
    ],
  };
}

/**
 * A run, once the previous one has let go: the runner shows a run finished a moment before it
 * is free for the next (its work folder is still being removed).
 */
async function runWhenIdle(server: BackupServer): Promise<BackupRun> {
  for (;;) {
    const status = await server.api<EnvelopeBody>('GET', '/api/admin/backups/status', { token: server.token });
    if ((status.body.data as { running: unknown }).running === null) return runBackup(server);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

async function remoteNames(server: BackupServer, target: string): Promise<string[]> {
  const response = await server.api<EnvelopeBody>('GET', `/api/admin/backups/remote?target=${target}`, { token: server.token });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return (response.body.data as RemoteBackup[]).map((item) => item.name);
}

describe('backups to WebDAV and S3', () => {
  it('five runs with keep 3 leave the three newest, verified, at both, and the owner’s files untouched', async () => {
    backup = await startBackupServer({ seed: true });
    const davFolder = path.join(webdav.root, 'keep-three');
    await mkdir(davFolder, { recursive: true });
    await writeFile(path.join(davFolder, 'notes.txt'), 'my own file');
    const s3Client = ownerS3();
    await s3Client.send(new PutObjectCommand({ Bucket: BUCKET, Key: 'keep-three/notes.txt', Body: 'my own object' }));
    await putSettings(backup, remoteSettings('keep-three', 'keep-three', {}, 3));

    const runs: BackupRun[] = [];
    for (let index = 0; index < 5; index += 1) runs.push(await runWhenIdle(backup));
    for (const run of runs) {
      expect(run.status, JSON.stringify(run)).toBe('succeeded');
      expect(run.targets).toEqual([
        { target: 'dav', status: 'succeeded', error: null, verified: true },
        { target: 'bucket', status: 'succeeded', error: null, verified: true },
      ]);
    }
    const kept = runs.slice(2).map((run) => run.name as string);

    expect((await readdir(davFolder)).sort()).toEqual([...kept, 'notes.txt'].sort());
    expect(await readFile(path.join(davFolder, 'notes.txt'), 'utf8')).toBe('my own file');
    for (const run of runs.slice(2)) expect(await sha256(path.join(davFolder, run.name as string))).toBe(run.sha256);

    const objects = await s3Client.send(new ListObjectsV2Command({ Bucket: BUCKET, Prefix: 'keep-three/' }));
    expect((objects.Contents ?? []).map((object) => object.Key).sort()).toEqual(
      [...kept.map((name) => `keep-three/${name}`), 'keep-three/notes.txt'].sort(),
    );
    for (const run of runs.slice(2)) {
      const object = await s3Client.send(new GetObjectCommand({ Bucket: BUCKET, Key: `keep-three/${run.name}` }));
      expect((await digestStream(object.Body as Readable)).sha256).toBe(run.sha256);
    }

    expect((await remoteNames(backup, 'dav')).sort()).toEqual([...kept].sort());
    expect((await remoteNames(backup, 'bucket')).sort()).toEqual([...kept].sort());
  });

  it('restores a purged article from each of them', async () => {
    backup = await startBackupServer();
    await putSettings(backup, remoteSettings('restore', 'restore'));
    const article = await articleWithImages(backup, '从远端恢复');
    const run = await runBackup(backup);
    expect(run.status, JSON.stringify(run)).toBe('succeeded');

    for (const target of ['dav', 'bucket']) {
      expect((await backup.api('DELETE', `/api/admin/articles/${article.id}`, { token: backup.token })).status).toBe(200);
      expect((await backup.api('DELETE', `/api/admin/recycle-bin/${article.id}`, { token: backup.token })).status).toBe(200);
      const restored = await backup.api<EnvelopeBody>('POST', '/api/admin/backups/restore', {
        token: backup.token,
        json: { target, name: run.name },
      });
      expect(restored.status, JSON.stringify(restored.body)).toBe(200);
      const read = await backup.api<EnvelopeBody>('GET', `/api/admin/articles/${article.id}`, { token: backup.token });
      expect(read.body.data).toMatchObject({ title: '从远端恢复' });
    }
  });

  it('fails the run with the reason of each: a wrong WebDAV password, a wrong S3 key', async () => {
    backup = await startBackupServer({ backups: { retryDelayMs: 60_000 } });
    await putSettings(backup, remoteSettings('refused', 'refused', { password: 'not-the-password', accessKeyId: 'NOT-A-KEY' }));

    const run = await runBackup(backup);

    expect(run.status).toBe('failed');
    expect(run.targets).toEqual([
      { target: 'dav', status: 'failed', error: expect.stringContaining(BackupTargetMessages.webdavAuthFailed), verified: false },
      { target: 'bucket', status: 'failed', error: expect.stringContaining(BackupTargetMessages.s3KeyInvalid), verified: false },
    ]);
    expect((await listRuns(backup))[0]?.id).toBe(run.id);
    const objects = await ownerS3().send(new ListObjectsV2Command({ Bucket: BUCKET, Prefix: 'refused/' }));
    expect(objects.Contents ?? []).toEqual([]);
  });
});
