import { describe, expect, it, vi } from 'vitest';
import { apiClient, connectRealtime, startTestServer } from '../../../tests/support/test-server.js';
import type { EnvelopeBody, TestServer } from '../../../tests/support/test-server.js';
import { createArticle, postComment, useArticleServer } from './articles.fixtures.js';
import type { Api } from './articles.fixtures.js';

let server: TestServer;
let api: Api;
let token: string;

const PRIVATE_KEYS = ['email', 'ip_address', 'user_agent'];

// Every request here comes from 127.0.0.1, so the per-IP limit is raised through config;
// the real limit (5 a minute) is checked on a server of its own below.
useArticleServer((started) => ({ server, api, token } = started), {
  config: { commentRateLimits: { perMinute: 10_000, perHour: 10_000 } },
});

describe('POST /api/articles/{id}/comments', () => {
  it('stores a trimmed comment with 201, the top-level id and only public fields, and emits comments_updated', async () => {
    const articleId = await createArticle(api, token);
    const realtime = await connectRealtime(server.url);
    try {
      const response = await postComment(
        api,
        articleId,
        { author: '  张三 ', content: ' 写得很好 ' },
        { 'User-Agent': 'FolioTest/1.0' },
      );
      expect(response.status).toBe(201);
      expect(response.body).toMatchObject({ code: 0, msg: '评论发布成功' });
      expect(response.body.data).toEqual({
        id: response.body.id,
        article_id: articleId,
        author: '张三',
        content: '写得很好',
        created_at: expect.stringMatching(/Z$/),
        parent_id: null,
        is_owner: false,
        status: 'published',
      });
      await expect(realtime.waitFor('comments_updated')).resolves.toEqual({ article_id: articleId });
    } finally {
      realtime.close();
    }
    const admin = await api<EnvelopeBody>('GET', '/api/admin/comments', { token });
    expect((admin.body.data as { comments: unknown[] }).comments[0]).toMatchObject({
      email: 'zhang@example.com',
      user_agent: 'FolioTest/1.0',
      ip_address: expect.stringContaining('127.0.0.1'),
    });
  });

  it('stores at most 512 characters of a long User-Agent', async () => {
    const articleId = await createArticle(api, token);
    const userAgent = `Mozilla/5.0 ${'x'.repeat(15_500)}`;
    expect((await postComment(api, articleId, {}, { 'User-Agent': userAgent })).status).toBe(201);
    const admin = await api<EnvelopeBody>('GET', '/api/admin/comments', { token });
    const stored = (admin.body.data as { comments: { user_agent: string }[] }).comments[0]?.user_agent;
    expect(stored).toBe(userAgent.slice(0, 512));
  });

  it('accepts a missing, empty or null email', async () => {
    const articleId = await createArticle(api, token);
    for (const email of [undefined, '', null]) {
      const response = await api<EnvelopeBody>('POST', `/api/articles/${articleId}/comments`, {
        json: { author: 'a', content: 'b', email },
      });
      expect(response.status).toBe(201);
    }
    const admin = await api<EnvelopeBody>('GET', '/api/admin/comments', { token });
    expect((admin.body.data as { comments: { email: string }[] }).comments.map((comment) => comment.email)).toEqual(['', '', '']);
  });

  it('rejects each broken rule with 400 and its message', async () => {
    const articleId = await createArticle(api, token);
    const cases: [Record<string, unknown>, string][] = [
      [{ author: '  ' }, '昵称和评论内容不能为空'],
      [{ content: '' }, '昵称和评论内容不能为空'],
      [{ author: undefined }, '昵称和评论内容不能为空'],
      [{ author: 'x'.repeat(51) }, '昵称不能超过50个字符'],
      [{ content: 'x'.repeat(2001) }, '评论内容不能超过2000个字符'],
      [{ email: 'not-an-email' }, '邮箱格式不正确'],
    ];
    for (const [overrides, msg] of cases) {
      const response = await postComment(api, articleId, overrides);
      expect(response.status, msg).toBe(400);
      expect(response.body).toMatchObject({ code: 1, msg, error: 'validation_failed' });
    }
    expect((await postComment(api, articleId, { author: `  ${'x'.repeat(50)}  ` })).status).toBe(201);
  });

  it('answers 404 for a missing article and has no public delete', async () => {
    const missing = await postComment(api, 99999);
    expect(missing.status).toBe(404);
    expect(missing.body.msg).toBe('文章不存在或已被删除');
    const articleId = await createArticle(api, token);
    const id = (await postComment(api, articleId)).body.id as number;
    expect((await api('DELETE', `/api/comments/${id}`)).status).toBe(404);
    expect((await api<EnvelopeBody>('GET', `/api/articles/${articleId}/comments`)).body.total).toBe(1);
  });

  it('stores all of 200 concurrent posts on one article', async () => {
    const articleId = await createArticle(api, token);
    const responses = await Promise.all(
      Array.from({ length: 200 }, (_, index) => postComment(api, articleId, { content: `并发评论 ${index}` })),
    );
    expect(responses.map((response) => response.status)).toEqual(Array(200).fill(201));
    expect(new Set(responses.map((response) => response.body.id)).size).toBe(200);
    const list = await api<EnvelopeBody>('GET', `/api/articles/${articleId}/comments?per_page=100`);
    expect(list.body.total).toBe(200);
    expect((await api<EnvelopeBody>('GET', `/api/articles/${articleId}`)).body.comment_count).toBe(200);
    await server.app.store.flush();
  });
});

