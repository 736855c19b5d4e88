import { GetObjectCommand, ListObjectsV2Command, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { BackupTargetMessages as M } from '@folio/shared';
import type { S3TargetSettings } from '@folio/shared';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { backupName } from '@folio/shared';
import { BackupTargetError } from '../../../src/services/backups/backup-target-error.js';
import { S3Target } from '../../../src/services/backups/s3-target.js';
import { archiveFolder, closedPort, digestStream, silentServer, writeArchive } from '../../support/backup-file-fixtures.js';
import { S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY, startS3Server } from '../../support/s3-server.js';
import type { S3Server } from '../../support/s3-server.js';

const MB = 1024 * 1024;
const BUCKET = 'folio-backups';

const nameAt = (minute: number) => backupName('blog-example-com', new Date(Date.UTC(2026, 10, 29, 3, minute)), false);

let server: S3Server;
let archives: Awaited<ReturnType<typeof archiveFolder>>;
/** Each test its own prefix, so listings never see another test's objects. */
let prefix: string;

function settings(overrides: Partial<S3TargetSettings<string | null>> = {}): S3TargetSettings<string | null> {
  return {
    id: 's3',
    kind: 's3',
    endpoint: server.endpoint,
    region: 'us-east-1',
    bucket: BUCKET,
    prefix,
    access_key_id: S3_ACCESS_KEY_ID,
    secret_access_key: S3_SECRET_ACCESS_KEY,
    force_path_style: true,
    ...overrides,
  };
}

/** A plain client for what the owner's other tools put in the bucket, and to look at it. */
function ownerClient(): S3Client {
  return new S3Client({
    endpoint: server.endpoint,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: { accessKeyId: S3_ACCESS_KEY_ID, secretAccessKey: S3_SECRET_ACCESS_KEY },
  });
}

/** The keys this test put in the bucket (they all hold its prefix). */
async function keysInBucket(): Promise<string[]> {
  const page = await ownerClient().send(new ListObjectsV2Command({ Bucket: BUCKET }));
  return (page.Contents ?? [])
    .map((object) => object.Key ?? '')
    .filter((key) => key.includes(prefix))
    .sort();
}

beforeAll(async () => {
  server = await startS3Server([BUCKET]);
});
afterAll(async () => {
  await server.stop();
});
beforeEach(async (context) => {
  archives = await archiveFolder();
  prefix = `sites/${context.task.id}/`;
});
afterEach(async () => {
  await archives.cleanup();
});

describe('S3 backup target', () => {
  it('uploads a multi-MB archive in parts and reads it back byte-identical', async () => {
    const archive = await writeArchive(archives.dir, 'archive', 12 * MB + 321);
    const target = new S3Target(settings());
    const name = nameAt(30);

    await target.upload(name, archive.path, archive.size);

    expect(await keysInBucket()).toEqual([prefix + name]);
    expect(await digestStream(await target.download(name))).toEqual({ sha256: archive.sha256, size: archive.size });
    expect(await target.list()).toEqual([{ name, size: archive.size, modifiedAt: expect.any(String) }]);
  });

  it('reads a prefix written without its slash as the same folder', async () => {
    const archive = await writeArchive(archives.dir, 'archive', 1024);
    await new S3Target(settings({ prefix: `/${prefix.slice(0, -1)}` })).upload(nameAt(1), archive.path, archive.size);
    expect(await keysInBucket()).toEqual([prefix + nameAt(1)]);
  });

  it("lists only Folio's backups under its prefix and never removes another object", async () => {
    const target = new S3Target(settings());
    const archive = await writeArchive(archives.dir, 'archive', 64 * 1024);
    await target.upload(nameAt(1), archive.path, archive.size);
    await target.upload(nameAt(2), archive.path, archive.size);
    const others = [
      `${prefix}notes.txt`,
      `${prefix}folio-blog-2026.json.gz`,
      `${prefix}older/${nameAt(3)}`,
      `elsewhere-${prefix}${nameAt(4)}`,
    ];
    const owner = ownerClient();
    for (const key of others) await owner.send(new PutObjectCommand({ Bucket: BUCKET, Key: key, Body: 'the owner’s own file' }));

    expect((await target.list()).map((backup) => backup.name).sort()).toEqual([nameAt(1), nameAt(2)]);
    for (const other of ['notes.txt', 'folio-blog-2026.json.gz', `older/${nameAt(3)}`]) {
      await expect(target.remove(other)).rejects.toThrow(M.notFolioBackup(other));
    }
    await target.remove(nameAt(1));

    expect(await keysInBucket()).toEqual([...others, prefix + nameAt(2)].sort());
    const kept = await owner.send(new GetObjectCommand({ Bucket: BUCKET, Key: `${prefix}notes.txt` }));
    expect(await kept.Body?.transformToString()).toBe('the owner’s own file');
  });

  it('refuses to upload under a name that is not a Folio backup', async () => {
    const archive = await writeArchive(archives.dir, 'archive', 1024);
    await expect(new S3Target(settings()).upload('notes.txt', archive.path, archive.size)).rejects.toThrow(
      M.notFolioBackup('notes.txt'),
    );
    expect(await keysInBucket()).toEqual([]);
  });

  it('leaves no object under the name when the archive stream breaks off midway', async () => {
    // 12 MB of the 14 MB promised: two parts go up, then the stream errors.
    const archive = await writeArchive(archives.dir, 'archive', 12 * MB);
    const target = new S3Target(settings());

    await expect(target.upload(nameAt(5), archive.path, 14 * MB)).rejects.toThrow(M.sourceChanged);

    expect(await keysInBucket()).toEqual([]);
    expect(await target.list()).toEqual([]);
  });

  it('leaves no object when a small archive is shorter than promised (a single PUT)', async () => {
    const archive = await writeArchive(archives.dir, 'archive', 1 * MB);
    await expect(new S3Target(settings()).upload(nameAt(6), archive.path, 2 * MB)).rejects.toThrow(M.sourceChanged);
    expect(await keysInBucket()).toEqual([]);
  });

  it('says 密钥错误 for a key the storage does not know, and nothing is written', async () => {
    const archive = await writeArchive(archives.dir, 'archive', 1024);
    const target = new S3Target(settings({ access_key_id: 'NOT-A-KEY', secret_access_key: 'not-the-secret' }));

    await expect(target.upload(nameAt(7), archive.path, archive.size)).rejects.toThrow(M.s3KeyInvalid);
    await expect(target.list()).rejects.toThrow(M.s3KeyInvalid);
    expect(await keysInBucket()).toEqual([]);
  });

  it('never puts the secret key in its error', async () => {
    const secret = 'a-secret-that-must-stay-put';
    const failure = await new S3Target(settings({ access_key_id: 'NOT-A-KEY', secret_access_key: secret }))
      .list()
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(BackupTargetError);
    expect(JSON.stringify(failure, Object.getOwnPropertyNames(failure))).not.toContain(secret);
  });

  it('names a bucket that does not exist', async () => {
    const target = new S3Target(settings({ bucket: 'no-such-bucket' }));
    await expect(target.list()).rejects.toThrow(M.s3NoSuchBucket('no-such-bucket'));
  });

  it('says 找不到 for a backup that is not there, with status 404', async () => {
    const failure = await new S3Target(settings()).download(nameAt(8)).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(BackupTargetError);
    expect(failure).toMatchObject({ message: M.backupNotFound(nameAt(8)), status: 404 });
  });

  it('says 连接被拒绝 at once when the storage is down', async () => {
    const archive = await writeArchive(archives.dir, 'archive', 1024);
    const port = await closedPort();
    // The default timeouts (30 s) outlast the test's own: only a prompt refusal passes.
    const target = new S3Target(settings({ endpoint: `http://127.0.0.1:${port}` }));

    await expect(target.upload(nameAt(9), archive.path, archive.size)).rejects.toThrow(M.connectionRefused(`127.0.0.1:${port}`));
    await expect(target.list()).rejects.toThrow(M.connectionRefused(`127.0.0.1:${port}`));
  });

  it('says 超时 when the storage accepts the connection and never answers', async () => {
    const silent = await silentServer();
    try {
      const target = new S3Target(settings({ endpoint: `http://127.0.0.1:${silent.port}` }), { idleTimeoutMs: 300 });
      await expect(target.list()).rejects.toThrow(M.timedOut(`127.0.0.1:${silent.port}`));
    } finally {
      await silent.stop();
    }
  });
});
