import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COUNTED_READ_CACHE_CONTROL, PRIVATE_CACHE_CONTROL, PUBLIC_CACHE_CONTROL } from '../../src/http/http-cache.js';
import { ADMIN_PASSWORD, ADMIN_USERNAME, startSignedIn } from '../../../tests/support/test-server.js';
import type { EnvelopeBody, TestServer, apiClient } from '../../../tests/support/test-server.js';
import { sendPageViewHit } from '../support/page-view-hit.js';
import { rawRequest } from '../support/raw-request.js';
import type { RawResponse } from '../support/raw-request.js';

/**
 * Compression, ETags, 304 answers and Cache-Control (server/API.md §1.4) on the real server. Raw
 * `node:http` requests, because fetch would decompress bodies and hide what was on the wire.
 * Needs `npm run build -w web` once (server rendering and the precompressed assets).
 */

const SLOW = 120_000;
const WEB_DIST = path.resolve(import.meta.dirname, '../../../web/dist');

let server: TestServer;
let api: ReturnType<typeof apiClient>;
let token: string;

/** One request to the test server with exactly these headers (see rawRequest). */
const raw = (pathName: string, headers: Record<string, string> = {}, method = 'GET') =>
  rawRequest(`${server.url}${pathName}`, headers, method);

const varies = (response: RawResponse) =>
  String(response.headers.vary ?? '')
    .split(',')
    .map((name) => name.trim().toLowerCase());

async function admin(method: string, pathName: string, json?: unknown): Promise<EnvelopeBody> {
  const response = await api<EnvelopeBody>(method, pathName, { token, json });
  expect(response.status, `${method} ${pathName}: ${JSON.stringify(response.body)}`).toBeLessThan(300);
  return response.body;
}

beforeAll(async () => {
  ({ server, api, token } = await startSignedIn({ seed: true }));
}, SLOW);

afterAll(async () => {
  await server?.close();
});

