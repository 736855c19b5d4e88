import { promises as fs } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { connectRealtime, startSignedIn } from '../../../tests/support/test-server.js';
import type { EnvelopeBody, TestServer } from '../../../tests/support/test-server.js';
import { hashPreviewToken } from '../../src/services/preview-links.service.js';
import { PreviewLinksRepository } from '../../src/store/preview-links.repository.js';
import { rawRequest } from '../support/raw-request.js';
import { createArticle, isoIn, useArticleServer } from './articles.fixtures.js';
import type { Api } from './articles.fixtures.js';

let server: TestServer;
let api: Api;
let token: string;

useArticleServer((started) => ({ server, api, token } = started));

interface CreatedLink {
  id: number;
  article_id: number;
  url: string;
  created_at: string;
  expires_at: string;
}

const DAY_MS = 24 * 60 * 60 * 1000;

async function makeLink(articleId: number, json?: Record<string, unknown>) {
  const response = await api<EnvelopeBody>('POST', `/api/admin/articles/${articleId}/preview-links`, { token, json });
  return { status: response.status, body: response.body, link: response.body.data as CreatedLink };
}

const tokenOf = (link: CreatedLink) => link.url.replace('/preview/', '');
/** The page as a signed-out visitor gets it: a plain request, no cookie, no Authorization. */
const visit = async (urlPath: string) => {
  const response = await rawRequest(`${server.url}${urlPath}`);
  return { ...response, html: response.body.toString('utf8') };
};

/** The published article's page, at the address `/articles/{id}` redirects to. */
async function visitArticle(id: number) {
  const first = await visit(`/articles/${id}`);
  const location = first.headers.location;
  return first.status === 301 && location ? visit(new URL(location, server.url).pathname) : first;
}

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await fs.readdir(dir, { withFileTypes: true });
  const files: string[] = [];
  for (const entry of entries) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) files.push(...(await filesUnder(full)));
    else files.push(full);
  }
  return files;
}

describe('making a preview link', () => {
  it('gives a draft a link of 256 random bits, lasting 7 days, or the days asked for', async () => {
    const draft = await createArticle(api, token, { title: '草稿预览', status: 'draft' });
    const before = Date.now();
    const { status, body, link } = await makeLink(draft);
    expect(status).toBe(201);
    expect(body.msg).toBe('预览链接已生成');
    expect(link.url).toMatch(/^\/preview\/[A-Za-z0-9_-]{43}$/);
    expect(link.article_id).toBe(draft);
    const life = Date.parse(link.expires_at) - Date.parse(link.created_at);
    expect(life).toBe(7 * DAY_MS);
    expect(Date.parse(link.created_at)).toBeGreaterThanOrEqual(Math.floor(before / 1000) * 1000);

    const three = await makeLink(draft, { days: 3 });
    expect(Date.parse(three.link.expires_at) - Date.parse(three.link.created_at)).toBe(3 * DAY_MS);
    expect(tokenOf(three.link)).not.toBe(tokenOf(link));

    const scheduled = await createArticle(api, token, { title: '定时', status: 'scheduled', publish_at: isoIn(DAY_MS) });
    expect((await makeLink(scheduled)).status).toBe(201);
  });

  it('refuses a published article, a missing or binned one, and days outside 1 to 30, changing nothing', async () => {
    const published = await createArticle(api, token, { title: '已发布' });
    const refused = await makeLink(published);
    expect(refused.status).toBe(400);
    expect(refused.body.msg).toBe('文章已发布，读者可以直接访问，无需预览链接');

    const missing = await makeLink(999_999);
    expect(missing.status).toBe(404);
    expect(missing.body.msg).toBe('文章不存在或已被删除');
    const binned = await createArticle(api, token, { title: '回收', status: 'draft' });
    await api('DELETE', `/api/admin/articles/${binned}`, { token });
    expect((await makeLink(binned)).status).toBe(404);

    const draft = await createArticle(api, token, { title: '草稿', status: 'draft' });
    for (const days of [0, 31, 1.5, '7', null]) {
      const bad = await makeLink(draft, { days });
      expect(bad.status, String(days)).toBe(400);
      expect(JSON.stringify(bad.body)).toContain('days 必须是 1 到 30 之间的整数');
    }
    const listed = await api<EnvelopeBody>('GET', `/api/admin/articles/${draft}/preview-links`, { token });
    expect(listed.body.data).toEqual([]);
  });

  it('is for the owner only', async () => {
    const draft = await createArticle(api, token, { title: '草稿', status: 'draft' });
    expect((await api('POST', `/api/admin/articles/${draft}/preview-links`)).status).toBe(401);
    expect((await api('GET', `/api/admin/articles/${draft}/preview-links`)).status).toBe(401);
    expect((await api('DELETE', `/api/admin/articles/${draft}/preview-links/1`)).status).toBe(401);
  });
});

