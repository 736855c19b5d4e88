import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BackupRun } from '@folio/shared';
import { startSignedIn } from '../../tests/support/test-server.js';
import type { EnvelopeBody, TestServer, apiClient } from '../../tests/support/test-server.js';
import { copyLatestBackup, createBackupSource } from '../src/core/home-backups.js';
import { createHttpClient } from '../src/core/http.js';

let server: TestServer;
let api: ReturnType<typeof apiClient>;
let token: string;
let root: string;
let serverFolder: string;

beforeAll(async () => {
  ({ server, api, token } = await startSignedIn({ seed: true }));
  root = await mkdtemp(path.join(tmpdir(), 'folio-home-backups-server-'));
  serverFolder = path.join(root, 'server-backups');
  const saved = await api('PUT', '/api/admin/settings/backups', {
    token,
    json: {
      schedule: { frequency: 'off', time: '03:30' },
      keep: 7,
      targets: [{ id: 'disk', kind: 'folder', path: serverFolder }],
    },
  });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
});
afterAll(async () => {
  await server.close();
  await rm(root, { recursive: true, force: true });
});

async function runBackup(): Promise<BackupRun> {
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

describe('the copy at home from a real server', () => {
  it('downloads the newest backup of a folder target, the same bytes as the server stored', async () => {
    const run = await runBackup();
    expect(run.status).toBe('succeeded');
    const home = path.join(root, 'home');
    const source = createBackupSource(createHttpClient({ baseUrl: server.url, token }));

    const result = await copyLatestBackup(source, { folder: home, keep: 7 });
    expect(result).toMatchObject({ outcome: 'copied', file: { name: run.name, size: run.size } });
    const copied = await readFile(path.join(home, run.name!));
    expect(createHash('sha256').update(copied).digest('hex')).toBe(run.sha256);
    expect(copied).toEqual(await readFile(path.join(serverFolder, run.name!)));
    expect(await readdir(home)).toEqual([run.name]);
  });

  it('answers the download to the owner only, and says which backup or target it does not have', async () => {
    const [run] = (await api<EnvelopeBody>('GET', '/api/admin/backups', { token })).body.data as BackupRun[];
    const query = (target: string, name: string) =>
      `/api/admin/backups/download?${new URLSearchParams({ target, name }).toString()}`;
    expect((await api('GET', query('disk', run!.name!))).status).toBe(401);
    const missing = await api<EnvelopeBody>('GET', query('disk', 'folio-site-20200101T000000.000Z.json.gz'), { token });
    expect(missing.status).toBe(404);
    expect(missing.body.msg).toMatch(/[\u4e00-\u9fff]/);
    expect((await api<EnvelopeBody>('GET', query('nowhere', run!.name!), { token })).status).toBe(404);
    expect((await api<EnvelopeBody>('GET', query('disk', '../data/articles.json'), { token })).status).toBe(400);
  });
});
