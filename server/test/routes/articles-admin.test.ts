import { describe, expect, it } from 'vitest';
import { connectRealtime } from '../../../tests/support/test-server.js';
import type { EnvelopeBody, TestServer } from '../../../tests/support/test-server.js';
import { buildArticle, createArticle, idsOf, useArticleServer } from './articles.fixtures.js';
import type { Api } from './articles.fixtures.js';

let server: TestServer;
let api: Api;
let token: string;

useArticleServer((started) => ({ server, api, token } = started));

describe('admin article endpoints need a token', () => {
  it('answers 401 without one', async () => {
    for (const [method, path] of [
      ['GET', '/api/admin/articles'],
      ['POST', '/api/admin/articles'],
      ['GET', '/api/admin/articles/1'],
      ['PUT', '/api/admin/articles/1'],
      ['DELETE', '/api/admin/articles/1'],
      ['POST', '/api/admin/articles/batch-delete'],
    ] as const) {
      const response = await api<EnvelopeBody>(method, path, method === 'GET' ? {} : { json: {} });
      expect(response.status, `${method} ${path}`).toBe(401);
      expect(response.body).toMatchObject({ code: 1, msg: 'Token不存在' });
    }
  });
});

describe('POST /api/admin/articles', () => {
  it('creates with 201, the top-level id and the admin detail, normalising tags', async () => {
    const realtime = await connectRealtime(server.url);
    try {
      const response = await api<EnvelopeBody>('POST', '/api/admin/articles', {
        token,
        json: buildArticle({ title: '  标题  ', tags: ' React, JavaScript ,,React', cover: 'https://cdn.example.com/a.png' }),
      });
      expect(response.status).toBe(201);
      const id = response.body.id as number;
      expect(response.body).toMatchObject({ code: 0, msg: '新增成功' });
      expect(response.body.data).toEqual({
        id,
        slug: 'biao-ti',
        title: '标题',
        category: '前端开发',
        tags: 'React,JavaScript',
        summary: '介绍 React 18',
        cover: 'https://cdn.example.com/a.png',
        excerpt: '介绍 React 18',
        share_image: 'https://cdn.example.com/a.png',
        content: '# 并发渲染\n\n正文内容',
        views: 0,
        comment_count: 0,
        created_at: expect.stringMatching(/Z$/),
        updated_at: expect.stringMatching(/Z$/),
        revision: 1,
        drawn_diagrams: [],
        status: 'published',
        publish_at: expect.stringMatching(/Z$/),
        has_autosave: false,
        // Mail configured or not, a new article mails its subscribers unless told not to (server/API.md §E23.11).
        notify_subscribers: true,
        subscribers_notified_at: null,
        autosave: null,
      });
      // Published on creation, as the original client expects: it went public when it was created.
      const { created_at, publish_at } = response.body.data as { created_at: string; publish_at: string };
      expect(publish_at).toBe(created_at);
      await expect(realtime.waitFor('articles_updated')).resolves.toEqual({ ids: [id] });
    } finally {
      realtime.close();
    }
  });

  it('accepts tags as an array and defaults the optional fields to empty strings', async () => {
    const response = await api<EnvelopeBody>('POST', '/api/admin/articles', {
      token,
      json: { title: 'T', content: 'C', tags: ['Go', ' Rust ', 'Go'], category: null, summary: null, cover: null },
    });
    expect(response.status).toBe(201);
    expect(response.body.data).toMatchObject({ tags: 'Go,Rust', category: '', summary: '', cover: '' });
  });

  it('rejects each broken 9.1 rule with 400 and its message, storing nothing', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ title: '' }, '标题和正文必填'],
      [{ title: '   ' }, '标题和正文必填'],
      [{ title: undefined }, '标题和正文必填'],
      [{ content: ' \n ' }, '标题和正文必填'],
      [{ content: undefined }, '标题和正文必填'],
      [{ title: 'x'.repeat(129) }, '标题不能超过128个字符'],
      [{ category: 'x'.repeat(65) }, '分类不能超过64个字符'],
      [{ category: 'a,b' }, '分类不能包含逗号'],
      [{ tags: 'C++' }, '标签格式不合法，只能包含中英文、数字、逗号、下划线、短横线'],
      [{ tags: ['ok', 'bad!'] }, '标签格式不合法，只能包含中英文、数字、逗号、下划线、短横线'],
      [{ tags: 42 }, '标签格式不合法，只能包含中英文、数字、逗号、下划线、短横线'],
      [{ summary: 'x'.repeat(1001) }, '摘要不能超过1000个字符'],
      [{ cover: 'javascript:alert(1)' }, '封面地址无效'],
      [{ cover: 'uploads/a.png' }, '封面地址无效'],
      [{ cover: `/${'a'.repeat(512)}` }, '封面地址无效'],
    ];
    for (const [overrides, msg] of cases) {
      const response = await api<EnvelopeBody>('POST', '/api/admin/articles', { token, json: buildArticle(overrides) });
      expect(response.status, JSON.stringify(overrides).slice(0, 60)).toBe(400);
      expect(response.body).toMatchObject({ code: 1, msg, error: 'validation_failed' });
      expect((response.body.data as { errors: { msg: string }[] }).errors[0]?.msg).toBe(msg);
    }
    expect((await api<EnvelopeBody>('GET', '/api/admin/articles', { token })).body.total).toBe(0);
  });

  it('answers 415 for a non-JSON body and 400 for malformed JSON', async () => {
    const form = await api<EnvelopeBody>('POST', '/api/admin/articles', {
      token,
      body: 'title=x',
      headers: { 'Content-Type': 'text/plain' },
    });
    expect(form.status).toBe(415);
    expect(form.body.msg).toBe('请求体必须是JSON');
    const broken = await api<EnvelopeBody>('POST', '/api/admin/articles', {
      token,
      body: '{"title":',
      headers: { 'Content-Type': 'application/json' },
    });
    expect(broken.status).toBe(400);
    expect(broken.body.msg).toBe('请求体不是合法的JSON');
  });
});

