import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { apiClient, startTestServer } from '../../../tests/support/test-server.js';
import type { EnvelopeBody } from '../../../tests/support/test-server.js';
import { DATA_FORMAT_VERSION } from '../../src/store/records.js';
import { Store } from '../../src/store/store.js';

let dataDir: string;

beforeEach(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'folio-migrate-'));
});
afterEach(() => rm(dataDir, { recursive: true, force: true }));

const readJson = async <T>(name: string): Promise<T> => JSON.parse(await readFile(path.join(dataDir, name), 'utf8')) as T;

/** A data directory exactly as format 1 (before revisions) wrote it: two articles, one binned just now. */
async function writeFormat1Directory(): Promise<void> {
  const article = (id: number, deletedAt: string | null) => ({
    id,
    title: `旧文章 ${id}`,
    category: '前端开发',
    tags: ['React'],
    summary: '',
    cover: '',
    created_at: '2025-08-10T09:07:06Z',
    updated_at: '2025-08-10T09:07:06Z',
    deleted_at: deletedAt,
    body_rev: 3,
  });
  await writeFile(
    path.join(dataDir, 'meta.json'),
    `${JSON.stringify({ format: 'folio-data', version: 1, created_at: '2025-08-10T09:00:00.000Z' })}\n`,
  );
  await writeFile(
    path.join(dataDir, 'articles.json'),
    `${JSON.stringify({ next_id: 3, items: [article(1, null), article(2, new Date().toISOString())] })}\n`,
  );
  await mkdir(path.join(dataDir, 'article-bodies'));
  await writeFile(path.join(dataDir, 'article-bodies', '1-3.md'), '# 正文一');
  await writeFile(path.join(dataDir, 'article-bodies', '2-3.md'), '# 正文二');
}

describe('data format 1 → 2 (article revisions)', () => {
  it('gives every article revision 1 and records the new version on disk, once', async () => {
    await writeFormat1Directory();
    const store = await Store.open(dataDir);
    expect(store.state.articles.items.map((article) => article.revision)).toEqual([1, 1]);
    expect(store.bodies.get(1)).toBe('# 正文一');

    const meta = await readJson<{ format: string; version: number; created_at: string }>('meta.json');
    expect(meta).toEqual({ format: 'folio-data', version: DATA_FORMAT_VERSION, created_at: '2025-08-10T09:00:00.000Z' });
    const articles = await readJson<{ items: { revision: number }[] }>('articles.json');
    expect(articles.items.map((item) => item.revision)).toEqual([1, 1]);

    // A second start finds nothing left to migrate and keeps later revisions.
    store.state.articles.items[0]!.revision = 5;
    await store.mutate(['articles'], () => undefined);
    const reopened = await Store.open(dataDir);
    expect(reopened.state.articles.items.map((article) => article.revision)).toEqual([5, 1]);
  });

  it('serves a format 1 directory through the real server with ETag "1", then saves with If-Match', async () => {
    await writeFormat1Directory();
    const server = await startTestServer({ dataDir });
    try {
      const api = apiClient(server.url);
      const token = await server.login();
      const read = await api<EnvelopeBody>('GET', '/api/admin/articles/1', { token });
      expect(read.status).toBe(200);
      expect(read.headers.get('etag')).toBe('"1"');
      expect(read.body.data).toMatchObject({ title: '旧文章 1', content: '# 正文一', revision: 1 });
      const saved = await api<EnvelopeBody>('PUT', '/api/admin/articles/1', {
        token,
        json: { content: '# 新正文' },
        headers: { 'If-Match': '"1"' },
      });
      expect(saved.headers.get('etag')).toBe('"2"');
      // The binned article migrated too: restoring it bumps 1 to 2.
      await api('POST', '/api/admin/recycle-bin/2/restore', { token });
      expect((await api('GET', '/api/admin/articles/2', { token })).headers.get('etag')).toBe('"2"');
    } finally {
      await server.stop();
    }
  });
});
