import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startSignedIn } from '../../../tests/support/test-server.js';
import type { EnvelopeBody } from '../../../tests/support/test-server.js';
import { DATA_FORMAT_VERSION } from '../../src/store/records.js';
import { buildStoredArticle } from './format-2-directory.js';

let dataDir: string;

beforeEach(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'folio-status-migration-'));
});
afterEach(() => rm(dataDir, { recursive: true, force: true }));

/**
 * A data directory as format 3 wrote it, before articles had a status: two live articles written
 * on different days (the newer one first in the file) and one in the recycle bin.
 */
async function writeFormat3Directory(): Promise<void> {
  const json = (data: unknown) => `${JSON.stringify(data)}\n`;
  const articles = [
    { ...buildStoredArticle(2, null), title: '新的旧文', created_at: '2025-09-01T08:00:00Z', updated_at: '2025-09-02T08:00:00Z' },
    { ...buildStoredArticle(1, null), title: '更早的旧文', created_at: '2025-08-10T09:07:06Z' },
    {
      ...buildStoredArticle(3, `${new Date().toISOString().slice(0, 19)}Z`),
      title: '回收站里的旧文',
      created_at: '2025-07-01T00:00:00Z',
    },
  ];
  await writeFile(
    path.join(dataDir, 'meta.json'),
    json({ format: 'folio-data', version: 3, created_at: '2025-08-10T09:00:00.000Z' }),
  );
  await writeFile(path.join(dataDir, 'articles.json'), json({ next_id: 4, items: articles }));
  await mkdir(path.join(dataDir, 'article-bodies'));
  for (const article of articles)
    await writeFile(path.join(dataDir, 'article-bodies', `${article.id}-1.md`), `# 正文 ${article.id}`);
  await mkdir(path.join(dataDir, 'comments'));
}

describe('data format 3 → 4 (article status)', () => {
  it('publishes every existing article as of its creation, so readers see the site as before', async () => {
    await writeFormat3Directory();
    let site = await startSignedIn({ dataDir });
    try {
      const list = await site.api<EnvelopeBody>('GET', '/api/articles');
      expect(list.body.data).toEqual([
        expect.objectContaining({ id: 2, title: '新的旧文', publish_at: '2025-09-01T08:00:00Z' }),
        expect.objectContaining({ id: 1, title: '更早的旧文', publish_at: '2025-08-10T09:07:06Z' }),
      ]);
      const admin = async (id: number) =>
        (await site.api<EnvelopeBody>('GET', `/api/admin/articles/${id}`, { token: site.token })).body;
      expect((await admin(2)).data).toMatchObject({ status: 'published', publish_at: '2025-09-01T08:00:00Z', revision: 2 });
      const restored = await site.api<EnvelopeBody>('POST', '/api/admin/recycle-bin/3/restore', { token: site.token });
      expect(restored.body.data).toMatchObject({ status: 'published', publish_at: '2025-07-01T00:00:00Z' });
      const meta = JSON.parse(await readFile(path.join(dataDir, 'meta.json'), 'utf8')) as { version: number };
      expect(meta.version).toBe(DATA_FORMAT_VERSION);

      // Once migrated, a draft stays a draft across a restart: the step never runs again.
      await site.api('PUT', '/api/admin/articles/1', { token: site.token, json: { status: 'draft' } });
      await site.server.stop();
      site = await startSignedIn({ dataDir });
      expect((await admin(1)).data).toMatchObject({ status: 'draft', publish_at: null });
      expect((await site.api('GET', '/api/articles/1')).status).toBe(404);
    } finally {
      await site.server.stop();
    }
  });
});
