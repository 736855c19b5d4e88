import type { IncomingHttpHeaders } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSignedIn } from '../../../tests/support/test-server.js';
import type { EnvelopeBody, TestServer, apiClient } from '../../../tests/support/test-server.js';
import { sendPageViewHit } from '../support/page-view-hit.js';
import { rawRequest } from '../support/raw-request.js';

/**
 * Public answers replayed before Koa (which spares a repeat read the middleware): a repeat read gets the very bytes and headers
 * Koa sent, and never an answer the data has moved past. Run `npm run build -w web` once before
 * (the pages need the build).
 */

const SLOW = 120_000;

let server: TestServer;
let api: ReturnType<typeof apiClient>;
let token: string;

/** One request to the test server with exactly these headers (see rawRequest). */
const raw = (pathName: string, headers: Record<string, string> = {}, method = 'GET') =>
  rawRequest(`${server.url}${pathName}`, headers, method);

/** Headers that legitimately differ between two answers of the same content. */
function comparable(headers: IncomingHttpHeaders): IncomingHttpHeaders {
  const { date: _date, connection: _connection, 'keep-alive': _keepAlive, ...rest } = headers;
  return rest;
}

async function admin(method: string, pathName: string, json?: unknown): Promise<EnvelopeBody> {
  const response = await api<EnvelopeBody>(method, pathName, { token, json });
  expect(response.status, `${method} ${pathName}: ${JSON.stringify(response.body)}`).toBeLessThan(300);
  return response.body;
}

/** An article page's own address: `/articles/{id}` answers 301 to it (server/API.md §E19). */
async function pagePath(id: number): Promise<string> {
  return `/articles/${((await admin('GET', `/api/admin/articles/${id}`)).data as { slug: string }).slug}`;
}

async function createArticle(title: string): Promise<number> {
  const body = await admin('POST', '/api/admin/articles', { title, content: '正文', summary: '摘要', category: '回放' });
  return body.id as number;
}

/** Runs `read` and tells how many answers the server replayed meanwhile. */
async function replaysDuring<T>(read: () => Promise<T>): Promise<{ result: T; replays: number }> {
  const before = server.app.replay.replayed;
  const result = await read();
  return { result, replays: server.app.replay.replayed - before };
}

beforeAll(async () => {
  ({ server, api, token } = await startSignedIn({ seed: true }));
}, SLOW);

afterAll(async () => {
  await server?.close();
});

describe('answer replay', () => {
  it('replays a page and the article list byte for byte, with every header Koa sent', { timeout: SLOW }, async () => {
    const id = await createArticle('回放的文章');
    for (const pathName of ['/', await pagePath(id), '/api/articles?page=1', '/api/categories', '/api/tags']) {
      for (const encoding of ['br', 'gzip', 'identity']) {
        const headers = { 'accept-encoding': encoding };
        const first = await raw(pathName, headers);
        expect(first.status, pathName).toBe(200);
        const { result: again, replays } = await replaysDuring(() => raw(pathName, headers));
        expect(replays, `${pathName} (${encoding})`).toBe(1);
        expect(again.status).toBe(200);
        expect(comparable(again.headers)).toEqual(comparable(first.headers));
        expect(again.body.equals(first.body), `${pathName} (${encoding}) body`).toBe(true);
        // Pages are always compressed as asked; JSON under 1 KB goes as it is (either way, as Koa sent it).
        if (!pathName.startsWith('/api/'))
          expect(again.headers['content-encoding']).toBe(encoding === 'identity' ? undefined : encoding);
        expect(again.headers['content-security-policy']).toContain("default-src 'self'");
      }
    }
  });

  it("replays article pages while each view's beacon counts it", { timeout: SLOW }, async () => {
    const id = await createArticle('回放计数');
    const articlePage = await pagePath(id);
    const { replays } = await replaysDuring(async () => {
      for (let i = 0; i < 4; i += 1) expect((await raw(articlePage)).status).toBe(200);
    });
    expect(replays).toBe(3);
    // The page counts no view itself, rendered or replayed: its beacon does (server/API.md §E23.2).
    expect(((await admin('GET', `/api/admin/articles/${id}`)).data as { views: number }).views).toBe(0);
    for (let i = 0; i < 4; i += 1) expect(await sendPageViewHit(server.url, articlePage)).toBe(204);
    expect(((await admin('GET', `/api/admin/articles/${id}`)).data as { views: number }).views).toBe(4);
  });

  it('answers the list with new view counts and new data as soon as they change', { timeout: SLOW }, async () => {
    const id = await createArticle('列表回放');
    const listed = async () => {
      const response = await api<EnvelopeBody>('GET', '/api/articles?category=回放');
      return (response.body.data as Array<{ id: number; title: string; views: number }>).find((item) => item.id === id);
    };
    await listed();
    expect((await replaysDuring(listed)).replays).toBe(1);

    expect(await sendPageViewHit(server.url, await pagePath(id))).toBe(204);
    const afterView = await replaysDuring(listed);
    expect(afterView.replays).toBe(0);
    expect(afterView.result?.views).toBe(1);

    await admin('PUT', `/api/admin/articles/${id}`, { title: '列表回放（改）' });
    const afterEdit = await replaysDuring(listed);
    expect(afterEdit.replays).toBe(0);
    expect(afterEdit.result?.title).toBe('列表回放（改）');

    await admin('DELETE', `/api/admin/articles/${id}`);
    expect(await listed()).toBeUndefined();
  });

  it('leaves conditional, cross-origin and HEAD requests to Koa', { timeout: SLOW }, async () => {
    const first = await raw('/api/articles');
    await raw('/api/articles');
    const etag = String(first.headers.etag);

    const conditional = await replaysDuring(() => raw('/api/articles', { 'if-none-match': etag }));
    expect(conditional.replays).toBe(0);
    expect(conditional.result.status).toBe(304);
    expect(conditional.result.body.length).toBe(0);

    const origin = 'http://allowed.example';
    const crossOrigin = await replaysDuring(() => raw('/api/articles', { origin }));
    expect(crossOrigin.replays).toBe(0);
    expect(crossOrigin.result.status).toBe(200);
    expect(crossOrigin.result.headers.vary).toMatch(/origin/i);

    const head = await replaysDuring(() => raw('/', {}, 'HEAD'));
    expect(head.replays).toBe(0);
    expect(head.result.status).toBe(200);
    expect(head.result.body.length).toBe(0);
  });

  it('never replays an error, an admin answer or a missing page', { timeout: SLOW }, async () => {
    const { replays } = await replaysDuring(async () => {
      for (let i = 0; i < 2; i += 1) {
        expect((await raw('/api/articles?page=abc')).status).toBe(400);
        expect((await raw('/no-such-page')).status).toBe(404);
        expect((await raw('/articles/999999')).status).toBe(404);
        expect((await raw('/api/admin/articles', { authorization: `Bearer ${token}` })).status).toBe(200);
      }
    });
    expect(replays).toBe(0);
  });
});
