import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import type { EnvelopeBody, TestServer } from '../../../tests/support/test-server.js';
import { createArticle, isoIn, postComment, useArticleServer } from '../routes/articles.fixtures.js';
import type { Api } from '../routes/articles.fixtures.js';
import { rawRequest } from '../support/raw-request.js';

let server: TestServer;
let api: Api;
let token: string;

useArticleServer((started) => ({ server, api, token } = started));

const TAG = '性能优化';
const CATEGORY = '后端 开发';
const ENCODED_TAG = encodeURIComponent(TAG);
const ENCODED_CATEGORY = encodeURIComponent(CATEGORY);

async function page(path: string): Promise<{ status: number; html: string; type: string }> {
  const response = await rawRequest(`${server.url}${path}`);
  return { status: response.status, html: response.body.toString('utf8'), type: String(response.headers['content-type']) };
}

/** How many article cards a rendered page shows. */
const cardsIn = (html: string) => html.split('data-testid="article-card"').length - 1;
/** The titles of the cards, in page order. */
const cardTitles = (html: string) =>
  [...html.matchAll(/<h2 class="[^"]*"><a [^>]*>([^<]*)<\/a><\/h2>/g)].map((match) => match[1]);

/** `count` published articles named 文章 1 … 文章 n, oldest first, with the tag and category on the even ones. */
async function publishMany(count: number): Promise<number[]> {
  const ids: number[] = [];
  for (let n = 1; n <= count; n += 1) {
    const tagged = n % 2 === 0;
    ids.push(
      await createArticle(api, token, {
        title: `文章 ${n}`,
        tags: tagged ? `${TAG},React` : 'React',
        category: tagged ? CATEGORY : '随笔',
        publish_at: `${new Date(Date.UTC(2024, 0, n)).toISOString().slice(0, 19)}Z`,
      }),
    );
  }
  return ids;
}

/** A draft, a scheduled and a binned article, each with a tag and category no published article has. */
async function hiddenArticles(): Promise<void> {
  await createArticle(api, token, { title: '草稿 Secret', tags: `${TAG},草稿标签`, category: '草稿分类', status: 'draft' });
  await createArticle(api, token, {
    title: '定时 Secret',
    tags: `${TAG},定时标签`,
    category: CATEGORY,
    status: 'scheduled',
    publish_at: isoIn(3_600_000),
  });
  const binned = await createArticle(api, token, { title: '回收 Secret', tags: `${TAG},回收标签`, category: '回收分类' });
  await api('DELETE', `/api/admin/articles/${binned}`, { token });
}

describe('the archive /articles', () => {
  it('lists every published article newest first, 20 a page, with the count, canonical and rel prev/next', async () => {
    await publishMany(25);
    await hiddenArticles();

    const first = await page('/articles');
    expect(first.status).toBe(200);
    expect(first.type).toContain('text/html');
    expect(cardsIn(first.html)).toBe(20);
    expect(cardTitles(first.html).slice(0, 3)).toEqual(['文章 25', '文章 24', '文章 23']);
    expect(first.html).toContain('共 25 篇');
    expect(first.html).toContain(`<link rel="canonical" href="${server.url}/articles" />`);
    expect(first.html).toContain(`<link rel="next" href="${server.url}/articles/page/2" />`);
    expect(first.html).not.toContain('rel="prev"');
    expect(first.html).toContain('<title>全部文章 - ');
    expect(first.html).toContain('href="/articles/page/2"');

    const second = await page('/articles/page/2');
    expect(second.status).toBe(200);
    expect(cardTitles(second.html)).toEqual(['文章 5', '文章 4', '文章 3', '文章 2', '文章 1']);
    expect(second.html).toContain(`<link rel="canonical" href="${server.url}/articles/page/2" />`);
    expect(second.html).toContain(`<link rel="prev" href="${server.url}/articles" />`);
    expect(second.html).not.toContain('rel="next"');
    expect(second.html).toContain('<title>全部文章（第 2 页） - ');

    for (const html of [first.html, second.html]) expect(html).not.toContain('Secret');
    // A trailing slash is the same page, with the same canonical address.
    expect((await page('/articles/')).html).toContain(`<link rel="canonical" href="${server.url}/articles" />`);
  });

  it('is 404 past the last page and for /page/1, /page/0 or a page that is not a number', async () => {
    await publishMany(3);
    for (const path of [
      '/articles/page/2',
      '/articles/page/1',
      '/articles/page/0',
      '/articles/page/02',
      '/articles/page/x',
      '/articles/page',
    ]) {
      const answer = await page(path);
      expect(answer.status, path).toBe(404);
      expect(answer.html, path).toContain('<meta name="robots" content="noindex" />');
    }
  });

  it('is an empty page, not a 404, on a site without a published article', async () => {
    await hiddenArticles();
    const archive = await page('/articles');
    expect(archive.status).toBe(200);
    expect(archive.html).toContain('共 0 篇');
    expect(archive.html).toContain('暂无文章');
    expect(archive.html).not.toContain('Secret');
  });

  it('counts no held comment on its cards', async () => {
    const [id] = await publishMany(1);
    expect((await postComment(api, id ?? 0, {}, { 'X-Forwarded-For': '198.51.100.7' })).status).toBe(201);
    await api('PUT', '/api/admin/settings/comments', {
      token,
      json: { moderation: 'all', blocked_words: [], blocked_addresses: [] },
    });
    try {
      const held = await postComment(api, id ?? 0, { content: '待审核的评论 Held' }, { 'X-Forwarded-For': '198.51.100.8' });
      expect(held.body).toMatchObject({ msg: '评论已提交，待审核', data: { status: 'pending' } });
      const archive = await page('/articles');
      expect(archive.html).toContain('1 条评论');
      expect(archive.html).not.toContain('Held');
    } finally {
      await api('PUT', '/api/admin/settings/comments', {
        token,
        json: { moderation: 'none', blocked_words: [], blocked_addresses: [] },
      });
    }
  });
});

describe('a tag page and a category page', () => {
  it('list the published articles of a Chinese tag or category, percent-encoded, with the count and pages', async () => {
    await publishMany(44);
    await hiddenArticles();

    const tag = await page(`/tags/${ENCODED_TAG}`);
    expect(tag.status).toBe(200);
    expect(tag.html).toContain(`标签：${TAG}`);
    expect(tag.html).toContain('共 22 篇');
    expect(cardsIn(tag.html)).toBe(20);
    expect(cardTitles(tag.html)[0]).toBe('文章 44');
    expect(tag.html).toContain(`<link rel="canonical" href="${server.url}/tags/${ENCODED_TAG}" />`);
    expect(tag.html).toContain(`<link rel="next" href="${server.url}/tags/${ENCODED_TAG}/page/2" />`);
    expect(tag.html).toContain(`href="${server.url}/tags/${ENCODED_TAG}/rss.xml"`);
    expect(tag.html).not.toContain('Secret');

    const tagSecond = await page(`/tags/${ENCODED_TAG}/page/2`);
    expect(cardTitles(tagSecond.html)).toEqual(['文章 4', '文章 2']);
    expect(tagSecond.html).toContain(`<link rel="prev" href="${server.url}/tags/${ENCODED_TAG}" />`);
    expect((await page(`/tags/${ENCODED_TAG}/page/3`)).status).toBe(404);

    const category = await page(`/categories/${ENCODED_CATEGORY}`);
    expect(category.status).toBe(200);
    expect(category.html).toContain(`分类：${CATEGORY}`);
    expect(category.html).toContain('共 22 篇');
    expect(category.html).not.toContain('Secret');
    // Lower-case escapes and a trailing slash are the same page under one canonical address.
    const lower = await page(`/categories/${ENCODED_CATEGORY.toLowerCase()}/`);
    expect(lower.status).toBe(200);
    expect(lower.html).toContain(`<link rel="canonical" href="${server.url}/categories/${ENCODED_CATEGORY}" />`);
  });

  it('is 404 for a tag or category no published article has: unknown, or only a draft’s, a scheduled or a binned one’s', async () => {
    await publishMany(2);
    await hiddenArticles();
    const missing = [
      '/tags/%E6%B2%A1%E6%9C%89',
      `/tags/${encodeURIComponent('草稿标签')}`,
      `/tags/${encodeURIComponent('定时标签')}`,
      `/tags/${encodeURIComponent('回收标签')}`,
      `/categories/${encodeURIComponent('草稿分类')}`,
      `/categories/${encodeURIComponent('回收分类')}`,
      '/tags/%E0%A4%A',
      '/tags/react',
    ];
    for (const path of missing) {
      const answer = await page(path);
      expect(answer.status, path).toBe(404);
      expect(answer.html, path).not.toContain('Secret');
      expect((await page(`${path}/rss.xml`)).status, `${path}/rss.xml`).toBe(404);
    }
    expect((await page('/tags/React')).status).toBe(200);
  });

  it('follow a change at once: a newly published article shows, and a tag whose last article is withdrawn is 404', async () => {
    const [first] = await publishMany(2);
    expect((await page(`/tags/${ENCODED_TAG}`)).html).toContain('共 1 篇');
    const added = await createArticle(api, token, { title: '新文章 Fresh', tags: TAG });
    const after = await page(`/tags/${ENCODED_TAG}`);
    expect(after.html).toContain('共 2 篇');
    expect(cardTitles(after.html)[0]).toBe('新文章 Fresh');

    expect((await page('/tags/Solo')).status).toBe(404);
    await api('PUT', `/api/admin/articles/${first ?? 0}`, { token, json: { tags: 'Solo' } });
    expect((await page('/tags/Solo')).status).toBe(200);
    await api('PUT', `/api/admin/articles/${first ?? 0}`, { token, json: { status: 'draft' } });
    expect((await page('/tags/Solo')).status).toBe(404);
    await api('DELETE', `/api/admin/articles/${added}`, { token });
    expect((await page(`/tags/${ENCODED_TAG}`)).html).toContain('共 1 篇');
  });

  it('are linked from the cards and from the article page', async () => {
    await publishMany(2);
    const landing = await page('/');
    expect(landing.html).toContain(`href="/tags/${ENCODED_TAG}"`);
    expect(landing.html).toContain(`href="/categories/${ENCODED_CATEGORY}"`);
    expect(landing.html).toContain('href="/articles"');
    // The article's own address: `/articles/{id}` answers 301 to it (server/API.md §E19).
    const article = await page('/articles/wen-zhang-2');
    expect(article.html).toContain(`href="/tags/${ENCODED_TAG}"`);
    expect(article.html).toContain(`href="/categories/${ENCODED_CATEGORY}"`);
  });
});

const parser = new XMLParser({ ignoreAttributes: false });

interface RssItem {
  title: string;
  link: string;
}

/** The items of a feed, once it is checked to be well-formed XML. */
function feedItems(xml: string): { channel: { title: string; link: string }; items: RssItem[] } {
  expect(XMLValidator.validate(xml)).toBe(true);
  const channel = (parser.parse(xml) as { rss: { channel: { title: string; link: string; item?: RssItem | RssItem[] } } }).rss
    .channel;
  const items = channel.item === undefined ? [] : Array.isArray(channel.item) ? channel.item : [channel.item];
  return { channel, items };
}

describe("a tag's and a category's feed", () => {
  it('are valid RSS of that tag’s or category’s newest 20 published articles', async () => {
    await publishMany(44);
    await hiddenArticles();
    const tagFeed = await page(`/tags/${ENCODED_TAG}/rss.xml`);
    expect(tagFeed.status).toBe(200);
    expect(tagFeed.type).toContain('application/rss+xml');
    const tag = feedItems(tagFeed.html);
    expect(tag.channel.title).toMatch(new RegExp(`标签：${TAG}$`));
    expect(tag.channel.link).toBe(`${server.url}/tags/${ENCODED_TAG}`);
    expect(tag.items).toHaveLength(20);
    expect(tag.items.map((item) => item.title).slice(0, 2)).toEqual(['文章 44', '文章 42']);
    expect(tagFeed.html).toContain(`<atom:link href="${server.url}/tags/${ENCODED_TAG}/rss.xml" rel="self"`);
    expect(tagFeed.html).not.toContain('Secret');

    const category = feedItems((await page(`/categories/${ENCODED_CATEGORY}/rss.xml`)).html);
    expect(category.channel.title).toMatch(new RegExp(`分类：${CATEGORY}$`));
    expect(category.items.every((item) => Number(item.title.split(' ')[1]) % 2 === 0)).toBe(true);
    expect((await page(`/categories/${encodeURIComponent('随笔')}/rss.xml`)).status).toBe(200);
    // The site's own feed is unchanged.
    expect(feedItems((await page('/rss.xml')).html).items).toHaveLength(20);
  });
});

describe('the sitemap', () => {
  it('lists the archive pages and each tag and category with a published article, and nothing of a hidden one', async () => {
    await publishMany(25);
    await hiddenArticles();
    const xml = (await page('/sitemap.xml')).html;
    expect(XMLValidator.validate(xml)).toBe(true);
    const locs = [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((match) => match[1]);
    for (const path of [
      '/articles',
      '/articles/page/2',
      `/tags/${ENCODED_TAG}`,
      '/tags/React',
      `/categories/${ENCODED_CATEGORY}`,
      `/categories/${encodeURIComponent('随笔')}`,
    ])
      expect(locs, path).toContain(`${server.url}${path}`);
    expect(locs).not.toContain(`${server.url}/articles/page/3`);
    for (const hidden of ['草稿', '定时', '回收']) {
      expect(locs.some((loc) => loc?.includes(encodeURIComponent(`${hidden}标签`)))).toBe(false);
      expect(locs.some((loc) => loc?.includes(encodeURIComponent(`${hidden}分类`)))).toBe(false);
    }
    // Each entry's last change is that of the newest article it lists.
    const newestTagged = (await api<EnvelopeBody>('GET', `/api/articles?tag=${ENCODED_TAG}`)).body.data as {
      updated_at: string;
    }[];
    expect(xml).toContain(`<loc>${server.url}/tags/${ENCODED_TAG}</loc><lastmod>${newestTagged[0]?.updated_at}</lastmod>`);
  });
});