describe('GET /api/admin/articles', () => {
  it('lists with data as the array, tags as a string, per_page 10 and a title-only search', async () => {
    const ids: number[] = [];
    for (let index = 0; index < 11; index += 1) ids.push(await createArticle(api, token, { title: `Post ${index}` }));
    const hidden = await createArticle(api, token, { title: 'Other', content: 'Post in the body only', summary: 'Post' });

    const page = await api<EnvelopeBody>('GET', '/api/admin/articles', { token });
    expect(page.body).toMatchObject({ code: 0, total: 12, pages: 2, current_page: 1, per_page: 10 });
    expect(page.body).not.toHaveProperty('articles');
    const first = (page.body.data as Record<string, unknown>[])[0];
    expect(first).toMatchObject({ id: hidden, tags: 'React,JavaScript' });
    expect(first).not.toHaveProperty('content');
    expect(first).not.toHaveProperty('cover_image');

    const search = await api<EnvelopeBody>('GET', '/api/admin/articles?search=post&per_page=100', { token });
    expect(idsOf(search.body)).toEqual([...ids].reverse());
    expect((await api<EnvelopeBody>('GET', '/api/admin/articles?search=', { token })).body.total).toBe(12);
    expect((await api<EnvelopeBody>('GET', '/api/admin/articles?per_page=x', { token })).body.msg).toBe('分页参数无效');
  });
});

describe('GET and PUT /api/admin/articles/{id}', () => {
  it('returns the detail at the top level and in data without counting a view', async () => {
    const id = await createArticle(api, token);
    const response = await api<EnvelopeBody>('GET', `/api/admin/articles/${id}`, {
      token,
      headers: { 'Content-Type': 'application/json' },
    });
    const { code, msg, data, ...topLevel } = response.body;
    expect({ code, msg }).toEqual({ code: 0, msg: 'success' });
    expect(topLevel).toEqual(data);
    expect(data).toMatchObject({ id, tags: 'React,JavaScript', content: '# 并发渲染\n\n正文内容', views: 0 });
    expect((await api<EnvelopeBody>('GET', `/api/admin/articles/${id}`, { token })).body.views).toBe(0);
  });

  it('accepts the whole detail response sent back as the PUT body, ignoring read-only keys', async () => {
    const realtime = await connectRealtime(server.url);
    try {
      const id = await createArticle(api, token);
      await api('GET', `/api/articles/${id}`);
      const detail = (await api<EnvelopeBody>('GET', `/api/admin/articles/${id}`, { token })).body;
      await realtime.waitFor('articles_updated');
      realtime.events.length = 0;
      const sentBack = {
        ...detail,
        title: '改过的标题',
        views: 999,
        comment_count: 7,
        id: 12345,
        created_at: '2000-01-01T00:00:00Z',
      };
      const response = await api<EnvelopeBody>('PUT', `/api/admin/articles/${id}`, { token, json: sentBack });
      expect(response.status).toBe(200);
      expect(response.body).toMatchObject({ code: 0, msg: '更新成功' });
      expect(response.body.data).toMatchObject({
        id,
        title: '改过的标题',
        content: '# 并发渲染\n\n正文内容',
        views: 1,
        comment_count: 0,
        created_at: detail.created_at,
      });
      await expect(realtime.waitFor('articles_updated')).resolves.toEqual({ ids: [id] });
    } finally {
      realtime.close();
    }
  });

  it('updates partially, keeping fields that were left out, and validates what is sent', async () => {
    const id = await createArticle(api, token, { summary: '保留', tags: 'Go' });
    const updated = await api<EnvelopeBody>('PUT', `/api/admin/articles/${id}`, {
      token,
      json: { content: '新正文', tags: 'Go, Rust' },
    });
    expect(updated.body.data).toMatchObject({ title: 'React 18 新特性', summary: '保留', content: '新正文', tags: 'Go,Rust' });

    for (const [json, msg] of [
      [{ title: '  ' }, '标题和正文必填'],
      [{ content: '' }, '标题和正文必填'],
      [{ tags: 'a;b' }, '标签格式不合法，只能包含中英文、数字、逗号、下划线、短横线'],
      [{ cover: 'ftp://x' }, '封面地址无效'],
    ] as const) {
      const response = await api<EnvelopeBody>('PUT', `/api/admin/articles/${id}`, { token, json });
      expect(response.status, msg).toBe(400);
      expect(response.body.msg).toBe(msg);
    }
    expect((await api<EnvelopeBody>('GET', `/api/admin/articles/${id}`, { token })).body).toMatchObject({
      content: '新正文',
      tags: 'Go,Rust',
    });
  });

  it('answers 404 for missing, malformed and binned articles', async () => {
    const id = await createArticle(api, token);
    await api('DELETE', `/api/admin/articles/${id}`, { token });
    for (const target of [id, 99999, 'abc']) {
      const get = await api<EnvelopeBody>('GET', `/api/admin/articles/${target}`, { token });
      expect(get.status).toBe(404);
      expect(get.body.msg).toBe('文章不存在或已被删除');
      const put = await api<EnvelopeBody>('PUT', `/api/admin/articles/${target}`, { token, json: { title: 'x' } });
      expect(put.status).toBe(404);
      const del = await api<EnvelopeBody>('DELETE', `/api/admin/articles/${target}`, { token });
      expect(del.status).toBe(404);
      expect(del.body.msg).toBe('文章不存在或已被删除');
    }
  });
});