describe('compression', () => {
  it('sends / as brotli or gzip as accepted, each the same HTML as the plain answer', { timeout: SLOW }, async () => {
    const plain = await raw('/', { 'Accept-Encoding': 'identity' });
    expect(plain.status).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString('utf8')).toContain('<!doctype html>');
    expect(varies(plain)).toContain('accept-encoding');

    const br = await raw('/', { 'Accept-Encoding': 'br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(Number(br.headers['content-length'])).toBe(br.body.length);
    expect(br.body.length).toBeLessThan(plain.body.length);
    expect(brotliDecompressSync(br.body).equals(plain.body)).toBe(true);
    expect(varies(br)).toContain('accept-encoding');

    const gzip = await raw('/', { 'Accept-Encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.body).equals(plain.body)).toBe(true);
    expect(varies(gzip)).toContain('accept-encoding');

    // A browser's usual header lists gzip first: brotli, the smaller, still wins (as for assets).
    const browser = await raw('/', { 'Accept-Encoding': 'gzip, deflate, br, zstd' });
    expect(browser.headers['content-encoding']).toBe('br');
    expect(browser.headers.etag).toBe(plain.headers.etag);
    const noBrotli = await raw('/', { 'Accept-Encoding': 'br;q=0, gzip' });
    expect(noBrotli.headers['content-encoding']).toBe('gzip');
  });

  it('compresses a JSON answer over 1 KB and leaves a small one as it is', { timeout: SLOW }, async () => {
    const plain = await raw('/api/articles', { 'Accept-Encoding': 'identity' });
    expect(plain.status).toBe(200);
    expect(plain.body.length).toBeGreaterThan(1024);
    expect(plain.headers['content-encoding']).toBeUndefined();

    const br = await raw('/api/articles', { 'Accept-Encoding': 'br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(br.body).toString('utf8'))).toEqual(JSON.parse(plain.body.toString('utf8')));
    expect(varies(br)).toContain('accept-encoding');
    // One ETag for every encoding of the same answer, and a length that is the compressed one.
    expect(br.headers.etag).toBe(plain.headers.etag);
    expect(Number(br.headers['content-length'])).toBe(br.body.length);

    const gzip = await raw('/api/articles', { 'Accept-Encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzip.body).toString('utf8'))).toEqual(JSON.parse(plain.body.toString('utf8')));

    const small = await raw('/health', { 'Accept-Encoding': 'br, gzip' });
    expect(small.status).toBe(200);
    expect(small.body.length).toBeLessThan(1024);
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(small.body.toString('utf8'))).toMatchObject({ code: 0 });
  });

  it('reuses a compressed answer only for the same content', { timeout: SLOW }, async () => {
    const decoded = (response: RawResponse) => JSON.parse(brotliDecompressSync(response.body).toString('utf8')) as EnvelopeBody;
    const first = await raw('/api/articles', { 'Accept-Encoding': 'br' });
    const again = await raw('/api/articles', { 'Accept-Encoding': 'br' });
    expect(again.headers.etag).toBe(first.headers.etag);
    expect(again.body.equals(first.body)).toBe(true);

    const listed = (decoded(first).data as { id: number; title: string }[])[0];
    expect(listed).toBeDefined();
    await admin('PUT', `/api/admin/articles/${listed?.id}`, { title: '压缩副本之后改的标题' });
    const changed = await raw('/api/articles', { 'Accept-Encoding': 'br' });
    expect(changed.headers.etag).not.toBe(first.headers.etag);
    expect((decoded(changed).data as { title: string }[])[0]?.title).toBe('压缩副本之后改的标题');

    // The admin detail's ETag is its revision, which a view does not move: its body still must.
    const adminDetail = async () => {
      const response = await raw(`/api/admin/articles/${listed?.id}`, {
        'Accept-Encoding': 'br',
        Authorization: `Bearer ${token}`,
      });
      expect(response.headers['cache-control']).toBe(PRIVATE_CACHE_CONTROL);
      return response;
    };
    const before = await adminDetail();
    const viewsBefore = (decoded(before).data as { views: number }).views;
    expect((await raw(`/api/articles/${listed?.id}`)).status).toBe(200);
    const after = await adminDetail();
    expect(after.headers.etag).toBe(before.headers.etag);
    expect((decoded(after).data as { views: number }).views).toBe(viewsBefore + 1);
  });

  it('serves a built asset from its precompressed file', { timeout: SLOW }, async () => {
    const indexHtml = await readFile(path.join(WEB_DIST, 'index.html'), 'utf8');
    // The main script (the page's small first script, which names it, is under the compression threshold).
    const asset = /data-main-entry="(\/assets\/index-[^"]+\.js)"/.exec(indexHtml)?.[1];
    expect(asset).toBeDefined();
    const file = path.join(WEB_DIST, asset ?? '');

    const br = await raw(asset ?? '', { 'Accept-Encoding': 'br, gzip' });
    expect(br.status).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(Number(br.headers['content-length'])).toBe((await stat(`${file}.br`)).size);
    expect(br.body.equals(await readFile(`${file}.br`))).toBe(true);
    expect(brotliDecompressSync(br.body).equals(await readFile(file))).toBe(true);
    expect(br.headers['cache-control']).toContain('immutable');

    const gzip = await raw(asset ?? '', { 'Accept-Encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.body.equals(await readFile(`${file}.gz`))).toBe(true);

    const plain = await raw(asset ?? '', { 'Accept-Encoding': 'identity' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.equals(await readFile(file))).toBe(true);
  });
});

describe('conditional requests', () => {
  it('answers / with 304 and no body while nothing changed, and 200 after a change', { timeout: SLOW }, async () => {
    const first = await raw('/', { 'Accept-Encoding': 'br' });
    const etag = first.headers.etag ?? '';
    expect(etag).toMatch(/^W\/"/);

    const notModified = await raw('/', { 'Accept-Encoding': 'br', 'If-None-Match': etag });
    expect(notModified.status).toBe(304);
    expect(notModified.body.length).toBe(0);
    expect(notModified.headers.etag).toBe(etag);

    await admin('PUT', '/api/admin/site-blocks', { blocks: [{ name: 'home', content: { subtitle: '条件请求后的副标题' } }] });
    const changed = await raw('/', { 'Accept-Encoding': 'identity', 'If-None-Match': etag });
    expect(changed.status).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
    expect(changed.body.toString('utf8')).toContain('条件请求后的副标题');
  });

  it('keeps an article page ETag while only its views change; 200 once a comment is posted', { timeout: SLOW }, async () => {
    const created = await admin('POST', '/api/admin/articles', { title: '条件请求文章', content: '正文' });
    const id = created.id as number;
    // The article page's own address (`/articles/{id}` answers 301 to it, server/API.md §E19).
    const pagePath = `/articles/${(created.data as { slug: string }).slug}`;
    const first = await raw(pagePath);
    expect(first.status).toBe(200);
    const etag = first.headers.etag ?? '';

    // Each view's beacon counts it, yet the page's ETag leaves view counts out.
    for (let i = 0; i < 3; i += 1) {
      expect(await sendPageViewHit(server.url, pagePath)).toBe(204);
      const again = await raw(pagePath, { 'If-None-Match': etag });
      expect(again.status).toBe(304);
      expect(again.body.length).toBe(0);
    }
    const detail = await admin('GET', `/api/admin/articles/${id}`);
    expect((detail.data as { views: number }).views).toBe(3);

    const posted = await api('POST', `/api/articles/${id}/comments`, { json: { author: '访客', content: '条件请求评论' } });
    expect(posted.status).toBe(201);
    const changed = await raw(pagePath, { 'Accept-Encoding': 'identity', 'If-None-Match': etag });
    expect(changed.status).toBe(200);
    expect(changed.body.toString('utf8')).toContain('条件请求评论');
  });

  it('answers /api/articles with 304 and no body while nothing changed, and 200 after a change', { timeout: SLOW }, async () => {
    const first = await raw('/api/articles', { 'Accept-Encoding': 'br' });
    const etag = first.headers.etag ?? '';
    expect(etag).not.toBe('');

    const notModified = await raw('/api/articles', { 'Accept-Encoding': 'br', 'If-None-Match': etag });
    expect(notModified.status).toBe(304);
    expect(notModified.body.length).toBe(0);

    await admin('POST', '/api/admin/articles', { title: '让列表变化的文章', content: '正文' });
    const changed = await raw('/api/articles', { 'Accept-Encoding': 'identity', 'If-None-Match': etag });
    expect(changed.status).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
    expect(changed.body.toString('utf8')).toContain('让列表变化的文章');
  });

  it('does not cache a not-found page', { timeout: SLOW }, async () => {
    const missing = await raw('/no-such-page', { 'Accept-Encoding': 'identity' });
    expect(missing.status).toBe(404);
    expect(missing.headers['cache-control']).toBe('no-cache');
    expect(missing.headers.etag).toBeUndefined();
  });
});

describe('Cache-Control', () => {
  it('public API reads and pages may be kept by a shared cache for a few seconds', { timeout: SLOW }, async () => {
    for (const pathName of ['/api/articles', '/api/site-blocks', '/api/skills', '/api/contacts', '/api/avatars', '/']) {
      const response = await raw(pathName);
      expect(response.status, pathName).toBe(200);
      expect(response.headers['cache-control'], pathName).toBe(PUBLIC_CACHE_CONTROL);
    }
  });

  it('lets no browser reuse a public answer unasked: the stale allowance is for CDNs alone', { timeout: SLOW }, async () => {
    for (const pathName of ['/api/skills', '/api/articles', '/', '/rss.xml', '/sitemap.xml', '/robots.txt']) {
      const response = await raw(pathName);
      expect(response.status, pathName).toBe(200);
      // Browsers honour stale-while-revalidate too: a refetch after a realtime event would get the old answer.
      expect(response.headers['cache-control'], pathName).toBe('public, max-age=0, s-maxage=5');
      expect(response.headers['cdn-cache-control'], pathName).toBe('max-age=5, stale-while-revalidate=30');
    }
    const adminAnswer = await raw('/api/admin/verify', { Authorization: `Bearer ${token}` });
    expect(adminAnswer.headers['cdn-cache-control']).toBeUndefined();
  });

  it("an article's detail, which counts a view, is revalidated by a shared cache every time", { timeout: SLOW }, async () => {
    const list = JSON.parse((await raw('/api/articles', { 'Accept-Encoding': 'identity' })).body.toString('utf8')) as {
      data: Array<{ id: number }>;
    };
    const id = list.data[0]?.id;
    const first = await raw(`/api/articles/${id}`);
    const second = await raw(`/api/articles/${id}`);
    expect(first.status).toBe(200);
    expect(first.headers['cache-control']).toBe(COUNTED_READ_CACHE_CONTROL);
    expect(first.headers['cache-control']).toMatch(/\bno-cache\b/);
    // Each read is a view, so the answer (and its ETag) differs every time.
    expect(second.headers.etag).not.toBe(first.headers.etag);
  });

  it('admin answers and public errors are never kept', { timeout: SLOW }, async () => {
    for (const pathName of ['/api/admin/articles', '/api/admin/site-blocks', '/api/admin/comments', '/api/admin/verify']) {
      const response = await raw(pathName, { Authorization: `Bearer ${token}` });
      expect(response.status, pathName).toBe(200);
      expect(response.headers['cache-control'], pathName).toBe(PRIVATE_CACHE_CONTROL);
    }
    const refused = await raw('/api/admin/articles');
    expect(refused.status).toBe(401);
    expect(refused.headers['cache-control']).toBe(PRIVATE_CACHE_CONTROL);

    const login = await api('POST', '/api/admin/login', {
      json: { username: ADMIN_USERNAME, password: ADMIN_PASSWORD },
    });
    expect(login.headers.get('cache-control')).toBe(PRIVATE_CACHE_CONTROL);

    const missing = await raw('/api/articles/987654');
    expect(missing.status).toBe(404);
    expect(missing.headers['cache-control']).toBe(PRIVATE_CACHE_CONTROL);
  });
});
