import { describe, expect, it } from 'vitest';
import { apiClient, startTestServer } from '../../../tests/support/test-server.js';
import type { EnvelopeBody, TestServer } from '../../../tests/support/test-server.js';
import { createArticle, idsOf, postComment, useArticleServer } from './articles.fixtures.js';
import type { Api } from './articles.fixtures.js';

let server: TestServer;
let api: Api;
let token: string;

// Comments are posted freely here; the limit itself is tested in comments.test.ts.
useArticleServer((started) => ({ server, api, token } = started), {
  config: { commentRateLimits: { perMinute: 1000, perHour: 1000 } },
});

describe('GET /api/articles', () => {
  it('lists live articles newest first with legacy keys, public tags as an array and cover_image', async () => {
    const first = await createArticle(api, token, { title: 'A', cover: '/uploads/a.png' });
    const second = await createArticle(api, token, { title: 'B' });
    await postComment(api, first);

    const response = await api<EnvelopeBody>('GET', '/api/articles');
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ code: 0, msg: 'success', total: 2, pages: 1, current_page: 1, per_page: 9 });
    expect(response.body.articles).toEqual(response.body.data);
    expect(idsOf(response.body)).toEqual([second, first]);
    const card = (response.body.data as Record<string, unknown>[])[1];
    expect(card).toEqual({
      id: first,
      slug: 'a',
      title: 'A',
      summary: '介绍 React 18',
      category: '前端开发',
      tags: ['React', 'JavaScript'],
      cover: '/uploads/a.png',
      cover_image: '/uploads/a.png',
      excerpt: '介绍 React 18',
      share_image: '/uploads/a.png',
      views: 0,
      comment_count: 1,
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/),
      updated_at: expect.stringMatching(/Z$/),
      publish_at: card?.created_at,
    });
    expect(card).not.toHaveProperty('content');
  });

  it('paginates with per_page capped at 100, an empty page past the end, and 400 for bad values', async () => {
    for (let index = 0; index < 12; index += 1) await createArticle(api, token, { title: `T${index}` });
    const second = await api<EnvelopeBody>('GET', '/api/articles?page=2');
    expect(second.body).toMatchObject({ total: 12, pages: 2, current_page: 2, per_page: 9 });
    expect(second.body.data).toHaveLength(3);

    expect((await api<EnvelopeBody>('GET', '/api/articles?per_page=500')).body).toMatchObject({ per_page: 100, pages: 1 });
    const past = await api<EnvelopeBody>('GET', '/api/articles?page=9');
    expect(past.status).toBe(200);
    expect(past.body).toMatchObject({ data: [], articles: [], total: 12, current_page: 9 });

    for (const query of ['page=0', 'page=-1', 'page=abc', 'per_page=0', 'per_page=1.5']) {
      const bad = await api<EnvelopeBody>('GET', `/api/articles?${query}`);
      expect(bad.status, query).toBe(400);
      expect(bad.body).toMatchObject({ code: 1, msg: '分页参数无效', error: 'bad_request' });
    }
  });

  it('filters by exact category and exact tag', async () => {
    const react = await createArticle(api, token, { title: 'R', category: '前端开发', tags: 'React,JavaScript' });
    const java = await createArticle(api, token, { title: 'J', category: '后端开发', tags: 'Java' });
    const list = async (query: string) => idsOf((await api<EnvelopeBody>('GET', `/api/articles?${query}`)).body);
    expect(await list(`category=${encodeURIComponent('后端开发')}`)).toEqual([java]);
    expect(await list(`category=${encodeURIComponent('后端')}`)).toEqual([]);
    // The original matched "Java" inside "JavaScript"; the tag filter is now exact.
    expect(await list('tag=Java')).toEqual([java]);
    expect(await list('tag=JavaScript')).toEqual([react]);
    expect(await list('tag=Script')).toEqual([]);
  });

  it('searches title, tags, summary and body case-insensitively, ranking title > tag > summary > body', async () => {
    const body = await createArticle(api, token, {
      title: '杂记',
      tags: 'Notes',
      summary: '随笔',
      content: '我们聊聊 java 安全管理器的用法',
    });
    const summary = await createArticle(api, token, {
      title: '随想',
      tags: 'Misc',
      summary: '关于安全的一些想法',
      content: '正文',
    });
    const tag = await createArticle(api, token, { title: '日志', tags: '网络安全,Linux', summary: '运维', content: '正文' });
    const title = await createArticle(api, token, { title: 'Java 安全管理器', tags: 'Java', summary: '介绍', content: '正文' });
    await createArticle(api, token, { title: '无关', tags: 'Other', summary: '无关', content: '完全无关的内容' });

    const search = async (term: string) =>
      idsOf((await api<EnvelopeBody>('GET', `/api/articles?search=${encodeURIComponent(term)}`)).body);
    expect(await search('安全')).toEqual([title, tag, summary, body]);
    expect(await search('JAVA 安全')).toEqual([title, body]);
    expect(await search('linux')).toEqual([tag]);
    expect(await search('不存在的词')).toEqual([]);
  });

  it('ranks newest first within one kind of match', async () => {
    const older = await createArticle(api, token, { title: 'Vue 入门' });
    const newer = await createArticle(api, token, { title: 'Vue 进阶' });
    const response = await api<EnvelopeBody>('GET', '/api/articles?search=vue');
    expect(idsOf(response.body)).toEqual([newer, older]);
  });

  it('finds an article by its new text after an edit and no longer by the old text', async () => {
    const id = await createArticle(api, token, { content: '旧的正文 alpha' });
    expect(idsOf((await api<EnvelopeBody>('GET', '/api/articles?search=alpha')).body)).toEqual([id]);
    await api('PUT', `/api/admin/articles/${id}`, { token, json: { content: '新的正文 beta' } });
    expect(idsOf((await api<EnvelopeBody>('GET', '/api/articles?search=alpha')).body)).toEqual([]);
    expect(idsOf((await api<EnvelopeBody>('GET', '/api/articles?search=BETA')).body)).toEqual([id]);
  });
  it('answers a repeated list, filter, search and category request with the data as it is after each change', async () => {
    const id = await createArticle(api, token, { title: '缓存验证', category: '前端开发', tags: 'React' });
    const ask = async () => ({
      all: idsOf((await api<EnvelopeBody>('GET', '/api/articles')).body),
      category: idsOf((await api<EnvelopeBody>('GET', `/api/articles?category=${encodeURIComponent('后端开发')}`)).body),
      search: idsOf((await api<EnvelopeBody>('GET', `/api/articles?search=${encodeURIComponent('缓存')}`)).body),
      categories: (await api<EnvelopeBody>('GET', '/api/categories')).body.data,
    });
    // Asked twice: the second answer comes from what the first derived, and must be the same.
    expect(await ask()).toEqual({ all: [id], category: [], search: [id], categories: ['前端开发'] });
    expect(await ask()).toEqual({ all: [id], category: [], search: [id], categories: ['前端开发'] });

    await api('PUT', `/api/admin/articles/${id}`, { token, json: { category: '后端开发' } });
    expect(await ask()).toEqual({ all: [id], category: [id], search: [id], categories: ['后端开发'] });

    expect((await api('DELETE', `/api/admin/articles/${id}`, { token })).status).toBe(200);
    expect(await ask()).toEqual({ all: [], category: [], search: [], categories: [] });

    expect((await api('POST', `/api/admin/recycle-bin/${id}/restore`, { token })).status).toBe(200);
    expect(await ask()).toEqual({ all: [id], category: [id], search: [id], categories: ['后端开发'] });
  });
});

