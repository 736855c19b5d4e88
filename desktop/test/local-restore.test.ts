import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BackupRun } from '@folio/shared';
import { startSignedIn } from '../../tests/support/test-server.js';
import type { EnvelopeBody, TestServer, apiClient } from '../../tests/support/test-server.js';
import { copyLatestBackup, createBackupSource } from '../src/core/home-backups.js';
import { createHttpClient } from '../src/core/http.js';
import { restoreBackupFile } from '../src/core/local-restore.js';

type Api = ReturnType<typeof apiClient>;
interface Running {
  server: TestServer;
  api: Api;
  token: string;
}

let origin: Running;
let fresh: Running;
let root: string;
let home: string;
const PASSPHRASE = '我的 备份 口令 #1';

async function runBackup({ api, token }: Running): Promise<BackupRun> {
  const started = await api<EnvelopeBody>('POST', '/api/admin/backups/run', { token });
  expect(started.status, JSON.stringify(started.body)).toBe(202);
  const id = (started.body.data as BackupRun).id;
  for (;;) {
    const runs = (await api<EnvelopeBody>('GET', '/api/admin/backups', { token })).body.data as BackupRun[];
    const run = runs.find((candidate) => candidate.id === id);
    if (run && run.status !== 'running') return run;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

const titles = async ({ api, token }: Running) =>
  ((await api<EnvelopeBody>('GET', '/api/admin/articles?per_page=100', { token })).body.data as { title: string }[]).map(
    (article) => article.title,
  );

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'folio-local-restore-'));
  home = path.join(root, 'home');
  origin = await startSignedIn();
  fresh = await startSignedIn();
  const created = await origin.api('POST', '/api/admin/articles', {
    token: origin.token,
    json: { title: '搬家的文章', content: '正文' },
  });
  expect(created.status).toBe(201);
  const saved = await origin.api('PUT', '/api/admin/settings/backups', {
    token: origin.token,
    json: {
      schedule: { frequency: 'off', time: '03:30' },
      keep: 7,
      targets: [{ id: 'disk', kind: 'folder', path: path.join(root, 'server-backups') }],
      passphrase: PASSPHRASE,
    },
  });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  expect((await runBackup(origin)).status).toBe('succeeded');
  await copyLatestBackup(createBackupSource(createHttpClient({ baseUrl: origin.server.url, token: origin.token })), {
    folder: home,
    keep: 7,
  });
});
afterAll(async () => {
  await origin.server.close();
  await fresh.server.close();
  await rm(root, { recursive: true, force: true });
});

describe('从本地备份恢复到服务器', () => {
  it('restores an encrypted copy at home to a fresh server, and a wrong passphrase there changes nothing', async () => {
    const [file] = (await readdir(home)).map((name) => path.join(home, name));
    expect(file).toMatch(/\.json\.gz\.age$/);
    const client = createHttpClient({ baseUrl: fresh.server.url, token: fresh.token });

    const wrong = await restoreBackupFile(client, file!, 'not it');
    expect(wrong).toMatchObject({ ok: false, status: 400 });
    expect(wrong.message).toMatch(/[\u4e00-\u9fff]/);
    expect(await titles(fresh)).not.toContain('搬家的文章');

    expect(await restoreBackupFile(client, file!)).toEqual({ ok: false, status: 400, message: '这个备份已加密，请输入口令' });

    const restored = await restoreBackupFile(client, file!, PASSPHRASE);
    expect(restored.ok).toBe(true);
    expect(await titles(fresh)).toContain('搬家的文章');
  });

  it('refuses a file that is no backup before sending it', async () => {
    const notes = path.join(root, 'notes.txt');
    await writeFile(notes, '我的笔记');
    const client = createHttpClient({ baseUrl: fresh.server.url, token: fresh.token });
    expect(await restoreBackupFile(client, notes)).toEqual({
      ok: false,
      status: 400,
      message: '这不是 Folio 的备份文件（.json.gz、.json.gz.age 或导出的 .json）',
    });
  });
});
