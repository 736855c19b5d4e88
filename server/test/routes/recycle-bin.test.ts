import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { apiClient, connectRealtime, startTestServer } from '../../../tests/support/test-server.js';
import type { EnvelopeBody, TestServer } from '../../../tests/support/test-server.js';
import { createArticle, idsOf, postComment, useArticleServer } from './articles.fixtures.js';
import type { Api } from './articles.fixtures.js';

let server: TestServer;
let api: Api;
let token: string;

const DAY_MS = 24 * 60 * 60 * 1000;

useArticleServer((started) => ({ server, api, token } = started), {
  config: { commentRateLimits: { perMinute: 1000, perHour: 1000 } },
});

async function binArticle(overrides: Parameters<typeof createArticle>[2] = {}): Promise<number> {
  const id = await createArticle(api, token, overrides);
  await api('DELETE', `/api/admin/articles/${id}`, { token });
  return id;
}

describe('GET /api/admin/recycle-bin', () => {
  it('lists binned articles newest deleted first, as admin rows with deleted_at and purge_at 15 days later', async () => {
    const first = await createArticle(api, token, { title: '先删除', tags: 'React' });
    await postComment(api, first);
    await api('DELETE', `/api/admin/articles/${first}`, { token });
    const second = await binArticle({ title: '后删除' });
    await createArticle(api, token, { title: '仍在线' });

    const response = await api<EnvelopeBody>('GET', '/api/admin/recycle-bin', { token });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ code: 0, total: 2, pages: 1, current_page: 1, per_page: 20 });
    expect(idsOf(response.body)).toEqual([second, first]);
    const item = (response.body.data as Record<string, string>[])[1] ?? {};
    expect(item).toMatchObject({ id: first, title: '先删除', tags: 'React', comment_count: 1, views: 0 });
    expect(item).not.toHaveProperty('content');
    expect(Date.parse(item.purge_at ?? '') - Date.parse(item.deleted_at ?? '')).toBe(15 * DAY_MS);
    expect(item.deleted_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);

    expect((await api<EnvelopeBody>('GET', '/api/admin/recycle-bin?per_page=1&page=2', { token })).body).toMatchObject({
      pages: 2,
      data: [{ id: first }],
    });
    expect((await api<EnvelopeBody>('GET', '/api/admin/recycle-bin?page=x', { token })).status).toBe(400);
    expect((await api('GET', '/api/admin/recycle-bin')).status).toBe(401);
  });
});

describe('restore', () => {
  it('makes the article live again with its comments and emits articles_updated', async () => {
    const id = await binArticle({ title: '可恢复' });
    const realtime = await connectRealtime(server.url);
    try {
      const response = await api<EnvelopeBody>('POST', `/api/admin/recycle-bin/${id}/restore`, { token });
      expect(response.status).toBe(200);
      expect(response.body).toMatchObject({
        code: 0,
        msg: '已恢复',
        data: { id, title: '可恢复', content: '# 并发渲染\n\n正文内容' },
      });
      await expect(realtime.waitFor('articles_updated')).resolves.toEqual({ ids: [id] });
    } finally {
      realtime.close();
    }
    expect((await api<EnvelopeBody>('GET', `/api/articles/${id}`)).body.title).toBe('可恢复');
    expect((await api<EnvelopeBody>('GET', '/api/admin/recycle-bin', { token })).body.total).toBe(0);
  });

  it('keeps comments hidden while binned and brings them back on restore', async () => {
    const id = await createArticle(api, token);
    await postComment(api, id, { content: '留下的评论' });
    await api('DELETE', `/api/admin/articles/${id}`, { token });
    expect((await api('GET', `/api/articles/${id}/comments`)).status).toBe(404);
    await api('POST', `/api/admin/recycle-bin/${id}/restore`, { token });
    const comments = await api<EnvelopeBody>('GET', `/api/articles/${id}/comments`);
    expect((comments.body.data as { comments: { content: string }[] }).comments.map((comment) => comment.content)).toEqual([
      '留下的评论',
    ]);
  });

  it('answers 404 回收站中没有该文章 for a live or missing article', async () => {
    const live = await createArticle(api, token);
    for (const id of [live, 99999]) {
      const response = await api<EnvelopeBody>('POST', `/api/admin/recycle-bin/${id}/restore`, { token });
      expect(response.status).toBe(404);
      expect(response.body.msg).toBe('回收站中没有该文章');
    }
  });
});