describe('GET /api/articles/{id}', () => {
  it('returns the detail at the top level and in data, adding one view per GET but not per HEAD', async () => {
    const id = await createArticle(api, token);
    await postComment(api, id, { content: '第一条' });
    await postComment(api, id, { content: '第二条' });

    const first = await api<EnvelopeBody>('GET', `/api/articles/${id}`);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({
      code: 0,
      id,
      title: 'React 18 新特性',
      content: '# 并发渲染\n\n正文内容',
      views: 1,
      comment_count: 2,
    });
    const { code: _code, msg: _msg, data, ...topLevel } = first.body;
    expect(topLevel).toEqual(data);
    expect(data).toMatchObject({ tags: ['React', 'JavaScript'], cover: '', cover_image: '', updated_at: expect.any(String) });
    const comments = (data as { comments: Record<string, unknown>[] }).comments;
    expect(comments.map((comment) => comment.content)).toEqual(['第二条', '第一条']);
    // The original fields, plus the thread's parent and the owner's mark; never the email, IP or user agent.
    expect(Object.keys(comments[0] ?? {}).sort()).toEqual([
      'article_id',
      'author',
      'content',
      'created_at',
      'id',
      'is_owner',
      'parent_id',
    ]);

    const head = await fetch(`${server.url}/api/articles/${id}`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    await api('GET', `/api/admin/articles/${id}`, { token });
    expect((await api<EnvelopeBody>('GET', `/api/articles/${id}`)).body.views).toBe(2);
    expect((await api<EnvelopeBody>('GET', '/api/articles')).body.data).toMatchObject([{ id, views: 2 }]);

    // An open page refetching after a realtime hint is not a new view.
    const refreshed = await api<EnvelopeBody>('GET', `/api/articles/${id}?refresh=1`);
    expect(refreshed.status).toBe(200);
    expect(refreshed.body).toMatchObject({ id, views: 2, content: '# 并发渲染\n\n正文内容' });
    expect((await api<EnvelopeBody>('GET', `/api/articles/${id}`)).body.views).toBe(3);
  });

  it('carries only the 20 newest comments while comment_count counts all', async () => {
    const id = await createArticle(api, token);
    for (let index = 1; index <= 22; index += 1) await postComment(api, id, { content: `评论${index}` });
    const detail = (await api<EnvelopeBody>('GET', `/api/articles/${id}`)).body;
    const comments = detail.comments as { content: string }[];
    expect(detail.comment_count).toBe(22);
    expect(comments).toHaveLength(20);
    expect(comments[0]?.content).toBe('评论22');
    expect(comments[19]?.content).toBe('评论3');
  });

  it('answers 404 for missing, malformed and binned ids', async () => {
    const id = await createArticle(api, token);
    await api('DELETE', `/api/admin/articles/${id}`, { token });
    for (const path of [`/api/articles/${id}`, '/api/articles/99999', '/api/articles/abc', '/api/articles/0']) {
      const response = await api<EnvelopeBody>('GET', path);
      expect(response.status, path).toBe(404);
      expect(response.body).toMatchObject({ code: 1, msg: '文章不存在或已被删除', error: 'not_found' });
    }
  });
});

describe('GET /api/categories and /api/tags', () => {
  it('count live articles only, ordered by count then name, with legacy keys', async () => {
    await createArticle(api, token, { category: '后端开发', tags: 'Python,React' });
    await createArticle(api, token, { category: '前端开发', tags: 'React,Vue' });
    await createArticle(api, token, { category: '前端开发', tags: 'React' });
    await createArticle(api, token, { category: '', tags: 'Go' });
    const binned = await createArticle(api, token, { category: '数据库', tags: 'SQL' });
    await api('DELETE', `/api/admin/articles/${binned}`, { token });

    const categories = await api<EnvelopeBody>('GET', '/api/categories');
    expect(categories.body).toMatchObject({ code: 0, categories: ['前端开发', '后端开发'], data: ['前端开发', '后端开发'] });
    const tags = await api<EnvelopeBody>('GET', '/api/tags');
    expect(tags.body.data).toEqual({ React: 3, Go: 1, Python: 1, Vue: 1 });
    expect(Object.keys(tags.body.data as object)).toEqual(['React', 'Go', 'Python', 'Vue']);
    expect(tags.body.tags).toEqual(tags.body.data);
  });
});

describe('data survives a restart', () => {
  it('keeps articles, bodies, views and comments after stopping and starting on the same data dir', async () => {
    const restartable = await startTestServer();
    const restartApi = apiClient(restartable.url);
    const restartToken = await restartable.login();
    const id = await createArticle(restartApi, restartToken, { title: '重启之后', content: '正文仍在' });
    await postComment(restartApi, id);
    await restartApi('GET', `/api/articles/${id}`);
    await restartable.stop();

    const again = await startTestServer({ dataDir: restartable.dataDir });
    try {
      const detail = await apiClient(again.url)<EnvelopeBody>('GET', `/api/articles/${id}`);
      expect(detail.body).toMatchObject({ title: '重启之后', content: '正文仍在', comment_count: 1, views: 2 });
    } finally {
      await again.close();
    }
  });
});
