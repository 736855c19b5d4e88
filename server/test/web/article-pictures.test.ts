import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PublicArticleDetail, PublicArticleListItem } from '@folio/shared';
import { startSignedIn } from '../../../tests/support/test-server.js';
import type { EnvelopeBody, TestServer, apiClient } from '../../../tests/support/test-server.js';
import { imageForm } from '../fixtures/images.js';

let server: TestServer;
let api: ReturnType<typeof apiClient>;
let token: string;

beforeAll(async () => {
  ({ server, api, token } = await startSignedIn());
});
afterAll(() => server.close());

async function uploadPhoto(width: number, height: number): Promise<string> {
  const photo = await sharp({ create: { width, height, channels: 3, background: '#58a' } })
    .jpeg()
    .toBuffer();
  const response = await api<EnvelopeBody>('POST', '/api/admin/articles/images', { token, body: imageForm(photo, 'photo.jpg') });
  expect(response.status).toBe(201);
  return (response.body.data as { url: string }).url;
}

/** Publishes an article and waits until the page sizes of its images exist; resolves with its id. */
async function publishWithImages(fields: { title: string; content: string; cover: string }): Promise<number> {
  const created = await api<EnvelopeBody>('POST', '/api/admin/articles', { token, json: fields });
  expect(created.status).toBe(201);
  await server.app.context.services.imageSizes.whenIdle();
  return (created.body.data as { id: number }).id;
}

describe('an article page shows its uploads as <picture>', () => {
  it('gives the detail the facts of its cover and body images, and the page <picture>s with the cover fetched first', async () => {
    const cover = await uploadPhoto(1200, 600);
    const inBody = await uploadPhoto(800, 600);
    const id = await publishWithImages({
      title: '图片文章',
      content: `正文\n\n![一张图](${inBody})\n\n![外链](https://example.com/a.png)`,
      cover,
    });

    const detail = (await api<EnvelopeBody>('GET', `/api/articles/${id}`)).body.data as PublicArticleDetail;
    const coverName = cover.split('/').pop() ?? '';
    const bodyName = inBody.split('/').pop() ?? '';
    expect(Object.keys(detail.images ?? {}).sort()).toEqual([coverName, bodyName].sort());
    expect(detail.images?.[bodyName]).toMatchObject({ width: 800, height: 600, animated: false });
    expect(detail.images?.[bodyName]?.sizes.map((size) => `${size.width} ${size.type}`)).toEqual([
      '480 image/avif',
      '480 image/webp',
      '800 image/avif',
      '800 image/webp',
    ]);

    const html = await (await fetch(`${server.url}/articles/${id}`)).text();
    const coverTag = new RegExp(`<img[^>]*src="${cover}"[^>]*>`).exec(html)?.[0] ?? '';
    expect(coverTag).toContain('width="1200"');
    expect(coverTag).toContain('height="600"');
    expect(coverTag).toContain('loading="eager"');
    // HTML attribute names know no case; React writes this one as fetchPriority.
    expect(coverTag).toMatch(/fetchpriority="high"/i);
    const bodyTag = new RegExp(`<img[^>]*src="${inBody}"[^>]*>`).exec(html)?.[0] ?? '';
    expect(bodyTag).toContain('loading="lazy"');
    expect(bodyTag).not.toMatch(/fetchpriority/i);
    expect(bodyTag).toContain('width="800"');
    expect(html.match(/<picture>/g)).toHaveLength(2);
    expect(html).toMatch(
      /<source type="image\/avif" srcset="\/uploads\/sizes\/[0-9a-f]{32}\.avif 480w, \/uploads\/sizes\/[0-9a-f]{32}\.avif 800w"/,
    );
    // The JPEG 1200 wide is for link previews only: no <source> offers it.
    const socialCopy = detail.images?.[coverName]?.sizes.find((size) => size.type === 'image/jpeg');
    expect(socialCopy).toMatchObject({ width: 1200, height: 600 });
    expect(html).not.toContain(`${socialCopy?.url} 1200w`);
    expect(html).toContain(`<meta property="og:image" content="${server.url}${socialCopy?.url}" />`);
    expect(html).toContain('<meta property="og:image:width" content="1200" />');
  });

  it('fetches the opening body image of an article without a cover first, and the later ones lazily', async () => {
    const opening = await uploadPhoto(1200, 900);
    const later = await uploadPhoto(900, 600);
    const id = await publishWithImages({
      title: '无封面的照片文章',
      content: `## 第一张\n\n说明\n\n![一](${opening})\n\n说明\n\n![二](${later})`,
      cover: '',
    });
    const html = await (await fetch(`${server.url}/articles/${id}`)).text();
    const openingTag = new RegExp(`<img[^>]*src="${opening}"[^>]*>`).exec(html)?.[0] ?? '';
    expect(openingTag).toContain('loading="eager"');
    expect(openingTag).toContain('fetchpriority="high"');
    expect(openingTag).toContain('width="1200" height="900"');
    const laterTag = new RegExp(`<img[^>]*src="${later}"[^>]*>`).exec(html)?.[0] ?? '';
    expect(laterTag).toContain('loading="lazy"');
    expect(html.match(/fetchpriority/gi)).toHaveLength(1);
  });

  it('gives each listed article its cover facts, and its card on / a <picture> of the cover', async () => {
    const cover = await uploadPhoto(1000, 500);
    await publishWithImages({ title: '卡片文章', content: '正文', cover });
    const list = (await api<EnvelopeBody>('GET', '/api/articles')).body.data as PublicArticleListItem[];
    const listed = list.find((item) => item.title === '卡片文章');
    expect(listed?.cover_facts).toMatchObject({ width: 1000, height: 500 });
    const avif = listed?.cover_facts?.sizes
      .filter((size) => size.type === 'image/avif')
      .map((size) => `${size.url} ${size.width}w`);
    const home = await (await fetch(`${server.url}/`)).text();
    expect(home).toContain(
      `<picture><source type="image/avif" srcSet="${avif?.join(', ')}" sizes="(max-width: 639px) 100vw, (max-width: 1023px) 50vw, 400px"/>`,
    );
  });

  it('gives each feed item its cover at mid size', async () => {
    const cover = await uploadPhoto(1600, 900);
    const id = await publishWithImages({ title: '订阅文章', content: '正文', cover });
    const detail = (await api<EnvelopeBody>('GET', `/api/articles/${id}`)).body.data as PublicArticleDetail;
    const mid = detail.images?.[cover.split('/').pop() ?? '']?.sizes.find(
      (size) => size.type === 'image/webp' && size.width === 960,
    );
    expect(mid).toBeDefined();
    const feed = await (await fetch(`${server.url}/rss.xml`)).text();
    expect(feed).toContain(
      `<media:content url="${server.url}${mid?.url}" medium="image" type="image/webp" width="960" height="540" />`,
    );
  });
});
