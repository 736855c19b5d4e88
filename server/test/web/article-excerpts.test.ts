import sharp from 'sharp';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import type { AdminArticleDetail, PublicArticleDetail, PublicArticleListItem } from '@folio/shared';
import type { EnvelopeBody, TestServer } from '../../../tests/support/test-server.js';
import { buildImage, imageForm } from '../fixtures/images.js';
import { JUNK_BODY } from '../fixtures/junk-markdown.js';
import { createArticle, useArticleServer } from '../routes/articles.fixtures.js';
import type { Api } from '../routes/articles.fixtures.js';

let server: TestServer;
let api: Api;
let token: string;

useArticleServer((started) => ({ server, api, token } = started));

/** What must never reach an excerpt, a description or a card. */
const JUNK = ['image.png', 'photo.jpg', '/uploads', 'http', 'example.', '```', 'fence-content', 'MermaidNode', '<', 'script'];
const CLEAN_EXCERPT = '第一段正文，见 和 ，还有链接文字与。红字第二段正文。';

/** A page or feed as a reader gets it, following the article address's redirect to its slug address. */
async function text(path: string): Promise<string> {
  return (await fetch(`${server.url}${path}`)).text();
}

/** Every JSON an article appears in: public list and detail, admin list and detail. */
async function everyExcerptOf(id: number): Promise<string[]> {
  const publicList = (await api<EnvelopeBody>('GET', '/api/articles')).body.data as PublicArticleListItem[];
  const publicDetail = (await api<EnvelopeBody>('GET', `/api/articles/${id}?refresh=1`)).body.data as PublicArticleDetail;
  const adminList = (await api<EnvelopeBody>('GET', '/api/admin/articles', { token })).body.data as {
    id: number;
    excerpt: string;
  }[];
  const adminDetail = (await api<EnvelopeBody>('GET', `/api/admin/articles/${id}`, { token })).body.data as AdminArticleDetail & {
    excerpt: string;
  };
  return [
    publicList.find((item) => item.id === id)?.excerpt ?? 'missing',
    publicDetail.excerpt ?? 'missing',
    adminList.find((item) => item.id === id)?.excerpt ?? 'missing',
    adminDetail.excerpt,
  ];
}

/** The `<meta>` content of `key` in a rendered page. */
const metaOf = (html: string, key: string) =>
  new RegExp(`<meta (?:name|property)="${key}" content="([^"]*)"`).exec(html)?.[1]?.replaceAll('&amp;', '&');

interface FeedItem {
  title: string;
  description: string;
  'content:encoded'?: string;
}

async function feedItems(): Promise<FeedItem[]> {
  const xml = await text('/rss.xml');
  expect(XMLValidator.validate(xml)).toBe(true);
  const parsed = new XMLParser({ cdataPropName: false }).parse(xml) as { rss: { channel: { item: FeedItem | FeedItem[] } } };
  const { item } = parsed.rss.channel;
  return Array.isArray(item) ? item : [item];
}

async function uploadPhoto(width: number, height: number): Promise<string> {
  const photo = await sharp({ create: { width, height, channels: 3, background: '#58a' } })
    .jpeg()
    .toBuffer();
  const response = await api<EnvelopeBody>('POST', '/api/admin/articles/images', { token, body: imageForm(photo, 'photo.jpg') });
  expect(response.status).toBe(201);
  return (response.body.data as { url: string }).url;
}

