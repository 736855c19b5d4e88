import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PublicUiMessages } from '@folio/shared';
import type { PublicPageSnapshot } from '@folio/shared';
import { startSignedIn } from '../../../tests/support/test-server.js';
import type { EnvelopeBody, TestServer, apiClient } from '../../../tests/support/test-server.js';
import { buildImage, imageForm } from '../fixtures/images.js';
import { sendPageViewHit } from '../support/page-view-hit.js';

/**
 * The public-page cache (server/src/web/page-cache.ts) against the real server and the real web build: after every
 * kind of owner change the next page view shows the new data, while repeat views are answered
 * from the cache and still counted. Run `npm run build -w web` once before (SSR needs the build).
 */

const SLOW = 120_000;

let server: TestServer;
let api: ReturnType<typeof apiClient>;
let token: string;

interface Page {
  status: number;
  etag: string | null;
  html: string;
  /** What the server rendered, without the hydration data: what a visitor sees before any script runs. */
  markup: string;
}

function snapshotOf(page: Page): PublicPageSnapshot {
  const json = /<script type="application\/json" id="folio-snapshot">([\s\S]*?)<\/script>/.exec(page.html)?.[1];
  expect(json).toBeDefined();
  return JSON.parse(json ?? 'null') as PublicPageSnapshot;
}

async function load(pathName: string): Promise<Page> {
  const response = await fetch(`${server.url}${pathName}`);
  const html = await response.text();
  const markup = html.replace(/<script type="application\/json" id="folio-snapshot">[\s\S]*?<\/script>/, '');
  return { status: response.status, etag: response.headers.get('etag'), html, markup };
}

/** Loads a page twice: the second view is the one a later change must not be hidden behind. */
async function loadCached(pathName: string): Promise<Page> {
  const first = await load(pathName);
  expect(first.status).toBe(200);
  const second = await load(pathName);
  expect(second.etag).toBe(first.etag);
  return second;
}

async function admin(method: string, pathName: string, json?: unknown): Promise<EnvelopeBody> {
  const response = await api<EnvelopeBody>(method, pathName, { token, json });
  expect(response.status, `${method} ${pathName}: ${JSON.stringify(response.body)}`).toBeLessThan(300);
  return response.body;
}

async function createArticle(title: string): Promise<number> {
  // Summary and body do not repeat the title, so a changed title leaves no trace of the old one.
  const body = await admin('POST', '/api/admin/articles', { title, content: '一段正文', summary: '一段摘要' });
  return body.id as number;
}

beforeAll(async () => {
  ({ server, api, token } = await startSignedIn({ seed: true }));
}, SLOW);

afterAll(async () => {
  await server?.close();
});

