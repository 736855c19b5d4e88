import { expect, test } from '../fixtures.js';
import { articleIdByTitle, articlePathByTitle, WELCOME_TITLE } from './helpers.js';

test.describe('robots, sitemap and RSS', () => {
  test('robots.txt keeps crawlers out of /admin and /api and points at the sitemap', async ({ request, baseURL }) => {
    const response = await request.get('/robots.txt');
    expect(response.status()).toBe(200);
    const text = await response.text();
    expect(text).toContain('Disallow: /admin');
    expect(text).toContain('Disallow: /api/');
    expect(text).toContain(`Sitemap: ${baseURL}/sitemap.xml`);
  });

  test('sitemap.xml lists the landing page and every live article', async ({ request, baseURL, server }) => {
    const articlePath = await articlePathByTitle(server, WELCOME_TITLE);
    const response = await request.get('/sitemap.xml');
    expect(response.headers()['content-type']).toContain('application/xml');
    const xml = await response.text();
    expect(xml).toContain(`<loc>${baseURL}/</loc>`);
    expect(xml).toContain(`<loc>${baseURL}${articlePath}</loc>`);
    expect(xml).toContain(`<loc>${baseURL}/articles</loc>`);
    // Every published article once, and nothing else at an article's address.
    const published = (await (await fetch(`${server.url}/api/articles?per_page=100`)).json()) as {
      articles: { slug: string }[];
    };
    const articleLocs = [...xml.matchAll(/<loc>[^<]*\/articles\/([^<]+)<\/loc>/g)].map((match) => match[1]);
    expect(articleLocs.sort()).toEqual(published.articles.map((article) => article.slug).sort());
  });

  test('rss.xml is an RSS 2.0 feed of the newest articles', async ({ request, baseURL, server }) => {
    const articlePath = await articlePathByTitle(server, WELCOME_TITLE);
    const response = await request.get('/rss.xml');
    expect(response.headers()['content-type']).toContain('application/rss+xml');
    const xml = await response.text();
    expect(xml).toContain('<rss version="2.0"');
    expect(xml).toContain('<title>你好，我是 Folio</title>');
    expect(xml).toContain(`<title>${WELCOME_TITLE}</title>`);
    expect(xml).toContain(`<link>${baseURL}${articlePath}</link>`);
    expect(xml.indexOf('Koa 中间件与优雅停机')).toBeLessThan(xml.indexOf(WELCOME_TITLE));
  });

  test('the admin screens are served by the browser app, not rendered on the server', async ({ request }) => {
    const response = await request.get('/admin/login');
    expect(response.status()).toBe(200);
    expect(await response.text()).not.toContain('folio-snapshot');
  });

  test('HEAD answers with the page status and no body, and does not count a view', async ({ request, server }) => {
    const id = await articleIdByTitle(server, WELCOME_TITLE);
    expect((await request.head('/')).status()).toBe(200);
    expect((await request.head('/articles/99999')).status()).toBe(404);
    const before = await (await fetch(`${server.url}/api/articles?search=${encodeURIComponent(WELCOME_TITLE)}`)).json();
    expect((await request.head(`/articles/${id}`)).status()).toBe(200);
    const after = await (await fetch(`${server.url}/api/articles?search=${encodeURIComponent(WELCOME_TITLE)}`)).json();
    expect(after.articles[0].views).toBe(before.articles[0].views);
  });
});