describe('excerpt', () => {
  it('is the body as plain text in every article JSON: no image names, addresses, fences, Mermaid or HTML', async () => {
    const id = await createArticle(api, token, { title: '杂项', content: JUNK_BODY, summary: '' });
    const excerpts = await everyExcerptOf(id);
    expect(excerpts).toEqual([CLEAN_EXCERPT, CLEAN_EXCERPT, CLEAN_EXCERPT, CLEAN_EXCERPT]);
    for (const junk of JUNK) expect(excerpts.join('')).not.toContain(junk);
  });

  it('is the owner’s summary when there is one', async () => {
    const id = await createArticle(api, token, { content: JUNK_BODY, summary: '手写的摘要' });
    expect(await everyExcerptOf(id)).toEqual(['手写的摘要', '手写的摘要', '手写的摘要', '手写的摘要']);
  });

  it('follows a new body at once', async () => {
    const id = await createArticle(api, token, { content: '旧的正文。', summary: '' });
    expect((await everyExcerptOf(id))[0]).toBe('旧的正文。');
    await api('PUT', `/api/admin/articles/${id}`, { token, json: { content: '新的正文。' } });
    expect(await everyExcerptOf(id)).toEqual(['新的正文。', '新的正文。', '新的正文。', '新的正文。']);
  });

  it('cuts a long Chinese body and a long English body near the budget, with an ellipsis', async () => {
    const chinese = await createArticle(api, token, { content: '这是一个很长的句子，'.repeat(40), summary: '' });
    const english = await createArticle(api, token, { content: 'word '.repeat(200), summary: '' });
    const [chineseExcerpt = ''] = await everyExcerptOf(chinese);
    const [englishExcerpt = ''] = await everyExcerptOf(english);
    expect(chineseExcerpt.match(/\p{Script=Han}/gu)).toHaveLength(120);
    expect(chineseExcerpt.endsWith('…')).toBe(true);
    expect(englishExcerpt).toBe(`${'word '.repeat(50).trim()}…`);
  });

  it('describes a draft’s preview page too', async () => {
    const id = await createArticle(api, token, { title: '草稿', content: JUNK_BODY, summary: '', status: 'draft' });
    const link = await api<EnvelopeBody>('POST', `/api/admin/articles/${id}/preview-links`, { token });
    expect(link.status).toBe(201);
    const html = await text((link.body.data as { url: string }).url);
    expect(metaOf(html, 'description')).toBe(CLEAN_EXCERPT);
    expect(metaOf(html, 'og:description')).toBe(CLEAN_EXCERPT);
  });

  it('is the page’s meta description and Open Graph and Twitter descriptions', async () => {
    const id = await createArticle(api, token, { title: '杂项', content: JUNK_BODY, summary: '' });
    const html = await text(`/articles/${id}`);
    expect(metaOf(html, 'description')).toBe(CLEAN_EXCERPT);
    expect(metaOf(html, 'og:description')).toBe(CLEAN_EXCERPT);
    expect(metaOf(html, 'twitter:description')).toBe(CLEAN_EXCERPT);
  });
});

