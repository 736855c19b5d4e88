import { mkdir, readFile, readdir, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ARTICLE_HISTORY_LIMITS } from '@folio/shared';
import type { ArticleRevisionListItem } from '@folio/shared';
import { startSignedIn } from '../../../tests/support/test-server.js';
import type { EnvelopeBody, StartOptions, TestServer } from '../../../tests/support/test-server.js';
import type { UploadLogFile } from '../../src/store/records.js';
import { UPLOAD_GRACE_MS } from '../../src/store/startup-sweeps.js';
import { buildImage, imageForm } from '../fixtures/images.js';
import { createArticle } from './articles.fixtures.js';
import type { Api } from './articles.fixtures.js';

let server: TestServer | undefined;
let api: Api;
let token: string;

async function start(options: StartOptions = {}): Promise<TestServer> {
  const started = await startSignedIn(options);
  ({ server, api, token } = started);
  return started.server;
}

afterEach(async () => {
  await server?.close();
  server = undefined;
});

const historyFolder = (site: TestServer, id: number) => path.join(site.dataDir, 'revisions', String(id));

async function saveBody(id: number, content: string): Promise<void> {
  const response = await api('PUT', `/api/admin/articles/${id}`, { token, json: { content } });
  expect(response.status).toBe(200);
}

async function history(id: number): Promise<ArticleRevisionListItem[]> {
  const response = await api<EnvelopeBody & { data: ArticleRevisionListItem[] }>('GET', `/api/admin/articles/${id}/revisions`, {
    token,
  });
  expect(response.status).toBe(200);
  return response.body.data;
}

/** Bytes of the kept bodies on disk. */
async function keptBodyBytes(site: TestServer, id: number): Promise<number> {
  let bytes = 0;
  for (const name of await readdir(historyFolder(site, id))) {
    if (name.endsWith('.md')) bytes += (await stat(path.join(historyFolder(site, id), name))).size;
  }
  return bytes;
}

describe('the bounds of an article history', () => {
  it('keeps the 50 newest versions of 51 saves, and the oldest is then beyond the kept history', async () => {
    const site = await start();
    const id = await createArticle(api, token, { content: '第 0 版' });
    for (let step = 1; step <= 51; step += 1) await saveBody(id, `第 ${step} 版`);
    const kept = await history(id);
    expect(kept).toHaveLength(ARTICLE_HISTORY_LIMITS.versions);
    expect(kept[0]).toMatchObject({ revision: 51 });
    expect(kept.at(-1)).toMatchObject({ revision: 2 });
    // Only the kept versions stay on disk: 50 bodies and the index.
    expect((await readdir(historyFolder(site, id))).sort()).toHaveLength(51);
    const dropped = await api<EnvelopeBody>('GET', `/api/admin/articles/${id}/revisions/1`, { token });
    expect(dropped.status).toBe(404);
    expect(dropped.body.msg).toBe('该版本不存在或已超出保留范围');
    const oldestKept = await api<EnvelopeBody>('GET', `/api/admin/articles/${id}/revisions/2`, { token });
    expect(oldestKept.body.data).toMatchObject({ revision: 2, content: '第 1 版' });
  });

  it('keeps at most 5 MB of bodies, counted in UTF-8 bytes, dropping the oldest', async () => {
    const site = await start();
    // About 1 MB of UTF-8 each, a third of that in characters: six of them pass 5 MB.
    const body = (step: number) => `第${step}版`.padEnd(340_000, '中文');
    const id = await createArticle(api, token, { content: body(0) });
    for (let step = 1; step <= 6; step += 1) await saveBody(id, body(step));
    const kept = await history(id);
    expect(kept.map((version) => version.revision)).toEqual([6, 5, 4, 3, 2]);
    expect(kept[0]?.body_length).toBe(340_000);
    const bytes = await keptBodyBytes(site, id);
    expect(bytes).toBeGreaterThan(5_000_000);
    expect(bytes).toBeLessThanOrEqual(ARTICLE_HISTORY_LIMITS.bodyBytes);
  });
});

