import { mkdir, mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { apiClient, startTestServer } from '../../../tests/support/test-server.js';
import type { EnvelopeBody } from '../../../tests/support/test-server.js';
import type { CollectionFile, CommentRecord } from '../../src/store/records.js';
import { DATA_FORMAT_VERSION } from '../../src/store/records.js';
import { Store } from '../../src/store/store.js';
import { buildStoredArticle, writeFormat2Directory } from './format-2-directory.js';

let dataDir: string;

beforeEach(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'folio-migrate-'));
});
afterEach(() => rm(dataDir, { recursive: true, force: true }));

const readJson = async <T>(name: string): Promise<T> => JSON.parse(await readFile(path.join(dataDir, name), 'utf8')) as T;

/** A data directory exactly as format 1 (before revisions) wrote it: two articles, one binned just now. */
async function writeFormat1Directory(): Promise<void> {
  const article = (id: number, deletedAt: string | null) => {
    const { revision: _revision, ...format1 } = buildStoredArticle(id, deletedAt);
    return { ...format1, body_rev: 3 };
  };
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
    await store.mutate(['articles'], (state) => {
      const first = state.articles.items[0]!;
      first.revision = 5;
      return first;
    });
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

const byId = (a: { id: number }, b: { id: number }) => a.id - b.id;

/** The comments a store holds, by id, compared with what the old `comments.json` had. */
const idsOfStore = (store: Store) => store.state.comments.all().sort(byId);

describe('data format 2 → 3 (one comment file per article)', () => {
  it('serves every comment of a format 2 directory through the real server, stored one file per article', async () => {
    const old = await writeFormat2Directory(dataDir, { articles: 5, comments: 23, deletedComments: 2 });
    let server = await startTestServer({ dataDir, config: { commentRateLimits: { perMinute: 1000, perHour: 1000 } } });
    try {
      const api = apiClient(server.url);
      const token = await server.login();
      const listed = await api<EnvelopeBody>('GET', '/api/admin/comments?per_page=100', { token });
      const comments = (listed.body.data as { comments: (CommentRecord & { article_title: string })[] }).comments;
      // Every comment, the binned article's included, with the private fields only the admin sees.
      // A comment stored before replies and review reads as a shown top-level visitor comment,
      // never held, so with no reason for holding it.
      const conversationDefaults = {
        parent_id: null,
        is_owner: false,
        status: 'published',
        reply_to_author: null,
        held_reason: null,
      };
      expect(comments.map(({ article_title: _title, ...comment }) => comment).sort(byId)).toEqual(
        old.comments.map((comment) => ({ ...comment, ...conversationDefaults })),
      );
      for (const article of old.articles.filter((candidate) => candidate.id !== old.binnedArticleId)) {
        const publicList = await api<EnvelopeBody>('GET', `/api/articles/${article.id}/comments?per_page=50`);
        const ids = (publicList.body.data as { comments: { id: number }[] }).comments.map((comment) => comment.id);
        expect(
          ids.sort((a, b) => a - b),
          `article ${article.id}`,
        ).toEqual(old.comments.filter((comment) => comment.article_id === article.id).map((comment) => comment.id));
      }

      expect(await readJson('meta.json')).toMatchObject({ version: DATA_FORMAT_VERSION });
      expect(await readdir(dataDir)).not.toContain('comments.json');
      expect((await readdir(path.join(dataDir, 'comments'))).sort()).toEqual(
        ['1.json', '2.json', '3.json', '4.json', '5.json', 'next-id.json'].sort(),
      );
      for (const article of old.articles) {
        const file = await readJson<CollectionFile<CommentRecord>>(`comments/${article.id}.json`);
        expect(file.items).toEqual(old.comments.filter((comment) => comment.article_id === article.id));
      }

      // Ids of comments deleted before the migration stay used.
      const posted = await api<EnvelopeBody>('POST', '/api/articles/1/comments', {
        json: { author: '新读者', content: '迁移之后的评论' },
      });
      expect(posted.body.id).toBe(old.nextCommentId);

      await server.stop();
      server = await startTestServer({ dataDir });
      const again = await apiClient(server.url)<EnvelopeBody>('GET', '/api/admin/comments?per_page=100', {
        token: await server.login(),
      });
      expect((again.body.data as { comments: unknown[] }).comments).toHaveLength(24);
    } finally {
      await server.stop();
    }
  });

  it('redoes a split that a crash interrupted before meta.json said 3, from comments.json alone', async () => {
    const old = await writeFormat2Directory(dataDir, { articles: 3, comments: 9 });
    // What an interrupted run leaves: one article's file written, one torn temp file, and a
    // file for an article comments.json does not know (written by nothing this start trusts).
    await mkdir(path.join(dataDir, 'comments'));
    await writeFile(path.join(dataDir, 'comments', '1.json'), `${JSON.stringify({ next_id: 2, items: [old.comments[0]] })}\n`);
    await writeFile(path.join(dataDir, 'comments', '.2.json.0a1b2c.tmp'), '{"next_id":');
    await writeFile(path.join(dataDir, 'comments', '7.json'), `${JSON.stringify({ next_id: 99, items: [] })}\n`);

    const store = await Store.open(dataDir);
    expect(idsOfStore(store)).toEqual(old.comments);
    expect(store.state.comments.next_id).toBe(old.nextCommentId);
    expect((await readdir(path.join(dataDir, 'comments'))).sort()).toEqual(['1.json', '2.json', '3.json', 'next-id.json']);
    expect((await readJson<CollectionFile<CommentRecord>>('comments/1.json')).items).toHaveLength(3);
    expect(await readdir(dataDir)).not.toContain('comments.json');
  });

  it('trusts the split files once meta.json says 3, and removes a comments.json the crash left behind', async () => {
    const old = await writeFormat2Directory(dataDir, { articles: 3, comments: 9 });
    const legacy = await readFile(path.join(dataDir, 'comments.json'), 'utf8');
    const migrated = await Store.open(dataDir);
    await migrated.mutate(['comments'], (state) => state.comments.remove(1));
    // The crash came after meta.json said 3 and before comments.json was removed.
    await writeFile(path.join(dataDir, 'comments.json'), legacy);

    const reopened = await Store.open(dataDir);
    expect(idsOfStore(reopened)).toEqual(old.comments.slice(1));
    expect(await readdir(dataDir)).not.toContain('comments.json');
  });
});