describe('RSS', () => {
  const body = [
    '开头一段。',
    '',
    '![图](/uploads/0123456789abcdef0123456789abcdef.png)',
    '',
    '见[另一篇](/articles/1)和[外站](https://example.com/x)。',
    '',
    '```mermaid',
    'graph TD; A-->B',
    '```',
    '',
    'A CDATA end ]]> in text.',
  ].join('\n');

  it('carries each article whole in content:encoded with absolute addresses, and the excerpt as description', async () => {
    await createArticle(api, token, { title: '全文', content: body, summary: '' });
    const [item] = await feedItems();
    expect(item?.description).toBe('开头一段。见另一篇和外站。A CDATA end ]]> in text.');
    const html = item?.['content:encoded'] ?? '';
    expect(html).toContain(`<img src="${server.url}/uploads/0123456789abcdef0123456789abcdef.png" alt="图">`);
    expect(html).toContain(`<a href="${server.url}/articles/1">另一篇</a>`);
    expect(html).toContain('<a href="https://example.com/x">外站</a>');
    // Not drawn yet: the diagram stays readable as its source.
    expect(html).toContain('<pre><code class="language-mermaid">graph TD; A--&gt;B');
    expect(html).toContain('A CDATA end ]]&gt; in text.');
  });

  it('carries only the excerpt once the owner chooses 摘要, and the full text again after', async () => {
    await createArticle(api, token, { title: '全文', content: body, summary: '' });
    expect(await api<EnvelopeBody>('GET', '/api/admin/settings/feed', { token })).toMatchObject({
      status: 200,
      body: { data: { feed_full_text: true } },
    });
    const saved = await api<EnvelopeBody>('PUT', '/api/admin/settings/feed', { token, json: { feed_full_text: false } });
    expect(saved).toMatchObject({ status: 200, body: { msg: '订阅源设置已保存', data: { feed_full_text: false } } });
    const [excerptOnly] = await feedItems();
    expect(excerptOnly).not.toHaveProperty('content:encoded');
    expect(excerptOnly?.description).toBe('开头一段。见另一篇和外站。A CDATA end ]]> in text.');
    expect(await text('/rss.xml')).not.toContain('content:encoded>');

    await api('PUT', '/api/admin/settings/feed', { token, json: { feed_full_text: true } });
    expect((await feedItems())[0]).toHaveProperty('content:encoded');
  });

  it('refuses a setting that is not true or false, changing nothing, and only for the owner', async () => {
    const bad = await api<EnvelopeBody>('PUT', '/api/admin/settings/feed', { token, json: { feed_full_text: 'no' } });
    expect(bad).toMatchObject({ status: 400, body: { msg: 'feed_full_text 只能是 true（全文）或 false（摘要）' } });
    expect((await api<EnvelopeBody>('GET', '/api/admin/settings/feed', { token })).body.data).toEqual({ feed_full_text: true });
    expect((await api('GET', '/api/admin/settings/feed')).status).toBe(401);
    expect((await api('PUT', '/api/admin/settings/feed', { json: { feed_full_text: false } })).status).toBe(401);
  });
});

describe('share image', () => {
  it('is the body’s first image, in its 1200-wide copy, for an article without a cover', async () => {
    const first = await uploadPhoto(1600, 900);
    const second = await uploadPhoto(1300, 700);
    const id = await createArticle(api, token, {
      content: `开头。\n\n![第一张](${first})\n\n![第二张](${second})`,
      summary: '',
      cover: '',
    });
    await server.app.context.services.imageSizes.whenIdle();

    const card = ((await api<EnvelopeBody>('GET', '/api/articles')).body.data as PublicArticleListItem[]).find(
      (item) => item.id === id,
    );
    expect(card?.share_image).toBe(first);
    expect(card?.cover_image).toBe('');
    expect(card?.share_image_facts).toMatchObject({ width: 1600, height: 900 });

    const detail = (await api<EnvelopeBody>('GET', `/api/articles/${id}?refresh=1`)).body.data as PublicArticleDetail;
    const social = detail.images?.[first.split('/').pop() ?? '']?.sizes.find((size) => size.type === 'image/jpeg');
    expect(social).toMatchObject({ width: 1200 });
    const html = await text(`/articles/${id}`);
    expect(metaOf(html, 'og:image')).toBe(`${server.url}${social?.url}`);
    expect(metaOf(html, 'twitter:image')).toBe(`${server.url}${social?.url}`);
  });

  it('is the cover when there is one, and the site’s current avatar for an article showing no image', async () => {
    const noImage = await createArticle(api, token, { content: '只有文字。', summary: '', cover: '' });
    expect(metaOf(await text(`/articles/${noImage}`), 'og:image')).toBeUndefined();

    const avatar = await api<EnvelopeBody>('POST', '/api/admin/avatars', { token, body: imageForm(buildImage('png'), 'a.png') });
    expect(avatar.status).toBe(201);
    const avatarUrl = (avatar.body.data as { url: string }).url;
    expect(metaOf(await text(`/articles/${noImage}`), 'og:image')).toBe(`${server.url}${avatarUrl}`);

    const withCover = await createArticle(api, token, { content: '文字。', cover: 'https://cdn.example.com/cover.png' });
    expect(metaOf(await text(`/articles/${withCover}`), 'og:image')).toBe('https://cdn.example.com/cover.png');
  });
});
