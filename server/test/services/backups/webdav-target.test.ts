import { existsSync } from 'node:fs';
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { BackupTargetMessages as M } from '@folio/shared';
import type { WebdavTargetSettings } from '@folio/shared';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { backupName } from '@folio/shared';
import { BackupTargetError } from '../../../src/services/backups/backup-target-error.js';
import { WebdavTarget } from '../../../src/services/backups/webdav-target.js';
import { archiveFolder, closedPort, digestStream, silentServer, writeArchive } from '../../support/backup-file-fixtures.js';
import { startWebdavServer, WEBDAV_PASSWORD, WEBDAV_USER } from '../../support/webdav-server.js';
import type { WebdavServer } from '../../support/webdav-server.js';

const MB = 1024 * 1024;
/** The folder in the target's URL, two levels deep and with a space, that no one created. */
const FOLDER = ['nested', 'folio backups'];

const nameAt = (minute: number) => backupName('blog-example-com', new Date(Date.UTC(2026, 10, 29, 3, minute)), false);

/** The folder's entries with their sizes once two looks 200 ms apart agree: the server has stopped writing. */
async function settledFolder(folder: string): Promise<string[]> {
  const look = async () => {
    const names = (await readdir(folder)).sort();
    const sizes = await Promise.all(names.map(async (name) => (await stat(path.join(folder, name))).size));
    return JSON.stringify([names, sizes]);
  };
  let previous = await look();
  for (let attempt = 0; attempt < 25; attempt += 1) {
    await new Promise((resolve) => setTimeout(resolve, 200));
    const current = await look();
    if (current === previous) return (JSON.parse(current) as [string[], number[]])[0];
    previous = current;
  }
  throw new Error(`the WebDAV server kept writing into ${folder}`);
}

function settings(url: string, password: string | null = WEBDAV_PASSWORD): WebdavTargetSettings<string | null> {
  return { id: 'dav', kind: 'webdav', url, username: WEBDAV_USER, password };
}

let server: WebdavServer;
let archives: Awaited<ReturnType<typeof archiveFolder>>;
let url: string;
let folderOnDisk: string;

beforeAll(async () => {
  server = await startWebdavServer();
});
afterAll(async () => {
  await server.stop();
});
beforeEach(async (context) => {
  archives = await archiveFolder();
  // Each test its own folder on the server, so listings never see another test's files.
  const folder = [...FOLDER, context.task.id];
  url = `${server.origin}/${folder.map(encodeURIComponent).join('/')}/`;
  folderOnDisk = path.join(server.root, ...folder);
});
afterEach(async () => {
  await archives.cleanup();
});

