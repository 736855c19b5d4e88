import { describe, expect, it } from 'vitest';
import { connectRealtime, startSignedIn } from '../../../tests/support/test-server.js';
import type { EnvelopeBody, TestServer } from '../../../tests/support/test-server.js';
import { rawRequest } from '../support/raw-request.js';
import { createArticle, idsOf, isoIn, postComment, useArticleServer } from './articles.fixtures.js';
import type { Api } from './articles.fixtures.js';

let server: TestServer;
let api: Api;
let token: string;

useArticleServer((started) => ({ server, api, token } = started));

/** One article in each state readers must not see, and one they see, each with its own words. */
async function createSite() {
  const visible = await createArticle(api, token, { title: '公开文章 Visible', category: '公开分类', tags: '公开标签' });
  const hidden = {
    draft: await createArticle(api, token, { title: '草稿文章 Secret', category: '草稿分类', tags: '草稿标签', status: 'draft' }),
    scheduled: await createArticle(api, token, {
      title: '定时文章 Secret',
      category: '定时分类',
      tags: '定时标签',
      status: 'scheduled',
      publish_at: isoIn(60 * 60 * 1000),
    }),
    binned: await createArticle(api, token, { title: '回收文章 Secret', category: '回收分类', tags: '回收标签' }),
  };
  await api('DELETE', `/api/admin/articles/${hidden.binned}`, { token });
  return { visible, hidden };
}

const HIDDEN_WORDS = ['Secret', '草稿', '定时', '回收'];
const text = async (path: string) => (await rawRequest(`${server.url}${path}`)).body.toString('utf8');

describe('an article readers must not see (a draft, a scheduled article, a binned one)', () => {
  it('is missing from the public list, its search, category and tag filters, and the counts', async () => {
    const { visible, hidden } = await createSite();
    expect(idsOf((await api<EnvelopeBody>('GET', '/api/articles')).body)).toEqual([visible]);
    expect((await api<EnvelopeBody>('GET', '/api/articles?search=Secret')).body.data).toEqual([]);
    for (const [category, tag] of [
      ['草稿分类', '草稿标签'],
      ['定时分类', '定时标签'],
      ['回收分类', '回收标签'],
    ]) {
      expect((await api<EnvelopeBody>('GET', `/api/articles?category=${encodeURIComponent(category ?? '')}`)).body.data).toEqual(
        [],
      );
      expect((await api<EnvelopeBody>('GET', `/api/articles?tag=${encodeURIComponent(tag ?? '')}`)).body.data).toEqual([]);
    }
    expect((await api<EnvelopeBody>('GET', '/api/categories')).body.categories).toEqual(['公开分类']);
    expect((await api<EnvelopeBody>('GET', '/api/tags')).body.tags).toEqual({ 公开标签: 1 });
    // The admin sees every one of them but the binned one.
    const admin = await api<EnvelopeBody>('GET', '/api/admin/articles', { token });
    expect(idsOf(admin.body).sort()).toEqual([visible, hidden.draft, hidden.scheduled].sort());
  });

  it('answers 404 for its detail and its comments, and takes no comment', async () => {
    const { visible, hidden } = await createSite();
    for (const id of Object.values(hidden)) {
      const detail = await api<EnvelopeBody>('GET', `/api/articles/${id}`);
      expect(detail.status, `detail ${id}`).toBe(404);
      expect(detail.body.msg).toBe('文章不存在或已被删除');
      expect((await api('GET', `/api/articles/${id}/comments`)).status, `comments ${id}`).toBe(404);
      const posted = await postComment(api, id, {}, { 'X-Forwarded-For': `198.51.100.${id}` });
      expect(posted.status, `comment POST ${id}`).toBe(404);
    }
    expect((await api('GET', `/api/articles/${visible}`)).status).toBe(200);
    const comments = await api<EnvelopeBody>('GET', '/api/admin/comments', { token });
    expect((comments.body.data as { comments: unknown[] }).comments).toEqual([]);
  });

  it('is missing from the rendered pages, their Open Graph tags, the RSS feed and the sitemap', async () => {
    const { hidden } = await createSite();
    const landing = await text('/');
    expect(landing).toContain('公开文章 Visible');
    for (const word of HIDDEN_WORDS) expect(landing, word).not.toContain(word);
    for (const id of Object.values(hidden)) {
      const page = await rawRequest(`${server.url}/articles/${id}`);
      expect(page.status, `page ${id}`).toBe(404);
      const html = page.body.toString('utf8');
      expect(html).not.toContain('Secret');
      expect(html).not.toMatch(/<meta property="og:type" content="article"/);
    }
    // Its own address, made from its title (`/articles/{id}` answers 301 to it, server/API.md §E19).
    const page = await text('/articles/gong-kai-wen-zhang-visible');
    expect(page).toContain('<meta property="og:title" content="公开文章 Visible" />');
    for (const feed of ['/rss.xml', '/sitemap.xml']) {
      const xml = await text(feed);
      expect(xml).toContain('/articles/gong-kai-wen-zhang-visible<');
      for (const id of Object.values(hidden)) expect(xml, `${feed} ${id}`).not.toContain(`/articles/${id}<`);
      for (const word of HIDDEN_WORDS) expect(xml, `${feed} ${word}`).not.toContain(word);
    }
  });
});

