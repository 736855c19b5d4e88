import { beforeEach, describe, expect, it } from 'vitest';
import type { EnvelopeBody, TestServer } from '../../../tests/support/test-server.js';
import { createArticle, useArticleServer } from './articles.fixtures.js';
import type { Api } from './articles.fixtures.js';
import { rawRequest } from '../support/raw-request.js';

let server: TestServer;
let api: Api;
let token: string;

useArticleServer((started) => ({ server, api, token } = started));
// A changed slug leaves a redirect: each test starts without any, as it starts without articles.
beforeEach(async () => {
  await api('PUT', '/api/admin/redirects', { token, json: { redirects: [] } });
});

const slugOf = async (id: number): Promise<string> =>
  ((await api<EnvelopeBody>('GET', `/api/admin/articles/${id}`, { token })).body.data as { slug: string }).slug;

const page = (path: string) => rawRequest(`${server.url}${path}`);

describe('article slugs (server/API.md §E19)', () => {
  it('makes a slug from the title: Chinese as pinyin without tones, other scripts transliterated, article-{id} when nothing is left', async () => {
    const chinese = await createArticle(api, token, { title: '你好，世界' });
    const english = await createArticle(api, token, { title: 'Hello World: A First Post!' });
    const mixed = await createArticle(api, token, { title: 'React 18 新特性' });
    const russian = await createArticle(api, token, { title: 'Привет мир' });
    const emoji = await createArticle(api, token, { title: '🎉🚀' });
    expect(await slugOf(chinese)).toBe('ni-hao-shi-jie');
    expect(await slugOf(english)).toBe('hello-world-a-first-post');
    expect(await slugOf(mixed)).toBe('react-18-xin-te-xing');
    expect(await slugOf(russian)).toBe('privet-mir');
    expect(await slugOf(emoji)).toBe(`article-${emoji}`);
  });

  it('gives a taken slug -2, -3, binned articles counting', async () => {
    const first = await createArticle(api, token, { title: '同一个标题' });
    const second = await createArticle(api, token, { title: '同一个标题' });
    await api('DELETE', `/api/admin/articles/${second}`, { token });
    const third = await createArticle(api, token, { title: '同一个标题' });
    const bin = (await api<EnvelopeBody>('GET', '/api/admin/recycle-bin', { token })).body.data as { id: number; slug: string }[];
    expect(bin).toEqual([expect.objectContaining({ id: second, slug: 'tong-yi-ge-biao-ti-2' })]);
    expect([await slugOf(first), await slugOf(third)]).toEqual(['tong-yi-ge-biao-ti', 'tong-yi-ge-biao-ti-3']);
  });

  it('carries the slug in every article JSON, public and admin, list and detail', async () => {
    const id = await createArticle(api, token, { title: 'Slug Everywhere' });
    const lists = [
      (await api<EnvelopeBody>('GET', '/api/articles')).body,
      (await api<EnvelopeBody>('GET', '/api/admin/articles', { token })).body,
    ];
    for (const list of lists) expect(list.data).toEqual([expect.objectContaining({ id, slug: 'slug-everywhere' })]);
    expect((await api<EnvelopeBody>('GET', `/api/articles/${id}`)).body).toMatchObject({ id, slug: 'slug-everywhere' });
  });

  it('answers GET /api/articles/slug/{slug} as by id, views counted alike; a draft or unknown slug is 404', async () => {
    const id = await createArticle(api, token, { title: 'By Slug' });
    const bySlug = await api<EnvelopeBody>('GET', '/api/articles/slug/by-slug');
    expect(bySlug.status).toBe(200);
    expect(bySlug.body).toMatchObject({ code: 0, id, slug: 'by-slug', title: 'By Slug', views: 1 });
    expect(bySlug.body.data).toMatchObject({ id, views: 1 });
    const byId = await api<EnvelopeBody>('GET', `/api/articles/${id}`);
    expect(byId.body).toMatchObject({ id, views: 2 });
    await createArticle(api, token, { title: 'Hidden Draft', status: 'draft' });
    expect((await api<EnvelopeBody>('GET', '/api/articles/slug/hidden-draft')).status).toBe(404);
    expect((await api<EnvelopeBody>('GET', '/api/articles/slug/nothing-here')).status).toBe(404);
  });

  it('takes a slug the owner asks for, refuses a bad or taken one with a Chinese message, changing nothing', async () => {
    const id = await createArticle(api, token, { title: 'Owner Picks' });
    const other = await createArticle(api, token, { title: 'Someone Else' });
    const created = await api<EnvelopeBody>('POST', '/api/admin/articles', {
      token,
      json: { title: '自带地址', content: '正文', slug: 'my-own-address' },
    });
    expect(created.body.data).toMatchObject({ slug: 'my-own-address' });

    for (const [slug, message] of [
      ['Upper Case', '链接名只能由小写英文字母、数字和连字符'],
      ['2024', '链接名不能全是数字'],
      ['page', '链接名不能是 page'],
      ['a'.repeat(101), '链接名不能超过100个字符'],
    ] as const) {
      const refused = await api<EnvelopeBody>('PUT', `/api/admin/articles/${id}`, { token, json: { slug } });
      expect(refused.status).toBe(400);
      expect(refused.body.msg).toContain(message);
    }
    const taken = await api<EnvelopeBody>('PUT', `/api/admin/articles/${id}`, { token, json: { slug: 'someone-else' } });
    expect(taken.status).toBe(409);
    expect(taken.body.msg).toBe('链接名 someone-else 已被另一篇文章使用（回收站中的文章也算）');
    expect(await slugOf(id)).toBe('owner-picks');
    expect(await slugOf(other)).toBe('someone-else');
    expect((await api<EnvelopeBody>('GET', '/api/admin/redirects', { token })).body.data).toEqual({ redirects: [] });
  });

  it('changes the slug alone through PUT /api/admin/articles/{id}/slug without moving the revision, so an open editor saves on', async () => {
    const id = await createArticle(api, token, { title: 'Editor Open' });
    const before = await api<EnvelopeBody>('GET', `/api/admin/articles/${id}`, { token });
    const changed = await api<EnvelopeBody>('PUT', `/api/admin/articles/${id}/slug`, {
      token,
      json: { slug: 'editor-open-2024' },
    });
    expect(changed.status).toBe(200);
    expect(changed.body.data).toMatchObject({
      slug: 'editor-open-2024',
      revision: 1,
      updated_at: (before.body.data as { updated_at: string }).updated_at,
    });
    const saved = await api<EnvelopeBody>('PUT', `/api/admin/articles/${id}`, {
      token,
      json: { title: 'Editor Open', content: '改过的正文' },
      headers: { 'If-Match': '"1"' },
    });
    expect(saved.status).toBe(200);
    expect(saved.body.data).toMatchObject({ slug: 'editor-open-2024', revision: 2 });
    expect((await api<EnvelopeBody>('PUT', `/api/admin/articles/${id}/slug`, { token, json: { slug: 'Bad Slug' } })).status).toBe(
      400,
    );
    expect((await api<EnvelopeBody>('PUT', '/api/admin/articles/99999/slug', { token, json: { slug: 'x' } })).status).toBe(404);
  });

  it('keeps the original client working: numeric ids, and a save without a slug keeps it', async () => {
    const id = await createArticle(api, token, { title: '原来的客户端' });
    const saved = await api<EnvelopeBody>('PUT', `/api/admin/articles/${id}`, {
      token,
      json: { title: '改了标题', content: '新的正文', category: '随笔', tags: 'a,b', summary: '', cover: '' },
    });
    expect(saved.status).toBe(200);
    expect(saved.body.data).toMatchObject({ id, title: '改了标题', slug: 'yuan-lai-de-ke-hu-duan' });
    const read = await api<EnvelopeBody>('GET', `/api/articles/${id}`);
    expect(read.body).toMatchObject({ id, title: '改了标题', content: '新的正文' });
    expect((await api<EnvelopeBody>('GET', `/api/articles/${id}/comments`)).status).toBe(200);
  });
});