describe('WebDAV backup target', () => {
  it('uploads a multi-MB archive into a folder it creates and reads it back byte-identical', async () => {
    const archive = await writeArchive(archives.dir, 'archive', 12 * MB + 123);
    const target = new WebdavTarget(settings(url));
    const name = nameAt(30);

    await target.upload(name, archive.path, archive.size);

    expect(await readdir(folderOnDisk)).toEqual([name]);
    expect(await digestStream(await target.download(name))).toEqual({ sha256: archive.sha256, size: archive.size });
    expect(await target.list()).toEqual([{ name, size: archive.size, modifiedAt: expect.any(String) }]);
  });

  it("lists only Folio's backups and never removes another file", async () => {
    const target = new WebdavTarget(settings(url));
    const archive = await writeArchive(archives.dir, 'archive', 64 * 1024);
    await target.upload(nameAt(1), archive.path, archive.size);
    await target.upload(nameAt(2), archive.path, archive.size);
    const others = ['notes.txt', 'folio-blog-2026.json.gz', `${nameAt(3)}.bak`, `.${nameAt(4)}.partial.keep`];
    for (const other of others) await writeFile(path.join(folderOnDisk, other), 'the owner’s own file');

    const listed = await target.list();
    expect(listed.map((backup) => backup.name).sort()).toEqual([nameAt(1), nameAt(2)]);

    for (const other of others) {
      await expect(target.remove(other)).rejects.toThrow(M.notFolioBackup(other));
    }
    await target.remove(nameAt(1));
    expect((await readdir(folderOnDisk)).sort()).toEqual([...others, nameAt(2)].sort());
    for (const other of others) expect(await readFile(path.join(folderOnDisk, other), 'utf8')).toBe('the owner’s own file');
  });

  it('refuses to upload under a name that is not a Folio backup', async () => {
    const archive = await writeArchive(archives.dir, 'archive', 1024);
    const target = new WebdavTarget(settings(url));
    await expect(target.upload('notes.txt', archive.path, archive.size)).rejects.toThrow(M.notFolioBackup('notes.txt'));
    expect(existsSync(path.join(folderOnDisk, 'notes.txt'))).toBe(false);
  });

  it('leaves nothing under the name when the archive stream breaks off midway, and the leftover is swept', async () => {
    // The file holds 6 MB of the 9 MB promised: the stream errors after sending 6 MB.
    const archive = await writeArchive(archives.dir, 'archive', 6 * MB);
    const target = new WebdavTarget(settings(url));
    const name = nameAt(5);

    await expect(target.upload(name, archive.path, 9 * MB)).rejects.toThrow(M.sourceChanged);
    // rclone may still be writing what it received when the upload gives up: look once it is done.
    const left = await settledFolder(folderOnDisk);

    expect(left).not.toContain(name);
    expect(await target.list()).toEqual([]);
    await target.sweepPartials();
    expect(await readdir(folderOnDisk)).toEqual([]);
  });

  it("removes, on the next upload, what a killed upload of the same site left, and no one else's", async () => {
    const target = new WebdavTarget(settings(url));
    const archive = await writeArchive(archives.dir, 'archive', 1024);
    await target.upload(nameAt(20), archive.path, archive.size);
    const otherSite = backupName('another-blog', new Date(Date.UTC(2026, 10, 29, 3, 21)), false);
    const kept = [`.${otherSite}.partial`, `.${nameAt(23)}.partial`, 'notes.partial'];
    for (const file of [`.${nameAt(21)}.partial`, ...kept]) await writeFile(path.join(folderOnDisk, file), 'half an archive');

    await target.upload(nameAt(22), archive.path, archive.size);

    expect((await readdir(folderOnDisk)).sort()).toEqual([...kept, nameAt(20), nameAt(22)].sort());
  });

  it('says 认证失败 for a wrong password, and nothing is written', async () => {
    const archive = await writeArchive(archives.dir, 'archive', 1024);
    const target = new WebdavTarget(settings(url, 'not-the-password'));

    await expect(target.upload(nameAt(6), archive.path, archive.size)).rejects.toThrow(M.webdavAuthFailed);
    await expect(target.list()).rejects.toThrow(M.webdavAuthFailed);
    expect(existsSync(folderOnDisk)).toBe(false);
  });

  it('says 找不到 for a backup that is not there, with status 404', async () => {
    const archive = await writeArchive(archives.dir, 'archive', 1024);
    const target = new WebdavTarget(settings(url));
    await target.upload(nameAt(7), archive.path, archive.size);

    const failure = await target.download(nameAt(8)).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(BackupTargetError);
    expect(failure).toMatchObject({ message: M.backupNotFound(nameAt(8)), status: 404 });
  });

  it('says 连接被拒绝 at once when the server is down', async () => {
    const archive = await writeArchive(archives.dir, 'archive', 1024);
    const port = await closedPort();
    // The default watchdog (30 s) outlasts the test's own timeout: only a prompt refusal passes.
    const target = new WebdavTarget(settings(`http://127.0.0.1:${port}/backups/`));

    await expect(target.upload(nameAt(9), archive.path, archive.size)).rejects.toThrow(M.connectionRefused(`127.0.0.1:${port}`));
    await expect(target.list()).rejects.toThrow(M.connectionRefused(`127.0.0.1:${port}`));
  });

  it('says 超时 when the server accepts the connection and never answers', async () => {
    const archive = await writeArchive(archives.dir, 'archive', 1024);
    const silent = await silentServer();
    try {
      const target = new WebdavTarget(settings(`http://127.0.0.1:${silent.port}/backups/`), { idleTimeoutMs: 300 });
      await expect(target.upload(nameAt(10), archive.path, archive.size)).rejects.toThrow(M.timedOut(`127.0.0.1:${silent.port}`));
    } finally {
      await silent.stop();
    }
  });

  it('says 空间不足 when the server answers 507 Insufficient Storage', async () => {
    const archive = await writeArchive(archives.dir, 'archive', 1024);
    const full = http.createServer((request, response) => {
      request.resume();
      request.on('end', () => response.writeHead(507).end());
    });
    await new Promise<void>((resolve) => full.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = full.address() as AddressInfo;
      const target = new WebdavTarget(settings(`http://127.0.0.1:${port}/backups/`));
      await expect(target.upload(nameAt(11), archive.path, archive.size)).rejects.toThrow(M.webdavInsufficientStorage);
    } finally {
      await new Promise<void>((resolve) => full.close(() => resolve()));
    }
  });
});