describe('GET /api/articles/{id}/comments', () => {
  it('lists newest first with data.comments, pagination at both levels, and no private fields', async () => {
    const articleId = await createArticle(api, token);
    const other = await createArticle(api, token);
    for (let index = 1; index <= 25; index += 1) await postComment(api, articleId, { content: `评论${index}` });
    await postComment(api, other);

    const first = await api<EnvelopeBody>('GET', `/api/articles/${articleId}/comments`);
    expect(first.status).toBe(200);
    const pagination = { total: 25, pages: 2, current_page: 1, per_page: 20 };
    expect(first.body).toMatchObject({ code: 0, ...pagination, data: pagination });
    const comments = (first.body.data as { comments: Record<string, unknown>[] }).comments;
    expect(comments).toHaveLength(20);
    expect(comments[0]?.content).toBe('评论25');
    for (const comment of comments) for (const key of PRIVATE_KEYS) expect(comment).not.toHaveProperty(key);
    expect(JSON.stringify(first.body)).not.toContain('zhang@example.com');

    const second = await api<EnvelopeBody>('GET', `/api/articles/${articleId}/comments?page=2`);
    expect((second.body.data as { comments: unknown[] }).comments).toHaveLength(5);
    expect((await api<EnvelopeBody>('GET', `/api/articles/${articleId}/comments?page=0`)).body.msg).toBe('分页参数无效');
    expect((await api<EnvelopeBody>('GET', '/api/articles/99999/comments')).body.msg).toBe('文章不存在或已被删除');
  });

  it('keeps private fields out of the article detail too', async () => {
    const articleId = await createArticle(api, token);
    await postComment(api, articleId);
    const detail = await api<EnvelopeBody>('GET', `/api/articles/${articleId}`);
    expect(JSON.stringify(detail.body)).not.toMatch(/zhang@example\.com|ip_address|user_agent|"email"/);
  });
});

describe('admin comments', () => {
  it('lists every comment with private fields and article_title, including binned articles, with search and article_id', async () => {
    const live = await createArticle(api, token, { title: '在线文章' });
    const binned = await createArticle(api, token, { title: '回收站文章' });
    await postComment(api, live, { author: 'Alice', content: 'Great POST' });
    await postComment(api, binned, { author: '李四', content: '很有帮助' });
    await api('DELETE', `/api/admin/articles/${binned}`, { token });

    const all = await api<EnvelopeBody>('GET', '/api/admin/comments', { token });
    expect(all.body).toMatchObject({ total: 2, pages: 1, current_page: 1, per_page: 20, data: { total: 2 } });
    const comments = (all.body.data as { comments: Record<string, unknown>[] }).comments;
    expect(comments.map((comment) => comment.article_title)).toEqual(['回收站文章', '在线文章']);
    expect(Object.keys(comments[0] ?? {}).sort()).toEqual(
      [
        'article_id',
        'article_title',
        'author',
        'content',
        'created_at',
        'email',
        'id',
        'ip_address',
        'user_agent',
        'parent_id',
        'is_owner',
        'status',
        'held_reason',
        'reply_to_author',
      ].sort(),
    );

    const titles = async (query: string) =>
      (
        (await api<EnvelopeBody>('GET', `/api/admin/comments?${query}`, { token })).body.data as {
          comments: { article_title: string }[];
        }
      ).comments.map((comment) => comment.article_title);
    expect(await titles('search=alice')).toEqual(['在线文章']);
    expect(await titles('search=post')).toEqual(['在线文章']);
    expect(await titles(`search=${encodeURIComponent('帮助')}`)).toEqual(['回收站文章']);
    expect(await titles(`article_id=${binned}`)).toEqual(['回收站文章']);
    expect(await titles('article_id=')).toHaveLength(2);
    const bad = await api<EnvelopeBody>('GET', '/api/admin/comments?article_id=abc', { token });
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toBe('请求参数错误');
    expect((await api('GET', '/api/admin/comments')).status).toBe(401);
  });

  it('deletes a comment with 200, emits comments_updated and answers 404 after', async () => {
    const articleId = await createArticle(api, token);
    const id = (await postComment(api, articleId)).body.id as number;
    const realtime = await connectRealtime(server.url);
    try {
      const response = await api<EnvelopeBody>('DELETE', `/api/admin/comments/${id}`, {
        token,
        headers: { 'Content-Type': 'application/json' },
      });
      expect(response.body).toMatchObject({ code: 0, msg: '评论删除成功', data: { id } });
      await expect(realtime.waitFor('comments_updated')).resolves.toEqual({ article_id: articleId });
    } finally {
      realtime.close();
    }
    const again = await api<EnvelopeBody>('DELETE', `/api/admin/comments/${id}`, { token });
    expect(again.status).toBe(404);
    expect(again.body.msg).toBe('评论不存在');
    expect((await api('DELETE', '/api/admin/comments/abc', { token })).status).toBe(404);
    expect((await api<EnvelopeBody>('GET', `/api/articles/${articleId}`)).body.comment_count).toBe(0);
  });
});