describe('public page cache: every owner change shows on the next view', () => {
  it('serves a path with any query string from the same cached page', { timeout: SLOW }, async () => {
    const plain = await loadCached('/');
    const withQueries = await Promise.all(['/?utm_source=a', '/?x=1&y=2', '/?'].map((pathName) => load(pathName)));
    for (const page of withQueries) {
      expect(page.status).toBe(200);
      expect(page.etag).toBe(plain.etag);
      expect(page.html).toBe(plain.html);
    }
  });

  it('site blocks: the home title and the about text', { timeout: SLOW }, async () => {
    const before = await loadCached('/');
    await admin('PUT', '/api/admin/site-blocks', {
      blocks: [
        { name: 'home', content: { title: '缓存标题一号' } },
        { name: 'about', content: { hobbies: '<p>缓存爱好一号</p>' } },
      ],
    });
    const after = await load('/');
    expect(after.etag).not.toBe(before.etag);
    expect(after.markup).toContain('缓存标题一号');
    expect(after.markup).toContain('缓存爱好一号');

    await admin('PUT', '/api/admin/site-blocks', { blocks: [{ name: 'home', content: { title: '缓存标题二号' } }] });
    const again = await load('/');
    expect(again.markup).toContain('缓存标题二号');
    expect(again.html).not.toContain('缓存标题一号');
  });

  const ORDERED_LISTS = [
    {
      resource: 'skills',
      created: { name: 'CacheSkillAlpha', level: 70 },
      edited: { name: 'CacheSkillBeta' },
      before: 'CacheSkillAlpha',
      after: 'CacheSkillBeta',
    },
    {
      resource: 'contacts',
      created: { type: 'email', value: 'cache-one@example.com' },
      edited: { value: 'cache-two@example.com' },
      before: 'cache-one@example.com',
      after: 'cache-two@example.com',
    },
  ];

  it.each(ORDERED_LISTS)(
    '$resource: created, edited and deleted',
    { timeout: SLOW },
    async ({ resource, created, edited, before, after }) => {
      await loadCached('/');
      const id = (await admin('POST', `/api/admin/${resource}`, created)).id as number;
      expect((await load('/')).markup).toContain(before);

      await loadCached('/');
      await admin('PUT', `/api/admin/${resource}/${id}`, edited);
      const page = await load('/');
      expect(page.markup).toContain(after);
      expect(page.html).not.toContain(before);

      await loadCached('/');
      await admin('DELETE', `/api/admin/${resource}/${id}`);
      expect((await load('/')).html).not.toContain(after);
    },
  );

  it('avatars: an uploaded avatar made current replaces the one shown', { timeout: SLOW }, async () => {
    // The server renders the placeholder and the browser swaps in the current avatar (the first
    // one of the hydration data) once it has loaded, so that is where the new URL must be.
    const avatarSrc = (page: Page) => snapshotOf(page).avatars[0]?.url;
    const uploads: { id: number; url: string }[] = [];
    for (let i = 0; i < 2; i += 1) {
      const response = await api<EnvelopeBody>('POST', '/api/admin/avatars', {
        token,
        body: imageForm(buildImage('png'), 'a.png'),
      });
      expect(response.status).toBe(201);
      const data = response.body.data as { id: number; url: string };
      uploads.push({ id: data.id, url: data.url });
    }
    // Their page sizes, made in the background, change the page too (server/API.md §E11.1): let them land first.
    await server.app.context.services.imageSizes.whenIdle();
    for (const upload of [uploads[0], uploads[1], uploads[0]]) {
      const before = await loadCached('/');
      await admin('PUT', `/api/admin/avatars/${upload?.id}/set_current`);
      const after = await load('/');
      expect(avatarSrc(after)).toBe(upload?.url);
      expect(avatarSrc(after)).not.toBe(avatarSrc(before));
    }
  });

  it('an edited article shows its new title on / and on its own page', { timeout: SLOW }, async () => {
    const id = await createArticle('缓存文章旧标题');
    expect((await loadCached('/')).markup).toContain('缓存文章旧标题');
    expect((await loadCached(`/articles/${id}`)).markup).toContain('缓存文章旧标题');

    await admin('PUT', `/api/admin/articles/${id}`, { title: '缓存文章新标题', content: '改过的正文段落' });
    const home = await load('/');
    expect(home.markup).toContain('缓存文章新标题');
    expect(home.html).not.toContain('缓存文章旧标题');
    const article = await load(`/articles/${id}`);
    expect(article.status).toBe(200);
    expect(article.markup).toContain('缓存文章新标题');
    expect(article.markup).toContain('改过的正文段落');
    expect(article.html).not.toContain('缓存文章旧标题');
  });

  it('a binned article leaves / and its page answers 404; restored, it is back', { timeout: SLOW }, async () => {
    const id = await createArticle('缓存回收站文章');
    expect((await loadCached('/')).markup).toContain('缓存回收站文章');
    expect((await loadCached(`/articles/${id}`)).markup).toContain('缓存回收站文章');

    await admin('DELETE', `/api/admin/articles/${id}`);
    expect((await load('/')).html).not.toContain('缓存回收站文章');
    const gone = await load(`/articles/${id}`);
    expect(gone.status).toBe(404);
    expect(gone.html).not.toContain('缓存回收站文章');

    await admin('POST', `/api/admin/recycle-bin/${id}/restore`);
    expect((await load('/')).markup).toContain('缓存回收站文章');
    const back = await load(`/articles/${id}`);
    expect(back.status).toBe(200);
    expect(back.markup).toContain('缓存回收站文章');
  });

  it('a posted comment shows on the article page and in the count on /; a deleted one goes', { timeout: SLOW }, async () => {
    const id = await createArticle('缓存评论文章');
    const card = (page: Page) => {
      const start = page.markup.indexOf('缓存评论文章');
      return page.markup.slice(start, page.markup.indexOf('</article>', start));
    };
    expect(card(await loadCached('/'))).toContain(PublicUiMessages.commentCount(0));
    expect((await loadCached(`/articles/${id}`)).markup).toContain(PublicUiMessages.commentsTitle(0));

    const posted = await api<EnvelopeBody>('POST', `/api/articles/${id}/comments`, {
      json: { author: '缓存读者', content: '缓存评论内容一号' },
    });
    expect(posted.status).toBe(201);
    const commentId = (posted.body.data as { id: number }).id;
    const withComment = await load(`/articles/${id}`);
    expect(withComment.markup).toContain('缓存评论内容一号');
    expect(withComment.markup).toContain(PublicUiMessages.commentsTitle(1));
    expect(card(await load('/'))).toContain(PublicUiMessages.commentCount(1));

    await loadCached(`/articles/${id}`);
    await loadCached('/');
    await admin('DELETE', `/api/admin/comments/${commentId}`);
    const without = await load(`/articles/${id}`);
    expect(without.html).not.toContain('缓存评论内容一号');
    expect(without.markup).toContain(PublicUiMessages.commentsTitle(0));
    expect(card(await load('/'))).toContain(PublicUiMessages.commentCount(0));
  });

  it('a backup import shows its site blocks, skills and articles', { timeout: SLOW }, async () => {
    const id = await createArticle('缓存导入前标题');
    await loadCached('/');
    await loadCached(`/articles/${id}`);

    await admin('POST', '/api/admin/import', {
      site_blocks: [{ name: 'home', content: { title: '缓存导入站点标题' } }],
      skills: [{ id: 9001, name: 'CacheImportedSkill', level: 60 }],
      articles: [{ id, title: '缓存导入后标题', content: '导入的正文' }],
    });
    const home = await load('/');
    expect(home.markup).toContain('缓存导入站点标题');
    expect(home.markup).toContain('CacheImportedSkill');
    expect(home.markup).toContain('缓存导入后标题');
    expect(home.html).not.toContain('缓存导入前标题');
    const article = await load(`/articles/${id}`);
    expect(article.markup).toContain('缓存导入后标题');
    expect(article.html).not.toContain('缓存导入前标题');
  });
});

