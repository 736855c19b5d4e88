import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startSignedIn } from '../../../tests/support/test-server.js';
import type { EnvelopeBody } from '../../../tests/support/test-server.js';
import { DATA_FORMAT_VERSION } from '../../src/store/records.js';
import { buildArticleRecord } from '../support/article-record.js';

let dataDir: string;

beforeEach(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'folio-slug-migration-'));
});
afterEach(() => rm(dataDir, { recursive: true, force: true }));

/** A format 4 directory, before slugs: articles as the store kept them then, without `slug`. */
async function writeFormat4Directory(titles: string[]): Promise<void> {
  const json = (data: unknown) => `${JSON.stringify(data)}\n`;
  const articles = titles.map((title, index) => {
    const { slug: _slug, ...record } = buildArticleRecord(index + 1, { title });
    return record;
  });
  await writeFile(
    path.join(dataDir, 'meta.json'),
    json({ format: 'folio-data', version: 4, created_at: '2025-01-01T00:00:00.000Z' }),
  );
  await writeFile(path.join(dataDir, 'articles.json'), json({ next_id: titles.length + 1, items: articles, log_generation: 1 }));
  await mkdir(path.join(dataDir, 'article-bodies'));
  for (const article of articles) await writeFile(path.join(dataDir, 'article-bodies', `${article.id}-1.md`), '正文');
  await mkdir(path.join(dataDir, 'comments'));
}

describe('data format 4 → 5 (article slugs)', () => {
  it('gives every existing article the slug its title makes, once, the oldest keeping the plain one', async () => {
    await writeFormat4Directory(['你好世界', 'Hello', '你好世界', '🎉']);
    let site = await startSignedIn({ dataDir });
    const slugs = async () =>
      (
        (await site.api<EnvelopeBody>('GET', '/api/admin/articles', { token: site.token })).body.data as {
          id: number;
          slug: string;
        }[]
      )
        .map(({ id, slug }) => [id, slug])
        .sort((a, b) => Number(a[0]) - Number(b[0]));
    try {
      expect(await slugs()).toEqual([
        [1, 'ni-hao-shi-jie'],
        [2, 'hello'],
        [3, 'ni-hao-shi-jie-2'],
        [4, 'article-4'],
      ]);
      const meta = JSON.parse(await readFile(path.join(dataDir, 'meta.json'), 'utf8')) as { version: number };
      expect(meta.version).toBe(DATA_FORMAT_VERSION);

      // Once given, a slug is the owner's: a restart makes none again.
      await site.api('PUT', '/api/admin/articles/2', { token: site.token, json: { title: 'Renamed' } });
      await site.server.stop();
      site = await startSignedIn({ dataDir });
      expect(await slugs()).toEqual([
        [1, 'ni-hao-shi-jie'],
        [2, 'hello'],
        [3, 'ni-hao-shi-jie-2'],
        [4, 'article-4'],
      ]);
    } finally {
      await site.server.stop();
    }
  });
});