describe('comment rate limit', () => {
  it('answers the sixth post in a minute from one IP with 429, Retry-After and data.retry_after', async () => {
    const limited = await startTestServer();
    try {
      const limitedApi = apiClient(limited.url);
      const limitedToken = await limited.login();
      const articleId = await createArticle(limitedApi, limitedToken);
      // A rejected form does not use up the allowance.
      expect((await postComment(limitedApi, articleId, { content: '' })).status).toBe(400);
      for (let index = 0; index < 5; index += 1) expect((await postComment(limitedApi, articleId)).status).toBe(201);

      const sixth = await postComment(limitedApi, articleId);
      expect(sixth.status).toBe(429);
      expect(sixth.body).toMatchObject({ code: 1, msg: '评论过于频繁，请稍后再试', error: 'rate_limited' });
      const retryAfter = (sixth.body.data as { retry_after: number }).retry_after;
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(60);
      expect(sixth.headers.get('Retry-After')).toBe(String(retryAfter));
      expect((await limitedApi<EnvelopeBody>('GET', `/api/articles/${articleId}/comments`)).body.total).toBe(5);
    } finally {
      await limited.close();
    }
  });

  it('does not count refused attempts: after many invalid posts the full allowance is still there', async () => {
    const limited = await startTestServer();
    try {
      const limitedApi = apiClient(limited.url);
      const articleId = await createArticle(limitedApi, await limited.login());
      for (let attempt = 0; attempt < 20; attempt += 1) {
        expect((await postComment(limitedApi, articleId, { content: '' })).status).toBe(400);
        expect((await postComment(limitedApi, articleId, { email: 'not-an-email' })).status).toBe(400);
        expect((await postComment(limitedApi, 99999)).status).toBe(404);
      }
      for (let index = 0; index < 5; index += 1) expect((await postComment(limitedApi, articleId)).status).toBe(201);
      expect((await postComment(limitedApi, articleId)).status).toBe(429);
      expect((await limitedApi<EnvelopeBody>('GET', `/api/articles/${articleId}/comments`)).body.total).toBe(5);
    } finally {
      await limited.close();
    }
  });

  it('does not let posts refused by the minute window use up the hourly allowance', async () => {
    const limited = await startTestServer({ config: { commentRateLimits: { perMinute: 2, perHour: 3 } } });
    try {
      const limitedApi = apiClient(limited.url);
      const articleId = await createArticle(limitedApi, await limited.login());
      // Only the clock the limiter reads moves; timers stay real so the server runs as usual.
      vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
      for (let index = 0; index < 2; index += 1) expect((await postComment(limitedApi, articleId)).status).toBe(201);
      for (let index = 0; index < 10; index += 1) expect((await postComment(limitedApi, articleId)).status).toBe(429);

      vi.setSystemTime(Date.now() + 61_000);
      // Two stored of three an hour: the ten refused posts did not count, so one more fits.
      expect((await postComment(limitedApi, articleId)).status).toBe(201);
      const overHour = await postComment(limitedApi, articleId);
      expect(overHour.status).toBe(429);
      expect((overHour.body.data as { retry_after: number }).retry_after).toBeGreaterThan(60);
      expect((await limitedApi<EnvelopeBody>('GET', `/api/articles/${articleId}/comments`)).body.total).toBe(3);
    } finally {
      vi.useRealTimers();
      await limited.close();
    }
  });
});