describe('public page cache: repeat views', () => {
  it("serves a repeat view from the cache while each view's beacon counts it", { timeout: SLOW }, async () => {
    const id = await createArticle('缓存阅读计数文章');
    const views = async () => ((await admin('GET', `/api/admin/articles/${id}`)).data as { views: number }).views;
    expect(await views()).toBe(0);

    const first = await load(`/articles/${id}`);
    const pagePath = `/articles/${((await admin('GET', `/api/admin/articles/${id}`)).data as { slug: string }).slug}`;
    expect(await sendPageViewHit(server.url, pagePath)).toBe(204);
    const repeats = 5;
    for (let i = 0; i < repeats; i += 1) {
      const again = await load(`/articles/${id}`);
      expect(await sendPageViewHit(server.url, pagePath)).toBe(204);
      // The same bytes, view count included: the page was not rendered again (the count in it is
      // allowed to lag, see PAGE_VIEW_COUNT_TTL_MS), yet every view was counted.
      expect(again.etag).toBe(first.etag);
      expect(again.html).toBe(first.html);
    }
    expect(await views()).toBe(1 + repeats);

    const publicDetail = await api<EnvelopeBody>('GET', `/api/articles/${id}`);
    expect(publicDetail.body.views).toBe(2 + repeats);
  });

  it('a HEAD request answers like a GET without the body, and neither is a view', { timeout: SLOW }, async () => {
    const id = await createArticle('缓存HEAD文章');
    const get = await fetch(`${server.url}/articles/${id}`, { headers: { 'Accept-Encoding': 'identity' } });
    const html = await get.text();
    const head = await fetch(`${server.url}/articles/${id}`, { method: 'HEAD', headers: { 'Accept-Encoding': 'identity' } });
    expect(head.status).toBe(200);
    expect(head.headers.get('etag')).toBe(get.headers.get('etag'));
    expect(head.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(Number(head.headers.get('content-length'))).toBe(Buffer.byteLength(html));
    // The page counts no view itself: its beacon does (server/API.md §E23.2).
    const detail = await admin('GET', `/api/admin/articles/${id}`);
    expect((detail.data as { views: number }).views).toBe(0);
  });

  it('a HEAD request for / and for an unknown page keeps their status', { timeout: SLOW }, async () => {
    const home = await fetch(`${server.url}/`, { method: 'HEAD' });
    expect(home.status).toBe(200);
    const missing = await fetch(`${server.url}/no-such-page`, { method: 'HEAD' });
    expect(missing.status).toBe(404);
    const binned = await createArticle('缓存HEAD回收文章');
    await admin('DELETE', `/api/admin/articles/${binned}`);
    expect((await fetch(`${server.url}/articles/${binned}`, { method: 'HEAD' })).status).toBe(404);
  });
});