describe('purge', () => {
  it('removes one binned article with its comments and body file, emitting no event', async () => {
    const id = await createArticle(api, token);
    expect((await postComment(api, id)).status).toBe(201);
    await server.app.store.flush();
    expect(await readdir(path.join(server.dataDir, 'comments'))).toContain(`${id}.json`);
    await api('DELETE', `/api/admin/articles/${id}`, { token });
    const kept = await binArticle();
    const realtime = await connectRealtime(server.url);
    try {
      const response = await api<EnvelopeBody>('DELETE', `/api/admin/recycle-bin/${id}`, { token });
      expect(response.body).toMatchObject({ code: 0, msg: '已彻底删除', data: { id } });
      const again = await api<EnvelopeBody>('DELETE', `/api/admin/recycle-bin/${id}`, { token });
      expect(again.status).toBe(404);
      expect(again.body.msg).toBe('回收站中没有该文章');
      // Give an event the chance to arrive through a round trip before checking none came.
      await api('GET', '/api/articles');
      expect(realtime.events.filter((event) => event.name === 'articles_updated')).toEqual([]);
    } finally {
      realtime.close();
    }
    expect(idsOf((await api<EnvelopeBody>('GET', '/api/admin/recycle-bin', { token })).body)).toEqual([kept]);
    const remaining = (await api<EnvelopeBody>('GET', '/api/admin/comments', { token })).body.data as {
      comments: { article_id: number }[];
    };
    expect(remaining.comments.some((comment) => comment.article_id === id)).toBe(false);
    await server.app.store.flush();
    const bodies = await readdir(path.join(server.dataDir, 'article-bodies'));
    expect(bodies.some((name) => name.startsWith(`${id}-`))).toBe(false);
    expect(await readdir(path.join(server.dataDir, 'comments'))).not.toContain(`${id}.json`);
  });

  it('refuses to purge a live article', async () => {
    const live = await createArticle(api, token);
    const response = await api<EnvelopeBody>('DELETE', `/api/admin/recycle-bin/${live}`, { token });
    expect(response.status).toBe(404);
    expect((await api<EnvelopeBody>('GET', `/api/articles/${live}`)).status).toBe(200);
  });

  it('empties the bin, leaving live articles alone', async () => {
    await binArticle();
    await binArticle();
    const live = await createArticle(api, token);
    const response = await api<EnvelopeBody>('DELETE', '/api/admin/recycle-bin', { token });
    expect(response.body).toMatchObject({ code: 0, msg: '回收站已清空', data: { purged: 2 } });
    expect((await api<EnvelopeBody>('DELETE', '/api/admin/recycle-bin', { token })).body.data).toEqual({ purged: 0 });
    expect(idsOf((await api<EnvelopeBody>('GET', '/api/admin/articles', { token })).body)).toEqual([live]);
  });
});

describe('automatic purge', () => {
  it('purges articles once they have been binned longer than the retention period', async () => {
    const shortLived = await startTestServer({ config: { recycleBinRetentionMs: 300 } });
    try {
      const shortApi = apiClient(shortLived.url);
      const shortToken = await shortLived.login();
      const binned = await createArticle(shortApi, shortToken, { title: '将被清除' });
      const live = await createArticle(shortApi, shortToken, { title: '保留' });
      await shortApi('DELETE', `/api/admin/articles/${binned}`, { token: shortToken });

      // The timer runs in the background; the store is read directly so no request triggers a purge.
      await vi.waitFor(() => expect(shortLived.app.store.state.articles.items.map((article) => article.id)).toEqual([live]), {
        timeout: 10_000,
        interval: 50,
      });
      expect((await shortApi<EnvelopeBody>('GET', '/api/admin/recycle-bin', { token: shortToken })).body.total).toBe(0);
    } finally {
      await shortLived.close();
    }
  });

  it('purges articles that expired while the server was stopped as soon as it starts', async () => {
    const first = await startTestServer();
    const firstApi = apiClient(first.url);
    const firstToken = await first.login();
    const binned = await createArticle(firstApi, firstToken);
    await firstApi('DELETE', `/api/admin/articles/${binned}`, { token: firstToken });
    await first.stop();

    // A restart with a retention the article has already outlived.
    const restarted = await startTestServer({ dataDir: first.dataDir, config: { recycleBinRetentionMs: 1 } });
    try {
      await vi.waitFor(() => expect(restarted.app.store.state.articles.items).toEqual([]), { timeout: 5000, interval: 20 });
    } finally {
      await restarted.close();
    }
  });
});