describe('a preview page', () => {
  it('shows the saved draft to a signed-out visitor, under a 预览 banner, without comments or share', async () => {
    const draft = await createArticle(api, token, {
      title: '还没发布的文章',
      content: '# 小标题\n\n只给朋友看的正文。',
      summary: '草稿的摘要',
      status: 'draft',
    });
    const { link } = await makeLink(draft);
    const page = await visit(link.url);
    expect(page.status).toBe(200);
    expect(page.html).toContain('还没发布的文章');
    expect(page.html).toContain('只给朋友看的正文。');
    expect(page.html).toContain('data-testid="preview-banner"');
    expect(page.html).toContain('<title>预览：还没发布的文章');
    expect(page.html).not.toContain('<form');
    expect(page.html).not.toContain('rel="canonical"');
    expect(page.html).not.toContain('application/ld+json');

    // The same article once published has its comment form: the check above would see one.
    await api('PUT', `/api/admin/articles/${draft}`, { token, json: { status: 'published' } });
    expect((await visitArticle(draft)).html).toContain('<form');
  });

  it('is noindex and private, no-store, and is rendered again for each request (never from the page cache)', async () => {
    const draft = await createArticle(api, token, { title: '第一版标题', status: 'draft' });
    const { link } = await makeLink(draft);
    const first = await visit(link.url);
    expect(first.headers['cache-control']).toBe('private, no-store');
    expect(first.headers['x-robots-tag']).toBe('noindex');
    expect(first.headers['referrer-policy']).toBe('no-referrer');
    expect(first.html).toContain('<meta name="robots" content="noindex" />');

    // The latest saved version, at once: a page kept anywhere would still show the first title.
    await api('PUT', `/api/admin/articles/${draft}`, { token, json: { title: '第二版标题' } });
    const second = await visit(link.url);
    expect(second.html).toContain('第二版标题');
    expect(second.html).not.toContain('第一版标题');
    const replayedBefore = server.app.replay.replayed;
    await visit(link.url);
    expect(server.app.replay.replayed).toBe(replayedBefore);

    const json = await api<EnvelopeBody>('GET', `/api/preview/${tokenOf(link)}`);
    expect(json.status).toBe(200);
    expect(json.headers.get('cache-control')).toBe('private, no-store');
    expect(json.body.data).toMatchObject({
      article: { id: draft, title: '第二版标题', comments: [] },
      expires_at: link.expires_at,
    });
  });

  it('shows the saved article, not the editor autosave', async () => {
    const draft = await createArticle(api, token, { title: '保存的标题', content: '保存的正文', status: 'draft' });
    const detail = await api<EnvelopeBody>('GET', `/api/admin/articles/${draft}`, { token });
    const revision = (detail.body.data as { revision: number }).revision;
    const autosave = { title: '未保存的标题', category: '', tags: [], summary: '', cover: '', content: '未保存的正文' };
    const saved = await api('PUT', `/api/admin/articles/${draft}/autosave`, {
      token,
      json: { ...autosave, base_revision: revision },
    });
    expect(saved.status).toBe(200);
    const { link } = await makeLink(draft);
    const page = await visit(link.url);
    expect(page.html).toContain('保存的正文');
    expect(page.html).not.toContain('未保存的');
  });

  it('never reaches the sitemap, the feeds, the public list, its search, or readers’ sockets', async () => {
    const realtime = await connectRealtime(server.url);
    try {
      const draft = await createArticle(api, token, { title: '秘密预览 Zebra', tags: '预览标签', status: 'draft' });
      const { link } = await makeLink(draft);
      await visit(link.url);
      const second = await makeLink(draft);
      await api('DELETE', `/api/admin/articles/${draft}/preview-links/${second.link.id}`, { token });
      for (const feed of ['/sitemap.xml', '/rss.xml', '/articles', '/']) {
        const { html } = await visit(feed);
        expect(html, feed).not.toContain('Zebra');
        expect(html, feed).not.toContain('/preview/');
      }
      expect((await api<EnvelopeBody>('GET', '/api/articles?search=Zebra')).body.data).toEqual([]);
      expect((await visit(`/tags/${encodeURIComponent('预览标签')}`)).status).toBe(404);
      // Whatever the above sent has arrived once this published article's event has.
      const published = await createArticle(api, token, { title: '公开' });
      await expect(realtime.waitFor('articles_updated')).resolves.toEqual({ ids: [published] });
      expect(realtime.events).toEqual([{ name: 'articles_updated', payload: { ids: [published] } }]);
    } finally {
      realtime.close();
    }
  });
});

