import { readdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { AdminArticleDetail, PublicArticleDetail, PublicDiagram, UndrawnDiagrams } from '@folio/shared';
import { connectRealtime, startTestServer, apiClient } from '../../../tests/support/test-server.js';
import type { EnvelopeBody, TestServer } from '../../../tests/support/test-server.js';
import { createArticle, useArticleServer } from './articles.fixtures.js';
import type { Api } from './articles.fixtures.js';

let server: TestServer;
let api: Api;
let token: string;

useArticleServer((started) => ({ server, api, token } = started));

const SOURCE = 'graph TD\n  A[写代码] --> B[发布]\n';
const BODY = `# 流程\n\n\`\`\`mermaid\n${SOURCE}\`\`\`\n\n结尾。`;

/** A small SVG as Mermaid would send it, in one theme. */
const svg = (fill: string, extra = '') =>
  `<svg id="folio-mermaid-1" width="100%" xmlns="http://www.w3.org/2000/svg" style="max-width: 220px;" viewBox="0 0 220 120">` +
  `<style>#folio-mermaid-1 .node rect{fill:${fill};}</style>${extra}` +
  `<g class="node"><rect x="10" y="10" width="200" height="40"></rect><text x="20" y="35">写代码</text></g></svg>`;

const upload = (id: number, json: unknown, withToken = true) =>
  api<EnvelopeBody>('POST', `/api/admin/articles/${id}/diagrams`, withToken ? { token, json } : { json });

const publicDetail = async (id: number) =>
  (await api<EnvelopeBody>('GET', `/api/articles/${id}`)).body.data as PublicArticleDetail;
const adminDetail = async (id: number) => {
  const response = await api<EnvelopeBody>('GET', `/api/admin/articles/${id}`, { token });
  return { detail: response.body.data as AdminArticleDetail, etag: response.headers.get('etag') };
};
const diagramFiles = async () => (await readdir(path.join(server.dataDir, 'diagrams'))).filter((name) => name.endsWith('.svg'));

describe('POST /api/admin/articles/:id/diagrams', () => {
  it('needs a token', async () => {
    const id = await createArticle(api, token, { content: BODY });
    const response = await upload(id, { source: SOURCE, light: svg('#fff'), dark: svg('#000') }, false);
    expect(response.status).toBe(401);
    expect(await diagramFiles()).toEqual([]);
  });

  it('stores both images, shows them on the public detail and the page, and leaves the revision alone', async () => {
    const id = await createArticle(api, token, { content: BODY });
    const before = await adminDetail(id);
    expect(before.detail.drawn_diagrams).toEqual([]);
    const realtime = await connectRealtime(server.url);
    try {
      const response = await upload(id, { source: SOURCE, light: svg('#fff'), dark: svg('#222') });
      expect(response.status).toBe(200);
      expect(response.body).toMatchObject({ code: 0, msg: '图表已保存' });
      const diagram = response.body.data as PublicDiagram;
      expect(diagram).toEqual({
        source: SOURCE,
        width: 220,
        height: 120,
        light_url: expect.stringMatching(/^\/diagrams\/[0-9a-f]{64}\.svg$/),
        dark_url: expect.stringMatching(/^\/diagrams\/[0-9a-f]{64}\.svg$/),
      });
      expect(diagram.dark_url).not.toBe(diagram.light_url);
      await expect(realtime.waitFor('articles_updated')).resolves.toEqual({ ids: [id] });

      expect((await publicDetail(id)).diagrams).toEqual([diagram]);
      const after = await adminDetail(id);
      expect(after.detail.drawn_diagrams).toEqual([SOURCE]);
      // Derived data: an editor holding the article's ETag can still save.
      expect(after.etag).toBe(before.etag);
      expect(after.detail.updated_at).toBe(before.detail.updated_at);

      const image = await fetch(`${server.url}${diagram.light_url}`);
      expect(image.status).toBe(200);
      expect(image.headers.get('content-type')).toBe('image/svg+xml');
      expect(image.headers.get('content-security-policy')).toContain('sandbox');
      expect(image.headers.get('cache-control')).toContain('immutable');
      const text = await image.text();
      expect(text).toMatch(/^<svg[^>]* width="220" height="120"/);
      expect(text).toContain('写代码');

      const page = await (await fetch(`${server.url}/articles/${id}`)).text();
      expect(page).toContain(`src="${diagram.light_url}"`);
      // HTML attribute names are case-insensitive; React writes this one as srcSet.
      expect(page.toLowerCase()).toContain(`<source media="(prefers-color-scheme: dark)" srcset="${diagram.dark_url}"`);
      expect(page).not.toContain('正在渲染图表');
    } finally {
      realtime.close();
    }
  });

  it('cleans what it stores: no script or handler reaches the image', async () => {
    const id = await createArticle(api, token, { content: BODY });
    const hostile = svg('#fff', '<script>alert(1)</script><rect onload="alert(2)" width="1" height="1"></rect>');
    const response = await upload(id, { source: SOURCE, light: hostile, dark: hostile });
    expect(response.status).toBe(200);
    const diagram = response.body.data as PublicDiagram;
    const text = await (await fetch(`${server.url}${diagram.light_url}`)).text();
    expect(text).not.toMatch(/script|onload|alert/i);
  });

  it('refuses bad input with a message naming the problem, storing nothing', async () => {
    const id = await createArticle(api, token, { content: BODY });
    const cases: [unknown, number, string][] = [
      [{ source: 'graph LR\n  X --> Y\n', light: svg('#fff'), dark: svg('#000') }, 400, '文章正文中没有这段 Mermaid 源码'],
      [{ source: SOURCE, light: '<div>不是图</div>', dark: svg('#000') }, 400, '图表 SVG 无效'],
      [{ source: SOURCE, light: svg('#fff').replace(/ viewBox="[^"]*"/, ''), dark: svg('#000') }, 400, '图表 SVG 无效'],
      [
        { source: SOURCE, light: svg('#fff', `<desc>${'字'.repeat(200_000)}</desc>`), dark: svg('#000') },
        400,
        '图表 SVG 不能超过512KB',
      ],
      [{ source: SOURCE, light: svg('#fff') }, 400, '图表 SVG（light 和 dark）不能为空'],
      [{ source: '', light: svg('#fff'), dark: svg('#000') }, 400, '图表源码 source 不能为空'],
    ];
    for (const [json, status, message] of cases) {
      const response = await upload(id, json);
      expect(response.status, JSON.stringify(json).slice(0, 80)).toBe(status);
      expect(response.body.msg).toContain(message);
    }
    expect((await upload(99_999, { source: SOURCE, light: svg('#fff'), dark: svg('#000') })).status).toBe(404);
    expect((await publicDetail(id)).diagrams).toEqual([]);
    expect(await diagramFiles()).toEqual([]);
  });

  it('replaces the drawing of the same source and drops a drawing whose fence an edit removed', async () => {
    const id = await createArticle(api, token, { content: BODY });
    const first = (await upload(id, { source: SOURCE, light: svg('#fff'), dark: svg('#000') })).body.data as PublicDiagram;
    const second = (await upload(id, { source: SOURCE, light: svg('#eee'), dark: svg('#111') })).body.data as PublicDiagram;
    expect((await publicDetail(id)).diagrams).toEqual([second]);
    expect((await fetch(`${server.url}${first.light_url}`)).status).toBe(404);
    expect(await diagramFiles()).toHaveLength(2);

    const edit = await api('PUT', `/api/admin/articles/${id}`, { token, json: { content: '# 流程\n\n图已删除。' } });
    expect(edit.status).toBe(200);
    expect((await publicDetail(id)).diagrams).toEqual([]);
    expect((await fetch(`${server.url}${second.light_url}`)).status).toBe(404);
    expect(await diagramFiles()).toEqual([]);
  });

  it('serves no image of a binned article until it is restored, and none after a purge', async () => {
    const id = await createArticle(api, token, { content: BODY });
    const diagram = (await upload(id, { source: SOURCE, light: svg('#fff'), dark: svg('#000') })).body.data as PublicDiagram;
    await api('DELETE', `/api/admin/articles/${id}`, { token });
    expect((await fetch(`${server.url}${diagram.light_url}`)).status).toBe(404);
    await api('POST', `/api/admin/recycle-bin/${id}/restore`, { token });
    expect((await fetch(`${server.url}${diagram.light_url}`)).status).toBe(200);
    await api('DELETE', `/api/admin/articles/${id}`, { token });
    await api('DELETE', '/api/admin/recycle-bin', { token });
    expect(await diagramFiles()).toEqual([]);
  });

  it('survives the import of a backup with the same body, and goes with a body that no longer holds it', async () => {
    const id = await createArticle(api, token, { content: BODY });
    const diagram = (await upload(id, { source: SOURCE, light: svg('#fff'), dark: svg('#000') })).body.data as PublicDiagram;
    const exported = (await api<EnvelopeBody>('GET', '/api/admin/export', { token })).body.data as {
      articles: { id: number; content: string }[];
    };
    expect(JSON.stringify(exported)).not.toContain('/diagrams/');
    expect((await api('POST', '/api/admin/import', { token, json: exported })).status).toBe(200);
    expect((await publicDetail(id)).diagrams).toEqual([diagram]);

    const changed = {
      ...exported,
      articles: exported.articles.map((article) => (article.id === id ? { ...article, content: '# 没有图了' } : article)),
    };
    expect((await api('POST', '/api/admin/import', { token, json: changed })).status).toBe(200);
    expect((await publicDetail(id)).diagrams).toEqual([]);
    expect(await diagramFiles()).toEqual([]);
  });

  it('answers a JSON 404 for any other name under /diagrams', async () => {
    for (const name of ['x.svg', '..%2Fmeta.json', `${'a'.repeat(64)}.svg`, `${'A'.repeat(64)}.svg`, '%00.svg', 'a/b.svg']) {
      const response = await api<EnvelopeBody>('GET', `/diagrams/${name}`);
      expect(response.status, name).toBe(404);
    }
  });
});

describe("an unpublished article's diagram images", () => {
  const createUnpublished = async (json: Record<string, unknown>) => {
    const response = await api<EnvelopeBody>('POST', '/api/admin/articles', {
      token,
      json: { title: '还没发布', content: BODY, category: '', tags: '', summary: '', cover: '', ...json },
    });
    expect(response.status).toBe(201);
    return response.body.id as number;
  };
  const fetchImage = (url: string, bearer?: string) =>
    fetch(`${server.url}${url}`, bearer === undefined ? {} : { headers: { Authorization: `Bearer ${bearer}` } });

  it('are served to the admin alone, kept by no shared cache, until the article is published', async () => {
    const inAnHour = `${new Date(Date.now() + 3_600_000).toISOString().slice(0, 19)}Z`;
    const cases = [{ status: 'draft' }, { status: 'scheduled', publish_at: inAnHour }];
    for (const [index, unpublished] of cases.entries()) {
      const id = await createUnpublished(unpublished);
      // Images are named by content: each case draws its own, shown by no other article.
      const uploaded = await upload(id, { source: SOURCE, light: svg(`#ab${index}`), dark: svg(`#cd${index}`) });
      expect(uploaded.status).toBe(200);
      const { light_url, dark_url } = uploaded.body.data as PublicDiagram;

      for (const url of [light_url, dark_url]) {
        for (const bearer of [undefined, 'not-a-token']) {
          const refused = await fetchImage(url, bearer);
          expect([unpublished.status, bearer, refused.status]).toEqual([unpublished.status, bearer, 404]);
          expect(await refused.json()).toMatchObject({ msg: '文件不存在' });
        }
        const admins = await fetchImage(url, token);
        expect(admins.status).toBe(200);
        expect(admins.headers.get('content-type')).toBe('image/svg+xml');
        expect(admins.headers.get('cache-control')).toBe('private, no-store');
        expect(admins.headers.get('vary')).toMatch(/Authorization/i);
        expect(await admins.text()).toContain('<svg');
      }

      const published = await api<EnvelopeBody>('PUT', `/api/admin/articles/${id}`, { token, json: { status: 'published' } });
      expect(published.status).toBe(200);
      const open = await fetchImage(light_url);
      expect(open.status).toBe(200);
      expect(open.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    }
  });
});

describe('GET /api/admin/diagrams/undrawn', () => {
  const undrawn = async () => {
    const response = await api<EnvelopeBody>('GET', '/api/admin/diagrams/undrawn', { token });
    expect(response.status).toBe(200);
    return (response.body.data as UndrawnDiagrams).article_ids;
  };
  const OTHER = 'sequenceDiagram\n  A->>B: 你好\n';
  const fenced = (source: string, info = 'mermaid') => `\`\`\`${info}\n${source}\`\`\``;

  it('needs a token', async () => {
    expect((await api('GET', '/api/admin/diagrams/undrawn')).status).toBe(401);
  });

  it('lists live articles with a diagram the page would draw that has no image, and only those', async () => {
    const waiting = await createArticle(api, token, { content: BODY });
    const upperCase = await createArticle(api, token, { content: fenced(OTHER, 'Mermaid title') });
    await createArticle(api, token, { content: '# 没有图\n\n正文里提到 mermaid 这个词。' });
    await createArticle(api, token, { content: fenced('graph TD\n  A --> B\n', 'text') });
    // Inside a list or a quote a fence is shown as its source, never drawn.
    await createArticle(api, token, {
      content: `- 列表\n\n  ${fenced(SOURCE).replaceAll('\n', '\n  ')}\n\n> ${fenced(OTHER).replaceAll('\n', '\n> ')}`,
    });
    const binned = await createArticle(api, token, { content: BODY });
    await api('DELETE', `/api/admin/articles/${binned}`, { token });
    expect((await undrawn()).sort((a, b) => a - b)).toEqual([waiting, upperCase]);

    await upload(waiting, { source: SOURCE, light: svg('#fff'), dark: svg('#000') });
    expect(await undrawn()).toEqual([upperCase]);
  });

  it('follows edits of the body', async () => {
    const id = await createArticle(api, token, { content: BODY });
    await upload(id, { source: SOURCE, light: svg('#fff'), dark: svg('#000') });
    expect(await undrawn()).toEqual([]);

    // A second diagram added by an edit is waiting; the drawn one is not asked for again.
    await api('PUT', `/api/admin/articles/${id}`, { token, json: { content: `${BODY}\n\n${fenced(OTHER)}` } });
    expect(await undrawn()).toEqual([id]);
    await upload(id, { source: OTHER, light: svg('#eee'), dark: svg('#111') });
    expect(await undrawn()).toEqual([]);
  });
});

describe('pre-rendered diagrams across a restart', () => {
  /**
   * A server of its own with one article whose diagram is drawn, stopped; `whileStopped` changes
   * its data directory, then `check` runs against a server started again on it.
   */
  async function restartWithDrawnArticle(
    whileStopped: (dataDir: string) => Promise<void>,
    check: (restarted: TestServer, id: number, diagram: PublicDiagram) => Promise<void>,
  ): Promise<void> {
    const own = await startTestServer();
    const ownApi = apiClient(own.url);
    const ownToken = await own.login();
    try {
      const id = await createArticle(ownApi, ownToken, { content: BODY });
      const saved = await ownApi<EnvelopeBody>('POST', `/api/admin/articles/${id}/diagrams`, {
        token: ownToken,
        json: { source: SOURCE, light: svg('#fff'), dark: svg('#000') },
      });
      await own.stop();
      await whileStopped(own.dataDir);
      const again = await startTestServer({ dataDir: own.dataDir });
      try {
        await check(again, id, saved.body.data as PublicDiagram);
      } finally {
        await again.close();
      }
    } finally {
      await own.close().catch(() => undefined);
    }
  }

  it('keeps them, and sweeps image files no article points at', async () => {
    await restartWithDrawnArticle(
      // A file a crash left before its record was written.
      (dataDir) => writeFile(path.join(dataDir, 'diagrams', `${'b'.repeat(64)}.svg`), svg('#abc')),
      async (again, id, diagram) => {
        const detail = (await apiClient(again.url)<EnvelopeBody>('GET', `/api/articles/${id}`)).body.data as PublicArticleDetail;
        expect(detail.diagrams).toEqual([diagram]);
        const names = await readdir(path.join(again.dataDir, 'diagrams'));
        expect(names.sort()).toEqual([diagram.light_url, diagram.dark_url].map((url) => url.slice('/diagrams/'.length)).sort());
      },
    );
  });

  it('lists an article again when a data directory restored from an older copy lacks one of its images', async () => {
    await restartWithDrawnArticle(
      async (dataDir) => {
        const [lost = ''] = await readdir(path.join(dataDir, 'diagrams'));
        await rm(path.join(dataDir, 'diagrams', lost));
      },
      async (again, id) => {
        const againApi = apiClient(again.url);
        const response = await againApi<EnvelopeBody>('GET', '/api/admin/diagrams/undrawn', { token: await again.login() });
        // The page draws that diagram in the browser, so the admin is asked to draw it again.
        expect((response.body.data as UndrawnDiagrams).article_ids).toContain(id);
        expect((await againApi<EnvelopeBody>('GET', `/api/articles/${id}`)).body.data).toMatchObject({ diagrams: [] });
      },
    );
  });
});
