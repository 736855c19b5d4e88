import { createHash } from 'node:crypto';
import { createServer } from 'node:http';
import type { Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { BackupRun } from '@folio/shared';
import {
  copyLatestBackup,
  createBackupSource,
  HomeBackups,
  listHomeBackups,
  pruneHomeBackups,
} from '../src/core/home-backups.js';
import type { BackupSource, BackupStatusSummary } from '../src/core/home-backups.js';
import { createHttpClient } from '../src/core/http.js';

/**
 * A loopback server speaking the backup routes of server/API.md §E22 the copy at home reads:
 * the runs, the status and the download of a stored backup, with ways to misbehave.
 */
interface FakeServer {
  url: string;
  runs: BackupRun[];
  status: BackupStatusSummary;
  files: Map<string, Buffer>;
  /** `cut`: half the bytes, then the connection drops; `wrong`: other bytes than the run's sha256. */
  download: 'ok' | 'cut' | 'wrong';
  downloads: string[];
  tokens: string[];
  close(): Promise<void>;
}

const TOKEN = 'token-under-test';
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

function send(response: ServerResponse, status: number, body: unknown) {
  response.writeHead(status, { 'Content-Type': 'application/json' });
  response.end(JSON.stringify(body));
}

async function startFakeServer(): Promise<FakeServer> {
  const fake: Omit<FakeServer, 'url' | 'close'> = {
    runs: [],
    status: { failure: null, retry_at: null },
    files: new Map(),
    download: 'ok',
    downloads: [],
    tokens: [],
  };
  const server: Server = createServer((request, response) => {
    fake.tokens.push(request.headers.authorization ?? '');
    const url = new URL(request.url ?? '/', 'http://loopback');
    if (url.pathname === '/api/admin/backups') return send(response, 200, { code: 0, msg: 'ok', data: fake.runs });
    if (url.pathname === '/api/admin/backups/status') return send(response, 200, { code: 0, msg: 'ok', data: fake.status });
    if (url.pathname === '/api/admin/backups/download') {
      const name = url.searchParams.get('name') ?? '';
      const bytes = fake.files.get(`${url.searchParams.get('target')}/${name}`);
      if (!bytes) return send(response, 404, { code: 1, msg: '这个目标里没有这个备份' });
      fake.downloads.push(name);
      response.writeHead(200, { 'Content-Type': 'application/octet-stream', 'Content-Length': String(bytes.length) });
      if (fake.download === 'cut') {
        response.write(bytes.subarray(0, bytes.length / 2));
        setTimeout(() => response.destroy(), 20);
        return;
      }
      response.end(fake.download === 'wrong' ? Buffer.from(bytes).fill(7) : bytes);
      return;
    }
    send(response, 404, { code: 1, msg: 'not found' });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(fake, {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  });
}

let server: FakeServer;
let root: string;
let folder: string;
let source: BackupSource;
let runCount = 0;

/** A successful run whose archive the server holds at target `home` (`minute` orders the names). */
function storeRun(minute: number, fields: Partial<BackupRun> = {}): { run: BackupRun; bytes: Buffer } {
  const name = `folio-blog-example-com-20261129T03${String(minute).padStart(2, '0')}00.000Z.json.gz`;
  const bytes = Buffer.from(`备份内容 ${minute} `.repeat(2000));
  const run: BackupRun = {
    id: `run-${(runCount += 1)}`,
    trigger: 'scheduled',
    status: 'succeeded',
    started_at: `2026-11-29T03:${String(minute).padStart(2, '0')}:00.000Z`,
    finished_at: `2026-11-29T03:${String(minute).padStart(2, '0')}:05.000Z`,
    name,
    size: bytes.length,
    sha256: sha256(bytes),
    encrypted: false,
    targets: [{ target: 'home', status: 'succeeded', error: null, verified: true }],
    ...fields,
  };
  server.files.set(`home/${name}`, bytes);
  server.runs = [run, ...server.runs];
  return { run, bytes };
}

beforeAll(async () => {
  server = await startFakeServer();
  root = await mkdtemp(path.join(tmpdir(), 'folio-home-backups-'));
  source = createBackupSource(createHttpClient({ baseUrl: server.url, token: TOKEN }));
});
afterAll(async () => {
  await server.close();
  await rm(root, { recursive: true, force: true });
});
let folders = 0;
beforeEach(() => {
  server.runs = [];
  server.files.clear();
  server.download = 'ok';
  server.downloads = [];
  server.status = { failure: null, retry_at: null };
  folder = path.join(root, `copies-${(folders += 1)}`);
});

describe('the copy at home', () => {
  it('fetches the latest backup with the token, byte for byte as the run recorded it, and only once', async () => {
    storeRun(10);
    const { run, bytes } = storeRun(30);

    const first = await copyLatestBackup(source, { folder, keep: 7 });
    expect(first.outcome).toBe('copied');
    expect(await readFile(path.join(folder, run.name!))).toEqual(bytes);
    expect(server.tokens.every((header) => header === `Bearer ${TOKEN}`)).toBe(true);
    // The file carries the run's time, so the folder sorts as the server's runs do.
    expect((await listHomeBackups(folder))[0]).toMatchObject({ name: run.name, size: bytes.length, modifiedAt: run.finished_at });

    expect((await copyLatestBackup(source, { folder, keep: 7 })).outcome).toBe('present');
    expect(server.downloads).toEqual([run.name]);
  });

  it('skips a safety backup and a failed run, and says so when the server has nothing yet', async () => {
    expect((await copyLatestBackup(source, { folder, keep: 7 })).outcome).toBe('none');
    const { run } = storeRun(10);
    storeRun(20, { trigger: 'safety' });
    storeRun(30, { status: 'failed', targets: [{ target: 'home', status: 'failed', error: '磁盘已满', verified: false }] });
    const result = await copyLatestBackup(source, { folder, keep: 7 });
    expect(result.file?.name).toBe(run.name);
  });

  it('keeps the newest N of the site and never touches other files or another site’s backups', async () => {
    const other = 'folio-other-site-20261101T000000.000Z.json.gz';
    await mkdir(folder, { recursive: true });
    await writeFile(path.join(folder, 'notes.txt'), '我的笔记');
    await writeFile(path.join(folder, other), 'another server');
    const names: string[] = [];
    for (const minute of [1, 2, 3, 4]) {
      names.push(storeRun(minute).run.name!);
      await copyLatestBackup(source, { folder, keep: 2 });
    }
    expect((await readdir(folder)).sort()).toEqual([names[2], names[3], other, 'notes.txt'].sort());
    expect(await pruneHomeBackups(folder, 'blog-example-com', 1)).toEqual([names[2]]);
  });

  it('throws a download whose sha256 differs away and keeps the older copy', async () => {
    const { run: older } = storeRun(10);
    await copyLatestBackup(source, { folder, keep: 7 });
    storeRun(20);
    server.download = 'wrong';
    await expect(copyLatestBackup(source, { folder, keep: 7 })).rejects.toThrow(
      '下载的备份与服务器记录的 sha256 不一致，已丢弃。',
    );
    expect(await readdir(folder)).toEqual([older.name]);
  });

  it('leaves no file counted as a backup when the download is cut, and sweeps what a crash left', async () => {
    const { run } = storeRun(10);
    server.download = 'cut';
    await expect(copyLatestBackup(source, { folder, keep: 7 })).rejects.toThrow(
      '下载备份失败：下载中断或无法写入文件夹，没有留下不完整的文件',
    );
    expect(await readdir(folder)).toEqual([]);
    expect(await listHomeBackups(folder)).toEqual([]);

    // A quit in the middle of a download leaves its temporary file: never listed, gone at the next copy.
    await writeFile(path.join(folder, `.${run.name}.dead0000.part`), 'half');
    expect(await listHomeBackups(folder)).toEqual([]);
    server.download = 'ok';
    await copyLatestBackup(source, { folder, keep: 7 });
    expect(await readdir(folder)).toEqual([run.name]);
  });
});

describe('HomeBackups on its clock', () => {
  const failedStatus = (retryAt: string | null): BackupStatusSummary => ({
    failure: {
      id: 'run-failed',
      finished_at: '2026-11-29T03:31:09.000Z',
      targets: [{ target: 'nas', error: 'WebDAV 服务器拒绝了用户名或密码（401）' }],
    },
    retry_at: retryAt,
  });

  async function openHome(notices: string[], stateName: string) {
    return HomeBackups.open({
      stateFile: path.join(root, `${stateName}.json`),
      defaultFolder: folder,
      source: () => source,
      notifyFailure: (reason) => notices.push(reason),
      clock: () => new Date('2026-11-29T09:00:00.000Z'),
    });
  }

  it('tells the owner of a failed run once its retry is over, once, even after a restart', async () => {
    const notices: string[] = [];
    const home = await openHome(notices, 'told');
    server.status = failedStatus('2026-11-29T03:32:09.000Z');
    await home.check();
    expect(notices).toEqual([]);

    server.status = failedStatus(null);
    await home.check();
    await home.check();
    expect(notices).toEqual(['nas：WebDAV 服务器拒绝了用户名或密码（401）']);
    await (await openHome(notices, 'told')).check();
    expect(notices).toHaveLength(1);
  });

  it('remembers the last copy, its folder and count across a restart, and the reason of a failed attempt', async () => {
    const notices: string[] = [];
    const home = await openHome(notices, 'remembered');
    await home.setKeep(3);
    const { run, bytes } = storeRun(40);
    await home.check();
    expect(home.status()).toEqual({
      folder,
      keep: 3,
      last: { name: run.name, size: bytes.length, copiedAt: '2026-11-29T09:00:00.000Z' },
      copying: false,
      error: null,
    });
    expect((await openHome(notices, 'remembered')).status().last?.name).toBe(run.name);

    storeRun(50);
    server.download = 'wrong';
    await home.check();
    expect(home.status().error).toBe('下载的备份与服务器记录的 sha256 不一致，已丢弃。');
    expect(home.status().last?.name).toBe(run.name);
  });

  it('says in words that the server could not be reached', async () => {
    const home = await HomeBackups.open({
      stateFile: path.join(root, 'unreachable.json'),
      defaultFolder: folder,
      source: () => createBackupSource(createHttpClient({ baseUrl: 'http://127.0.0.1:1', token: TOKEN })),
      notifyFailure: () => undefined,
    });
    await home.check();
    expect(home.status().error).toBe('下载备份失败：无法连接到服务器');
  });
});
