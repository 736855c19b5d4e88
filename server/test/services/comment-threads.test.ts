import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, startTestServer } from '../../../tests/support/test-server.js';
import type { EnvelopeBody, TestServer } from '../../../tests/support/test-server.js';
import { commentThreads } from '../../src/services/comment-threads.js';
import type { CommentRecord } from '../../src/store/records.js';
import { backupArticle } from '../fixtures/backup.js';

/** How deep the reply chain goes: as deep as a long-running argument, and far past any recursion budget. */
const CHAIN_DEPTH = 4000;

const buildComment = (id: number, parentId: number | null): CommentRecord =>
  ({ id, article_id: 1, author: '访客', email: '', content: `第${id}条`, parent_id: parentId }) as CommentRecord;

describe('commentThreads', () => {
  it('puts a reply chain thousands deep under its top comment, oldest first, without recursing', () => {
    const oldestFirst = Array.from({ length: CHAIN_DEPTH }, (_, index) => buildComment(index + 1, index === 0 ? null : index));
    const threads = commentThreads([...oldestFirst].reverse());
    expect(threads).toHaveLength(1);
    expect(threads[0]?.map((comment) => comment.id)).toEqual(oldestFirst.map((comment) => comment.id));
  });

  it('heads a thread with a reply whose parent is gone, and ends a cycle of damaged data', () => {
    const newestFirst = [buildComment(5, 4), buildComment(4, 5), buildComment(3, 99), buildComment(2, 1), buildComment(1, null)];
    expect(commentThreads(newestFirst).map((thread) => thread.map((comment) => comment.id))).toEqual([[5, 4], [3], [1, 2]]);
  });
});

describe("an article's comment threads", () => {
  let server: TestServer;
  let api: ReturnType<typeof apiClient>;

  beforeAll(async () => {
    server = await startTestServer({ config: { commentRateLimits: { perMinute: 10_000, perHour: 10_000 } } });
    api = apiClient(server.url);
    const comments = Array.from({ length: CHAIN_DEPTH }, (_, index) => ({
      id: index + 1,
      article_id: 1,
      author: '访客',
      content: `第${index + 1}层`,
      parent_id: index === 0 ? null : index,
    }));
    const imported = await api('POST', '/api/admin/import', {
      token: await server.login(),
      json: { version: 2, articles: [backupArticle(1)], comments },
    });
    expect(imported.status).toBe(200);
  });
  afterAll(() => server.close());

  it('are built once per change of the comments, not on every read', async () => {
    const { publicArticles } = server.app.context.services;
    const detail = await api<EnvelopeBody>('GET', '/api/articles/1');
    expect(detail.status).toBe(200);
    const shown = (detail.body.data as { comment_count: number; comment_threads: { id: number }[] }).comment_threads;
    expect(shown).toHaveLength(CHAIN_DEPTH);
    expect(shown.at(-1)?.id).toBe(CHAIN_DEPTH);

    const built = publicArticles.commentsOf(1);
    expect((await api('GET', '/api/articles/1')).status).toBe(200);
    expect((await api('GET', '/api/articles/1/comments?threads=1')).status).toBe(200);
    expect(publicArticles.commentsOf(1)).toBe(built);

    const reply = await api<EnvelopeBody>('POST', '/api/articles/1/comments', {
      json: { author: '新访客', content: '接着最深的一层', parent_id: CHAIN_DEPTH },
    });
    expect(reply.status).toBe(201);
    const rebuilt = publicArticles.commentsOf(1);
    expect(rebuilt).not.toBe(built);
    expect(rebuilt.threads[0]?.at(-1)?.content).toBe('接着最深的一层');
    const after = (await api<EnvelopeBody>('GET', '/api/articles/1')).body.data as { comment_count: number };
    expect(after.comment_count).toBe(CHAIN_DEPTH + 1);
    expect(publicArticles.commentsOf(1)).toBe(rebuilt);
  });
});