describe('article pages at their slug address', () => {
  it('renders /articles/{slug}; /articles/{id} answers 301 to it, query kept', async () => {
    const id = await createArticle(api, token, { title: '页面地址' });
    const shown = await page('/articles/ye-mian-di-zhi');
    expect(shown.status).toBe(200);
    expect(shown.body.toString('utf8')).toContain(`<link rel="canonical" href="${server.url}/articles/ye-mian-di-zhi"`);
    const moved = await page(`/articles/${id}?utm_source=x`);
    expect(moved.status).toBe(301);
    expect(moved.headers.location).toBe('/articles/ye-mian-di-zhi?utm_source=x');
    expect((await page(`/articles/${id}/`)).headers.location).toBe('/articles/ye-mian-di-zhi');
  });

  it('keeps an old slug working after the owner changes it: 301 to the new address, listed among the redirects', async () => {
    const id = await createArticle(api, token, { title: 'First Name' });
    await api('PUT', `/api/admin/articles/${id}`, { token, json: { slug: 'second-name' } });
    await api('PUT', `/api/admin/articles/${id}`, { token, json: { slug: 'third-name' } });
    for (const old of ['/articles/first-name', '/articles/second-name/']) {
      const moved = await page(old);
      expect(moved.status).toBe(301);
      expect(moved.headers.location).toBe('/articles/third-name');
    }
    expect((await page('/articles/third-name')).status).toBe(200);
    expect((await api<EnvelopeBody>('GET', '/api/admin/redirects', { token })).body.data).toEqual({
      redirects: [
        { from: '/articles/first-name', to: '/articles/third-name', status: 301 },
        { from: '/articles/second-name', to: '/articles/third-name', status: 301 },
      ],
    });
    // Back to a former slug: its own redirect goes (the page is there again), and no loop is left.
    await api('PUT', `/api/admin/articles/${id}`, { token, json: { slug: 'first-name' } });
    expect((await page('/articles/first-name')).status).toBe(200);
    expect((await page('/articles/third-name')).headers.location).toBe('/articles/first-name');
    expect((await page('/articles/second-name')).headers.location).toBe('/articles/first-name');
  });

  it('uses the slug address in cards, the RSS feed and the sitemap', async () => {
    const id = await createArticle(api, token, { title: 'Linked Everywhere' });
    expect((await page('/')).body.toString('utf8')).toContain('href="/articles/linked-everywhere"');
    const rss = (await page('/rss.xml')).body.toString('utf8');
    expect(rss).toContain(`<link>${server.url}/articles/linked-everywhere</link>`);
    // The guid stays the id address, so feed readers do not show the item again as new.
    expect(rss).toContain(`<guid isPermaLink="true">${server.url}/articles/${id}</guid>`);
    expect((await page('/sitemap.xml')).body.toString('utf8')).toContain(`<loc>${server.url}/articles/linked-everywhere</loc>`);
  });

  it('answers 404 for a draft at its slug address and for a slug no article has', async () => {
    const draft = await createArticle(api, token, { title: 'Secret Draft', status: 'draft' });
    expect((await page('/articles/secret-draft')).status).toBe(404);
    expect((await page(`/articles/${draft}`)).status).toBe(404);
    expect((await page('/articles/no-such-article')).status).toBe(404);
  });
});