describe("the readers' date", () => {
  it('is publish_at in the feed and the Open Graph tags of a back-dated article', async () => {
    await createArticle(api, token, { title: '补发', status: 'published', publish_at: '2020-02-02T00:00:00Z' });
    const page = await text('/articles/bu-fa');
    expect(page).toContain('<meta property="article:published_time" content="2020-02-02T00:00:00Z" />');
    expect(page).toContain('"datePublished":"2020-02-02T00:00:00Z"');
    expect(await text('/rss.xml')).toContain('<pubDate>Sun, 02 Feb 2020 00:00:00 GMT</pubDate>');
  });
});

describe('the live event of an article save', () => {
  it('names no draft or scheduled article: their saves send nothing, publishing and withdrawing do', async () => {
    const realtime = await connectRealtime(server.url);
    try {
      const draft = await createArticle(api, token, { title: '草稿', status: 'draft' });
      await api('PUT', `/api/admin/articles/${draft}`, { token, json: { content: '改过的草稿正文' } });
      const scheduled = await createArticle(api, token, { title: '定时', status: 'scheduled', publish_at: isoIn(3_600_000) });
      await api('PUT', `/api/admin/articles/${scheduled}`, { token, json: { title: '定时（改）' } });
      await api('DELETE', `/api/admin/articles/${draft}`, { token });
      await api('POST', `/api/admin/recycle-bin/${draft}/restore`, { token });
      await api('POST', '/api/admin/articles/batch-delete', { token, json: { ids: [draft, scheduled] } });
      // Whatever arrives for the saves above has arrived once this public change's event has.
      const published = await createArticle(api, token, { title: '公开' });
      await expect(realtime.waitFor('articles_updated')).resolves.toEqual({ ids: [published] });
      expect(realtime.events).toEqual([{ name: 'articles_updated', payload: { ids: [published] } }]);

      const withdrawn = await api<EnvelopeBody>('PUT', `/api/admin/articles/${published}`, { token, json: { status: 'draft' } });
      expect(withdrawn.body.data).toMatchObject({ status: 'draft', publish_at: null });
      await expect.poll(() => realtime.events.length).toBe(2);
      // Readers had it open: they must hear that it is gone.
      expect(realtime.events[1]).toEqual({ name: 'articles_updated', payload: { ids: [published] } });
    } finally {
      realtime.close();
    }
  });
});

describe('cached and replayed public answers', () => {
  it('answer 404 at once for a page and a detail read while published, then withdrawn, also after a restart', async () => {
    // A server of its own, stopped and started again on the same data directory.
    let own = await startSignedIn();
    const dataDir = own.server.dataDir;
    const get = (path: string) => rawRequest(`${own.server.url}${path}`);
    try {
      const id = await createArticle(own.api, own.token, { title: '先公开后撤回' });
      for (let read = 0; read < 3; read += 1) {
        // Read several times, so the page cache and the answer replay both hold them.
        expect((await get('/articles/xian-gong-kai-hou-che-hui')).status).toBe(200);
        expect((await get('/')).body.toString('utf8')).toContain('先公开后撤回');
        expect((await get('/api/articles')).body.toString('utf8')).toContain('先公开后撤回');
      }
      await own.api('PUT', `/api/admin/articles/${id}`, { token: own.token, json: { status: 'draft' } });
      const expectHidden = async () => {
        expect((await get('/articles/xian-gong-kai-hou-che-hui')).status).toBe(404);
        expect((await get(`/articles/${id}`)).status).toBe(404);
        expect((await get(`/api/articles/${id}`)).status).toBe(404);
        expect((await get('/')).body.toString('utf8')).not.toContain('先公开后撤回');
        expect((await get('/api/articles')).body.toString('utf8')).not.toContain('先公开后撤回');
        expect((await get('/rss.xml')).body.toString('utf8')).not.toContain('先公开后撤回');
      };
      await expectHidden();
      await expectHidden();

      await own.server.stop();
      own = await startSignedIn({ dataDir });
      await expectHidden();
      const detail = await own.api<EnvelopeBody>('GET', `/api/admin/articles/${id}`, { token: own.token });
      expect(detail.body.data).toMatchObject({ status: 'draft', publish_at: null });
    } finally {
      await own.server.close();
    }
  });
});
