import { createHash } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect } from 'vitest';
import type { BackupRun, BackupSettingsUpdate } from '@folio/shared';
import { apiClient, startTestServer } from '../../../tests/support/test-server.js';
import type { EnvelopeBody, StartOptions, TestServer } from '../../../tests/support/test-server.js';
import { buildImage, imageForm } from '../fixtures/images.js';

export type Api = ReturnType<typeof apiClient>;

export interface BackupServer {
  server: TestServer;
  api: Api;
  token: string;
}

/** The real server in-process, on a fresh data directory inside its own temp parent (`backups/` lands beside it). */
export async function startBackupServer(options: StartOptions = {}): Promise<BackupServer> {
  const dataDir = options.dataDir ?? path.join(await mkdtemp(path.join(tmpdir(), 'folio-backups-')), 'data');
  const started = await startTestServer({ ...options, dataDir });
  // The temp parent goes too: the `backups/` folder beside the data directory is in it.
  const server: TestServer = {
    ...started,
    close: async () => {
      await started.close();
      if (!options.dataDir) await rm(path.dirname(dataDir), { recursive: true, force: true });
    },
  };
  return { server, api: apiClient(server.url), token: await server.login() };
}

export const folderSettings = (folder: string, extra: Partial<BackupSettingsUpdate> = {}): BackupSettingsUpdate => ({
  schedule: { frequency: 'off', time: '03:30' },
  keep: 7,
  targets: [{ id: 'disk', kind: 'folder', path: folder }],
  ...extra,
});

export async function putSettings({ api, token }: BackupServer, settings: BackupSettingsUpdate): Promise<EnvelopeBody> {
  const response = await api<EnvelopeBody>('PUT', '/api/admin/settings/backups', { token, json: settings });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body;
}

export async function listRuns({ api, token }: BackupServer): Promise<BackupRun[]> {
  const response = await api<EnvelopeBody>('GET', '/api/admin/backups', { token });
  expect(response.status).toBe(200);
  return response.body.data as BackupRun[];
}

/** Polls the run list until `predicate` holds for the run of this id (or any run when no id). */
export async function waitForRun(
  backup: BackupServer,
  predicate: (run: BackupRun) => boolean,
  timeoutMs = 15_000,
): Promise<BackupRun> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = (await listRuns(backup)).find(predicate);
    if (found) return found;
    if (Date.now() > deadline)
      throw new Error(`no run matched within ${timeoutMs} ms: ${JSON.stringify(await listRuns(backup))}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** `POST /api/admin/backups/run`, then waits for that run to finish. */
export async function runBackup(backup: BackupServer): Promise<BackupRun> {
  const response = await backup.api<EnvelopeBody>('POST', '/api/admin/backups/run', { token: backup.token });
  expect(response.status, JSON.stringify(response.body)).toBe(202);
  const started = response.body.data as BackupRun;
  return waitForRun(backup, (run) => run.id === started.id && run.status !== 'running');
}

export async function uploadImage({ api, token }: BackupServer, kind: 'png' | 'jpg' = 'png'): Promise<string> {
  const response = await api<EnvelopeBody>('POST', '/api/admin/articles/images', {
    token,
    body: imageForm(buildImage(kind), `i.${kind}`),
  });
  expect(response.status).toBe(201);
  return response.body.url as string;
}

/** An article with a body image and a cover, and one comment; returns its id and image filenames. */
export async function articleWithImages(backup: BackupServer, title: string): Promise<{ id: number; files: string[] }> {
  const body = await uploadImage(backup, 'png');
  const cover = await uploadImage(backup, 'jpg');
  const created = await backup.api<EnvelopeBody>('POST', '/api/admin/articles', {
    token: backup.token,
    json: { title, content: `正文\n\n![图](${body})`, cover },
  });
  expect(created.status).toBe(201);
  const id = created.body.id as number;
  expect(
    (await backup.api('POST', `/api/articles/${id}/comments`, { json: { author: '读者', content: `评论 ${title}` } })).status,
  ).toBe(201);
  return { id, files: [body, cover].map((url) => url.split('/').pop() as string) };
}

export const sha256 = async (file: string) =>
  createHash('sha256')
    .update(await readFile(file))
    .digest('hex');

/** The folder `backups` of a relative folder target: beside the data directory. */
export const besideData = (dataDir: string, folder: string) => path.join(path.dirname(dataDir), folder);
