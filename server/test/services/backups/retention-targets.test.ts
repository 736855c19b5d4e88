import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { ListObjectsV2Command, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backupName } from '@folio/shared';
import { applyRetention } from '../../../src/services/backups/backup-runner.js';
import type { BackupTarget } from '../../../src/services/backups/backup-target.js';
import { createTarget } from '../../../src/services/backups/create-target.js';
import type { StoredTargetSettings } from '../../../src/services/backups/create-target.js';
import { archiveFolder, writeArchive } from '../../support/backup-file-fixtures.js';
import { S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY, startS3Server } from '../../support/s3-server.js';
import type { S3Server } from '../../support/s3-server.js';
import { startWebdavServer, WEBDAV_PASSWORD, WEBDAV_USER } from '../../support/webdav-server.js';
import type { WebdavServer } from '../../support/webdav-server.js';

const BUCKET = 'folio-retention';
/** What the owner keeps beside the backups: never listed, never removed. */
const OWNER_FILES = ['notes.txt', 'folio-blog-2026.json.gz', 'folio-blog-example-com-latest.json.gz'];

const nameAt = (run: number) => backupName('blog-example-com', new Date(Date.UTC(2026, 10, 20 + run, 3, 30)), false);

interface Place {
  settings: StoredTargetSettings;
  /** Puts one of the owner's own files beside the backups. */
  putOwnerFile(name: string): Promise<void>;
  /** Every name stored there, backups and the owner's files alike. */
  names(): Promise<string[]>;
}

let dataParent: string;
let webdav: WebdavServer;
let s3: S3Server;
let archives: Awaited<ReturnType<typeof archiveFolder>>;

beforeAll(async () => {
  dataParent = await mkdtemp(path.join(os.tmpdir(), 'folio-retention-'));
  webdav = await startWebdavServer();
  s3 = await startS3Server([BUCKET]);
  archives = await archiveFolder();
});
afterAll(async () => {
  await webdav.stop();
  await s3.stop();
  await archives.cleanup();
  await rm(dataParent, { recursive: true, force: true });
});

const places: Record<'folder' | 'webdav' | 's3', () => Place> = {
  folder: () => {
    const folder = path.join(dataParent, 'backups');
    return {
      settings: { id: 'disk', kind: 'folder', path: 'backups' },
      putOwnerFile: async (name) => writeFile(path.join(folder, name), 'the owner’s'),
      names: async () => (await readdir(folder)).sort(),
    };
  },
  webdav: () => {
    const folder = path.join(webdav.root, 'site', 'backups');
    return {
      settings: {
        id: 'dav',
        kind: 'webdav',
        url: `${webdav.origin}/site/backups/`,
        username: WEBDAV_USER,
        password: WEBDAV_PASSWORD,
      },
      putOwnerFile: async (name) => writeFile(path.join(folder, name), 'the owner’s'),
      names: async () => (await readdir(folder)).sort(),
    };
  },
  s3: () => {
    const client = new S3Client({
      endpoint: s3.endpoint,
      region: 'us-east-1',
      forcePathStyle: true,
      credentials: { accessKeyId: S3_ACCESS_KEY_ID, secretAccessKey: S3_SECRET_ACCESS_KEY },
    });
    return {
      settings: {
        id: 'bucket',
        kind: 's3',
        endpoint: s3.endpoint,
        region: 'us-east-1',
        bucket: BUCKET,
        prefix: 'folio',
        access_key_id: S3_ACCESS_KEY_ID,
        secret_access_key: S3_SECRET_ACCESS_KEY,
        force_path_style: true,
      },
      putOwnerFile: async (name) => {
        await client.send(new PutObjectCommand({ Bucket: BUCKET, Key: `folio/${name}`, Body: 'the owner’s' }));
      },
      names: async () => {
        const page = await client.send(new ListObjectsV2Command({ Bucket: BUCKET, Prefix: 'folio/' }));
        return (page.Contents ?? []).map((object) => (object.Key ?? '').slice('folio/'.length)).sort();
      },
    };
  },
};

describe('retention at every kind of target', () => {
  it.each(['folder', 'webdav', 's3'] as const)(
    'five runs keeping 3 leave the newest 3 at a %s target and the owner’s files',
    async (kind) => {
      const place = places[kind]();
      const target: BackupTarget = createTarget(place.settings, { dataDir: path.join(dataParent, 'data') });
      const archive = await writeArchive(archives.dir, `${kind}.archive`, 256 * 1024);

      // Another Folio site backing up to the same place: older than every run here, yet never pruned by it.
      const otherSite = [1, 2, 3, 4].map((day) => backupName('other-example-org', new Date(Date.UTC(2026, 9, day)), false));
      for (const name of otherSite) await target.upload(name, archive.path, archive.size);
      for (let run = 1; run <= 5; run += 1) {
        await target.upload(nameAt(run), archive.path, archive.size);
        if (run === 1) for (const name of OWNER_FILES) await place.putOwnerFile(name);
        await applyRetention(target, 3, 'blog-example-com');
      }

      const kept = [nameAt(3), nameAt(4), nameAt(5)];
      expect((await target.list()).map((stored) => stored.name).sort()).toEqual([...otherSite, ...kept].sort());
      expect(await place.names()).toEqual([...OWNER_FILES, ...otherSite, ...kept].sort());
    },
  );
});
