import { readFile, readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { afterEach, describe, expect, it } from 'vitest';
import { apiClient, startTestServer } from '../../../tests/support/test-server.js';
import type { EnvelopeBody, TestServer } from '../../../tests/support/test-server.js';
import type { UploadLogFile } from '../../src/store/records.js';
import { UPLOAD_GRACE_MS } from '../../src/store/startup-sweeps.js';
import { imageForm } from '../fixtures/images.js';

let server: TestServer | undefined;

afterEach(async () => {
  await server?.close();
  server = undefined;
});

/** A small image of one colour: each colour gives page sizes of their own (sizes are named by content). */
const square = (background: string) =>
  sharp({ create: { width: 8, height: 8, channels: 3, background } })
    .png()
    .toBuffer();

const readLog = async (dir: string) =>
  (JSON.parse(await readFile(path.join(dir, 'upload-log.json'), 'utf8')) as UploadLogFile).items;

/** Restarts on the same data directory with every logged upload past the grace period, once its page sizes are settled. */
async function restartPastGrace(): Promise<TestServer> {
  const dir = server!.dataDir;
  await server!.stop();
  const file = path.join(dir, 'upload-log.json');
  const log = JSON.parse(await readFile(file, 'utf8')) as UploadLogFile;
  for (const entry of log.items) entry.written_at = new Date(Date.now() - UPLOAD_GRACE_MS - 60_000).toISOString();
  await writeFile(file, JSON.stringify(log));
  server = await startTestServer({ dataDir: dir });
  await server.app.context.services.imageSizes.whenIdle();
  return server;
}

const uploadsIn = async (dir: string) => (await readdir(path.join(dir, 'uploads'))).sort();
/** The uploads that have page sizes (a manifest `<upload>.json` in `image-sizes/`). */
const sizedIn = async (dir: string) =>
  (await readdir(path.join(dir, 'image-sizes')))
    .filter((name) => name.endsWith('.json'))
    .map((name) => name.slice(0, -'.json'.length))
    .sort();

describe('uploads of a purged article', () => {
  it('are judged again after the purge: removed with their sizes once nothing else shows them, kept while another article does', async () => {
    server = await startTestServer();
    const api = apiClient(server.url);
    const token = await server.login();
    const upload = async (background: string) => {
      const response = await api<EnvelopeBody>('POST', '/api/admin/articles/images', {
        token,
        body: imageForm(await square(background)),
      });
      expect(response.status).toBe(201);
      return (response.body.data as { filename: string }).filename;
    };
    const [oldCover, cover, shared] = [await upload('#c33'), await upload('#3c3'), await upload('#33c')];
    const create = async (json: Record<string, string>) => {
      const response = await api<EnvelopeBody>('POST', '/api/admin/articles', { token, json });
      expect(response.status).toBe(201);
      return (response.body.data as { id: number }).id;
    };
    const first = await create({ title: 'A', cover: `/uploads/${oldCover}`, content: `![](/uploads/${shared})` });
    // The old cover stays in the article's history (server/API.md §E10) only.
    expect((await api('PUT', `/api/admin/articles/${first}`, { token, json: { cover: `/uploads/${cover}` } })).status).toBe(200);
    const second = await create({ title: 'B', content: `正文 <img src="/api/admin/articles/cover/${shared}">` });

    // Judged once while the articles still show them: kept, and out of the log.
    server = await restartPastGrace();
    let dir = server.dataDir;
    const all = [oldCover, cover, shared].sort();
    expect(await uploadsIn(dir)).toEqual(all);
    expect(await sizedIn(dir)).toEqual(all);
    expect(await readLog(dir)).toEqual([]);

    let again = apiClient(server.url);
    let owner = await server.login();
    expect((await again('DELETE', `/api/admin/articles/${first}`, { token: owner })).status).toBe(200);
    const before = Date.now() - 1000;
    expect((await again('DELETE', `/api/admin/recycle-bin/${first}`, { token: owner })).status).toBe(200);
    const logged = await readLog(dir);
    expect(logged.map((entry) => entry.filename).sort()).toEqual(all);
    for (const entry of logged) expect(Date.parse(entry.written_at)).toBeGreaterThanOrEqual(before);

    server = await restartPastGrace();
    dir = server.dataDir;
    expect(await uploadsIn(dir)).toEqual([shared]);
    expect(await sizedIn(dir)).toEqual([shared]);
    expect(await readLog(dir)).toEqual([]);

    // Emptying the bin puts back the last article showing the shared image.
    again = apiClient(server.url);
    owner = await server.login();
    expect((await again('DELETE', `/api/admin/articles/${second}`, { token: owner })).status).toBe(200);
    expect((await again('DELETE', '/api/admin/recycle-bin', { token: owner })).status).toBe(200);
    server = await restartPastGrace();
    dir = server.dataDir;
    expect(await uploadsIn(dir)).toEqual([]);
    expect(await sizedIn(dir)).toEqual([]);
    expect(await readdir(path.join(dir, 'image-sizes'))).toEqual([]);
  });
});