describe('a link that no longer works', () => {
  it('is a 404 once revoked, and the list shows only the links that work, never a token', async () => {
    const draft = await createArticle(api, token, { title: '撤销测试', status: 'draft' });
    const kept = (await makeLink(draft)).link;
    const revoked = (await makeLink(draft)).link;
    expect((await visit(revoked.url)).status).toBe(200);
    const removed = await api<EnvelopeBody>('DELETE', `/api/admin/articles/${draft}/preview-links/${revoked.id}`, { token });
    expect(removed.status).toBe(200);
    expect(removed.body.msg).toBe('预览链接已撤销');

    const page = await visit(revoked.url);
    expect(page.status).toBe(404);
    expect(page.headers['cache-control']).toBe('private, no-store');
    expect(page.html).not.toContain('撤销测试');
    expect(page.html).toContain('<meta name="robots" content="noindex" />');
    const json = await api<EnvelopeBody>('GET', `/api/preview/${tokenOf(revoked)}`);
    expect(json.status).toBe(404);
    expect(json.body.msg).toBe('预览链接无效、已过期或已被撤销');

    const again = await api<EnvelopeBody>('DELETE', `/api/admin/articles/${draft}/preview-links/${revoked.id}`, { token });
    expect(again.status).toBe(404);
    expect(again.body.msg).toBe('预览链接不存在或已被撤销');
    const listed = await api<EnvelopeBody>('GET', `/api/admin/articles/${draft}/preview-links`, { token });
    expect(listed.body.data).toEqual([
      { id: kept.id, article_id: draft, created_at: kept.created_at, expires_at: kept.expires_at },
    ]);
    expect(JSON.stringify(listed.body)).not.toContain(tokenOf(kept));
    expect((await visit(kept.url)).status).toBe(200);
  });

  it('is a 404 once expired, is left out of the list, and is removed by the next write', async () => {
    const draft = await createArticle(api, token, { title: '过期测试', status: 'draft' });
    const expiredToken = 'E'.repeat(43);
    const hash = hashPreviewToken(expiredToken);
    // Stored as it was a week ago, with the life it had then: it expired an hour ago.
    const weekAgo = new Date(Date.now() - 7 * DAY_MS - 3_600_000);
    await new PreviewLinksRepository(server.app.store).add(
      {
        article_id: draft,
        token_hash: hash,
        created_at: weekAgo.toISOString().replace(/\.\d{3}Z$/, 'Z'),
        expires_at: isoIn(-3_600_000),
      },
      weekAgo,
      () => true,
    );
    expect((await visit(`/preview/${expiredToken}`)).status).toBe(404);
    expect((await api('GET', `/api/preview/${expiredToken}`)).status).toBe(404);
    expect((await api<EnvelopeBody>('GET', `/api/admin/articles/${draft}/preview-links`, { token })).body.data).toEqual([]);

    await makeLink(draft);
    await server.app.store.flush();
    const file = await fs.readFile(path.join(server.dataDir, 'preview-links.json'), 'utf8');
    expect(file).not.toContain(hash);
  });

  it('is a 404 once its article is published, binned or purged', async () => {
    const toPublish = await createArticle(api, token, { title: '将发布', status: 'draft' });
    const published = (await makeLink(toPublish)).link;
    await api('PUT', `/api/admin/articles/${toPublish}`, { token, json: { status: 'published' } });
    expect((await visit(published.url)).status).toBe(404);
    expect((await api('GET', `/api/preview/${tokenOf(published)}`)).status).toBe(404);
    expect((await api<EnvelopeBody>('GET', `/api/admin/articles/${toPublish}/preview-links`, { token })).body.data).toEqual([]);
    // The public page is where the article is now.
    expect((await visitArticle(toPublish)).status).toBe(200);

    const toBin = await createArticle(api, token, { title: '将删除', status: 'draft' });
    const binned = (await makeLink(toBin)).link;
    await api('DELETE', `/api/admin/articles/${toBin}`, { token });
    expect((await visit(binned.url)).status).toBe(404);
    await api('POST', `/api/admin/recycle-bin/${toBin}/restore`, { token });
    expect((await visit(binned.url)).status).toBe(200);
    await api('DELETE', `/api/admin/articles/${toBin}`, { token });
    await api('DELETE', '/api/admin/recycle-bin', { token });
    expect((await visit(binned.url)).status).toBe(404);
  });

  it('answers 404, never a 5xx, for hostile tokens on the page and the JSON read', async () => {
    const hostile = [
      '',
      'x',
      'A'.repeat(43),
      'A'.repeat(42),
      'A'.repeat(44),
      'a'.repeat(5000),
      '%00',
      '..%2F..%2Fetc%2Fpasswd',
      '%E4%B8%AD%E6%96%87',
      '%3Cscript%3Ealert(1)%3C%2Fscript%3E',
      '%',
      `${'A'.repeat(43)}/extra`,
      '__proto__',
      'constructor',
    ];
    for (const raw of hostile) {
      const page = await visit(`/preview/${raw}`);
      expect(page.status, `page ${raw.slice(0, 40)}`).toBe(404);
      expect(page.headers['cache-control'], raw.slice(0, 40)).toBe('private, no-store');
      const json = await rawRequest(`${server.url}/api/preview/${raw}`);
      expect(json.status, `json ${raw.slice(0, 40)}`).toBeGreaterThanOrEqual(400);
      expect(json.status, `json ${raw.slice(0, 40)}`).toBeLessThan(500);
    }
  });
});

describe('what the data directory keeps', () => {
  it('holds only the hash of a token, and the link works after a restart', async () => {
    const own = await startSignedIn();
    try {
      const draft = await createArticle(own.api, own.token, { title: '重启之后', status: 'draft' });
      const answer = await own.api<EnvelopeBody>('POST', `/api/admin/articles/${draft}/preview-links`, { token: own.token });
      const link = answer.body.data as CreatedLink;
      const secret = tokenOf(link);
      await own.server.stop();
      for (const file of await filesUnder(own.server.dataDir)) {
        const bytes = await fs.readFile(file);
        expect(bytes.includes(secret), file).toBe(false);
      }
      const stored = await fs.readFile(path.join(own.server.dataDir, 'preview-links.json'), 'utf8');
      expect(stored).toContain(hashPreviewToken(secret));

      const restarted = await startSignedIn({ dataDir: own.server.dataDir });
      try {
        const page = await rawRequest(`${restarted.server.url}${link.url}`);
        expect(page.status).toBe(200);
        expect(page.body.toString('utf8')).toContain('重启之后');
      } finally {
        await restarted.server.stop();
      }
    } finally {
      await own.server.close();
    }
  });
});