describe('purging an article removes its history', () => {
  /** A live article with a history, moved to the bin; returns its id. */
  async function binnedWithHistory(site: TestServer): Promise<number> {
    const id = await createArticle(api, token, { content: '原文' });
    await saveBody(id, '改过');
    expect(await readdir(historyFolder(site, id))).toContain('index.json');
    expect((await api('DELETE', `/api/admin/articles/${id}`, { token })).status).toBe(200);
    return id;
  }

  it('keeps the history in the bin and after a restore from it, and removes it with a purge or an emptied bin', async () => {
    const site = await start();
    const restored = await binnedWithHistory(site);
    expect((await api('POST', `/api/admin/recycle-bin/${restored}/restore`, { token })).status).toBe(200);
    expect(await history(restored)).toMatchObject([{ revision: 1 }]);
    const purged = await binnedWithHistory(site);
    expect((await api('DELETE', `/api/admin/recycle-bin/${purged}`, { token })).status).toBe(200);
    await expect(stat(historyFolder(site, purged))).rejects.toThrow(/ENOENT/);
    const emptied = await binnedWithHistory(site);
    expect((await api('DELETE', '/api/admin/recycle-bin', { token })).status).toBe(200);
    await expect(stat(historyFolder(site, emptied))).rejects.toThrow(/ENOENT/);
    expect(await readdir(historyFolder(site, restored))).toContain('index.json');
  });

  it('removes it with the automatic purge after the retention period', async () => {
    const site = await start({ config: { recycleBinRetentionMs: 300 } });
    const id = await binnedWithHistory(site);
    await expect
      .poll(() => stat(historyFolder(site, id)).catch((error: Error) => error.message), { timeout: 5000 })
      .toMatch(/ENOENT/);
  });

  it('at start, removes the history of articles that no longer exist and what interrupted writes left', async () => {
    let site = await start();
    const id = await createArticle(api, token, { content: '原文' });
    await saveBody(id, '改过');
    await site.stop();
    // What a kill between a purge's commit and the removal of its folders leaves, and a temp file.
    const gone = path.join(site.dataDir, 'revisions', '999');
    await mkdir(gone);
    await writeFile(path.join(gone, 'index.json'), '{"versions":[]}');
    await writeFile(path.join(historyFolder(site, id), '.index.json.0a1b2c.tmp'), '{"vers');
    site = await start({ dataDir: site.dataDir });
    expect(await readdir(path.join(site.dataDir, 'revisions'))).toEqual([String(id)]);
    expect((await readdir(historyFolder(site, id))).sort()).toEqual(['1.md', 'index.json']);
    expect(await history(id)).toMatchObject([{ revision: 1, body_length: 2 }]);
  });
});

describe('uploads a kept version shows', () => {
  it('are kept by the start-up sweep of unreferenced uploads, so restoring the version brings its images back', async () => {
    let site = await start();
    const upload = async () => {
      const response = await api<EnvelopeBody>('POST', '/api/admin/articles/cover', {
        token,
        body: imageForm(buildImage('png')),
      });
      return (response.body.data as { filename: string }).filename;
    };
    const [cover, inBody] = [await upload(), await upload()];
    const id = await createArticle(api, token, { cover: `/uploads/${cover}`, content: `![图](/uploads/${inBody})` });
    const replaced = await api('PUT', `/api/admin/articles/${id}`, { token, json: { cover: '', content: '没有图了' } });
    expect(replaced.status).toBe(200);
    await site.stop();
    // Both uploads are past the grace period, and only the kept version still shows them.
    const logFile = path.join(site.dataDir, 'upload-log.json');
    const log = JSON.parse(await readFile(logFile, 'utf8')) as UploadLogFile;
    for (const entry of log.items) entry.written_at = new Date(Date.now() - UPLOAD_GRACE_MS - 60_000).toISOString();
    await writeFile(logFile, JSON.stringify(log));
    site = await start({ dataDir: site.dataDir });
    expect((await readdir(path.join(site.dataDir, 'uploads'))).sort()).toEqual([cover, inBody].sort());
  });
});
