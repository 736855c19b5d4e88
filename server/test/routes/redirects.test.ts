import { beforeEach, describe, expect, it } from 'vitest';
import type { EnvelopeBody, TestServer } from '../../../tests/support/test-server.js';
import { createArticle, useArticleServer } from './articles.fixtures.js';
import type { Api } from './articles.fixtures.js';
import { rawRequest } from '../support/raw-request.js';

let server: TestServer;
let api: Api;
let token: string;

useArticleServer((started) => ({ server, api, token } = started));
// Each test starts without redirects, as each starts without articles.
beforeEach(async () => {
  await api('PUT', '/api/admin/redirects', { token, json: { redirects: [] } });
});

const page = (path: string, method = 'GET') => rawRequest(`${server.url}${path}`, {}, method);
const putRedirects = (redirects: unknown) => api<EnvelopeBody>('PUT', '/api/admin/redirects', { token, json: { redirects } });
const storedRedirects = async () =>
  ((await api<EnvelopeBody>('GET', '/api/admin/redirects', { token })).body.data as { redirects: unknown[] }).redirects;

describe("the owner's redirects (server/API.md §E19)", () => {
  it("stores the list and sends an imported blog's old address on, 301 or 302, with or without its trailing slash", async () => {
    await createArticle(api, token, { title: 'Hello World' });
    const saved = await putRedirects([
      { from: '/2020/05/hello-world/', to: '/articles/hello-world' },
      { from: '/feed/', to: '/rss.xml', status: 302 },
      { from: '/旧/关于', to: 'https://example.com/about' },
    ]);
    expect(saved.status).toBe(200);
    expect(saved.body.msg).toBe('重定向已保存');
    expect(await storedRedirects()).toEqual([
      { from: '/2020/05/hello-world/', to: '/articles/hello-world', status: 301 },
      { from: '/feed/', to: '/rss.xml', status: 302 },
      { from: '/旧/关于', to: 'https://example.com/about', status: 301 },
    ]);
    for (const path of ['/2020/05/hello-world/', '/2020/05/hello-world']) {
      const moved = await page(path);
      expect(moved.status).toBe(301);
      expect(moved.headers.location).toBe('/articles/hello-world');
    }
    expect((await page('/2020/05/hello-world/', 'HEAD')).status).toBe(301);
    const temporary = await page('/feed');
    expect([temporary.status, temporary.headers.location]).toEqual([302, '/rss.xml']);
    const chinese = await page(`/${encodeURIComponent('旧')}/${encodeURIComponent('关于')}`);
    expect([chinese.status, chinese.headers.location]).toEqual([301, 'https://example.com/about']);
    expect((await page('/2020/05/other/')).status).toBe(404);
  });

  it("never shadows a page of Folio's own: an article, the archive, a feed", async () => {
    await createArticle(api, token, { title: 'Real Page' });
    expect(
      (
        await putRedirects([
          { from: '/articles/real-page', to: '/elsewhere' },
          { from: '/articles', to: '/elsewhere' },
          { from: '/rss.xml', to: '/elsewhere' },
          { from: '/sitemap.xml', to: '/elsewhere' },
        ])
      ).status,
    ).toBe(200);
    for (const path of ['/articles/real-page', '/articles', '/rss.xml', '/sitemap.xml'])
      expect((await page(path)).status).toBe(200);
    // Once the article is binned its address is no page any more, and the redirect applies.
    const id = (await api<EnvelopeBody>('GET', '/api/articles/slug/real-page')).body.id as number;
    await api('DELETE', `/api/admin/articles/${id}`, { token });
    expect((await page('/articles/real-page')).headers.location).toBe('/elsewhere');
  });

  it('refuses a loop, a duplicate and hostile addresses with a Chinese message naming the rule, changing nothing', async () => {
    const kept = [{ from: '/kept', to: '/somewhere', status: 301 }];
    await putRedirects(kept);
    const refusals: Array<[unknown, string]> = [
      [
        [
          { from: '/a', to: '/b' },
          { from: '/b', to: '/a/' },
        ],
        '重定向形成循环：/a → /b → /a',
      ],
      [
        [
          { from: '/x', to: '/y' },
          { from: '/x/', to: '/z' },
        ],
        '第 2 条重定向的 from（/x/）与第 1 条重复',
      ],
      [[{ from: '//evil.com', to: '/a' }], '第 1 条重定向的 from 必须是本站的路径'],
      [[{ from: '/ok', to: 'javascript:alert(1)' }], '第 1 条重定向的 to 必须是本站的路径'],
      [[{ from: '/ok', to: '/a\r\nSet-Cookie: x=1' }], '第 1 条重定向的 to'],
      [[{ from: '/o\u0007k', to: '/a' }], '第 1 条重定向的 from'],
      [[{ from: '/admin/x', to: '/a' }], 'Folio 自己的地址'],
      [[{ from: '/ok', to: '/a', status: 307 }], 'status 只能是 301'],
      ['not a list', 'redirects 必须是数组'],
    ];
    for (const [redirects, message] of refusals) {
      const refused = await putRedirects(redirects);
      expect(refused.status).toBe(400);
      expect(refused.body.msg).toContain(message);
    }
    expect(await storedRedirects()).toEqual(kept);
    expect((await api<EnvelopeBody>('GET', '/api/admin/redirects')).status).toBe(401);
  });

  it('travels in the export and comes back with an import, merged by address', async () => {
    const id = await createArticle(api, token, { title: 'Moved Post' });
    await api('PUT', `/api/admin/articles/${id}`, { token, json: { slug: 'moved-post-new' } });
    await putRedirects([...(await storedRedirects()), { from: '/2019/old/', to: '/articles/moved-post-new' }]);
    const exported = await api<EnvelopeBody>('GET', '/api/admin/export', { token });
    const backup = exported.body.data as { articles: { slug: string }[]; redirects: unknown[] };
    expect(backup.articles).toEqual([expect.objectContaining({ slug: 'moved-post-new' })]);
    expect(backup.redirects).toEqual([
      { from: '/articles/moved-post', to: '/articles/moved-post-new', status: 301 },
      { from: '/2019/old/', to: '/articles/moved-post-new', status: 301 },
    ]);

    await putRedirects([
      { from: '/2019/old', to: '/changed-since' },
      { from: '/local-only', to: '/x' },
    ]);
    const imported = await api<EnvelopeBody>('POST', '/api/admin/import', { token, json: backup });
    expect(imported.status).toBe(200);
    expect(await storedRedirects()).toEqual([
      { from: '/2019/old/', to: '/articles/moved-post-new', status: 301 },
      { from: '/local-only', to: '/x', status: 301 },
      { from: '/articles/moved-post', to: '/articles/moved-post-new', status: 301 },
    ]);
    expect((await page('/articles/moved-post')).headers.location).toBe('/articles/moved-post-new');
  });

  it('gives the articles of a backup from before slugs their slugs on import, a taken one with -2', async () => {
    await createArticle(api, token, { title: '旧备份' });
    const imported = await api<EnvelopeBody>('POST', '/api/admin/import', {
      token,
      json: {
        articles: [
          { id: 900, title: '旧备份', content: '正文', created_at: '2024-01-01T00:00:00Z', updated_at: '2024-01-01T00:00:00Z' },
          {
            id: 901,
            title: 'Old Backup',
            content: '正文',
            created_at: '2024-01-02T00:00:00Z',
            updated_at: '2024-01-02T00:00:00Z',
          },
        ],
      },
    });
    expect(imported.status).toBe(200);
    const list = (await api<EnvelopeBody>('GET', '/api/articles')).body.data as { id: number; slug: string }[];
    expect(list.map(({ id, slug }) => ({ id, slug }))).toEqual(
      expect.arrayContaining([
        { id: 900, slug: 'jiu-bei-fen-2' },
        { id: 901, slug: 'old-backup' },
      ]),
    );
    const bad = await api<EnvelopeBody>('POST', '/api/admin/import', {
      token,
      json: {
        articles: [
          {
            id: 902,
            slug: 'Not A Slug',
            title: 'x',
            content: 'y',
            created_at: '2024-01-01T00:00:00Z',
            updated_at: '2024-01-01T00:00:00Z',
          },
        ],
      },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toContain('articles[0].slug');
  });
});