describe('DELETE /api/admin/articles/{id} and batch-delete', () => {
  it('moves an article to the recycle bin and hides it everywhere public', async () => {
    const realtime = await connectRealtime(server.url);
    try {
      const id = await createArticle(api, token, { category: '隐藏分类', tags: '隐藏标签' });
      await realtime.waitFor('articles_updated');
      realtime.events.length = 0;
      const response = await api<EnvelopeBody>('DELETE', `/api/admin/articles/${id}`, { token });
      expect(response.body).toMatchObject({
        code: 0,
        msg: '删除成功，文章已移入回收站',
        data: { id, deleted_at: expect.stringMatching(/Z$/) },
      });
      await expect(realtime.waitFor('articles_updated')).resolves.toEqual({ ids: [id] });

      expect((await api<EnvelopeBody>('GET', '/api/articles')).body.total).toBe(0);
      expect((await api<EnvelopeBody>('GET', '/api/categories')).body.data).toEqual([]);
      expect((await api<EnvelopeBody>('GET', '/api/tags')).body.data).toEqual({});
      expect((await api('GET', `/api/articles/${id}/comments`)).status).toBe(404);
      expect((await api('POST', `/api/articles/${id}/comments`, { json: { author: 'a', content: 'b' } })).status).toBe(404);
    } finally {
      realtime.close();
    }
  });

  it('batch-deletes live ids and reports unknown, binned and repeated ones', async () => {
    const a = await createArticle(api, token);
    const b = await createArticle(api, token);
    const binned = await createArticle(api, token);
    await api('DELETE', `/api/admin/articles/${binned}`, { token });
    const realtime = await connectRealtime(server.url);
    try {
      const response = await api<EnvelopeBody>('POST', '/api/admin/articles/batch-delete', {
        token,
        json: { ids: [a, b, a, binned, 99999] },
      });
      expect(response.status).toBe(200);
      expect(response.body).toMatchObject({
        code: 0,
        msg: '已删除2篇文章',
        data: { deleted: [a, b], not_found: [binned, 99999] },
      });
      await expect(realtime.waitFor('articles_updated')).resolves.toEqual({ ids: [a, b] });
    } finally {
      realtime.close();
    }
    expect(idsOf((await api<EnvelopeBody>('GET', '/api/admin/recycle-bin', { token })).body)).toEqual(
      expect.arrayContaining([a, b, binned]),
    );
  });

  it('rejects a missing, empty, non-integer or oversized id list with 未提供ids', async () => {
    for (const json of [
      {},
      { ids: [] },
      { ids: ['1'] },
      { ids: [1.5] },
      { ids: 3 },
      { ids: Array.from({ length: 101 }, (_, index) => index + 1) },
    ]) {
      const response = await api<EnvelopeBody>('POST', '/api/admin/articles/batch-delete', { token, json });
      expect(response.status, JSON.stringify(json).slice(0, 40)).toBe(400);
      expect(response.body.msg).toBe('未提供ids');
    }
  });
});
