import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { AdminRealtimeEvents } from '@folio/shared';
import type { StatsReport } from '@folio/shared';
import { apiClient, connectRealtime, startSignedIn, startTestServer } from '../../../tests/support/test-server.js';
import type { EnvelopeBody, TestServer } from '../../../tests/support/test-server.js';

/**
 * Counting readers (server/API.md §E23.1, §E23.2) through the real server: what counts as a view
 * and a visitor, what is skipped, and that nothing identifying reaches the data directory.
 */

const SLOW = 60_000;

/** Addresses no comment, seed or other test uses, so finding one on disk can only be a leak. */
const READER_A = '198.51.100.77';
const READER_B = '203.0.113.201';
const OWNER_ADDRESS = '192.0.2.149';
const CRAWLER_ADDRESS = '192.0.2.233';
const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:131.0) Gecko/20100101 Firefox/131.0 StatsReaderA';
const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1 StatsReaderB';
const CRAWLER = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html) StatsCrawler';

let server: TestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

interface HitOptions {
  address: string;
  userAgent: string;
  referrer?: string;
  token?: string;
  headers?: Record<string, string>;
  contentType?: string;
}

async function hit(url: string, pagePath: string, options: HitOptions): Promise<Response> {
  return fetch(`${url}/api/stats/hit`, {
    method: 'POST',
    headers: {
      'Content-Type': options.contentType ?? 'text/plain;charset=UTF-8',
      'User-Agent': options.userAgent,
      'X-Forwarded-For': options.address,
      ...options.headers,
    },
    body: JSON.stringify({ path: pagePath, referrer: options.referrer ?? '', ...(options.token && { token: options.token }) }),
  });
}

async function report(url: string, token: string, query = ''): Promise<StatsReport> {
  const response = await apiClient(url)<EnvelopeBody>('GET', `/api/admin/stats${query}`, { token });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body.data as StatsReport;
}

/** Every file under `dir`, recursively, as text. */
async function filesUnder(dir: string): Promise<Array<{ name: string; text: string }>> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  const files = entries.filter((entry) => entry.isFile());
  return Promise.all(
    files.map(async (entry) => {
      const name = path.join(entry.parentPath, entry.name);
      return { name, text: (await readFile(name)).toString('latin1') };
    }),
  );
}

async function publishedArticle(url: string, token: string, title: string): Promise<{ id: number; slug: string }> {
  const api = apiClient(url);
  const created = await api<EnvelopeBody>('POST', '/api/admin/articles', {
    token,
    json: { title, content: '正文', summary: '摘要' },
  });
  expect(created.status).toBe(201);
  const id = created.body.id as number;
  const detail = await api<EnvelopeBody>('GET', `/api/admin/articles/${id}`, { token });
  return { id, slug: (detail.body.data as { slug: string }).slug };
}

describe('counting readers', () => {
  it(
    'counts 7 views and 2 visitors of 12 hits: crawlers and the owner are skipped, the referrer site kept, nothing identifying stored',
    { timeout: SLOW },
    async () => {
      let signedIn;
      ({ server, token: signedIn } = await startSignedIn({ config: { trustProxy: true } }));
      const { url, dataDir } = server;
      const answers: Response[] = [];
      for (let index = 0; index < 5; index += 1) answers.push(await hit(url, '/', { address: READER_A, userAgent: FIREFOX }));
      for (let index = 0; index < 2; index += 1) {
        answers.push(
          await hit(url, '/', { address: READER_B, userAgent: IPHONE, referrer: 'https://news.ycombinator.com/item?id=1' }),
        );
      }
      for (let index = 0; index < 3; index += 1)
        answers.push(await hit(url, '/', { address: CRAWLER_ADDRESS, userAgent: CRAWLER }));
      for (let index = 0; index < 2; index += 1) {
        answers.push(await hit(url, '/', { address: OWNER_ADDRESS, userAgent: FIREFOX, token: signedIn }));
      }
      for (const answer of answers) {
        expect(answer.status).toBe(204);
        expect(await answer.text()).toBe('');
        expect(answer.headers.get('set-cookie')).toBeNull();
      }

      const figures = await report(url, signedIn);
      expect(figures.totals).toEqual({ views: 7, visitors: 2 });
      expect(figures.days.at(-1)).toMatchObject({ views: 7, visitors: 2 });
      expect(figures.referrers).toEqual([{ key: 'news.ycombinator.com', views: 2, visitors: 1 }]);
      expect(figures.paths).toEqual([{ key: '/', views: 7, visitors: 2 }]);
      expect(figures.devices).toEqual([
        { key: 'desktop', views: 5, visitors: 1 },
        { key: 'mobile', views: 2, visitors: 1 },
      ]);
      expect(figures.browsers.map((row) => row.key).sort()).toEqual(['Firefox', 'Mobile Safari']);
      expect(figures.countries).toEqual([]);

      await server.stop();
      const files = await filesUnder(dataDir);
      expect(files.some((file) => file.name.endsWith('reader-stats.json'))).toBe(true);
      for (const secret of [READER_A, READER_B, OWNER_ADDRESS, CRAWLER_ADDRESS, 'StatsReaderA', 'StatsReaderB', 'StatsCrawler']) {
        expect(files.filter((file) => file.text.includes(secret)).map((file) => file.name)).toEqual([]);
      }
    },
  );

  it('counts the same address as a new visitor on the next UTC day', { timeout: SLOW }, async () => {
    let now = new Date('2026-03-01T23:59:00Z');
    server = await startTestServer({ config: { trustProxy: true }, stats: { now: () => now } });
    const token = await server.login();
    await hit(server.url, '/', { address: READER_A, userAgent: FIREFOX });
    await hit(server.url, '/', { address: READER_A, userAgent: FIREFOX });
    now = new Date('2026-03-02T00:01:00Z');
    await hit(server.url, '/', { address: READER_A, userAgent: FIREFOX });
    const figures = await report(server.url, token, '?from=2026-03-01&to=2026-03-02');
    expect(figures.days).toEqual([
      { date: '2026-03-01', views: 2, visitors: 1 },
      { date: '2026-03-02', views: 1, visitors: 1 },
    ]);
    // Over the range, visitors are the sum of each day's.
    expect(figures.totals).toEqual({ views: 3, visitors: 2 });
  });

  it("adds each counted view of an article's page to its views, and only those", { timeout: SLOW }, async () => {
    let token;
    ({ server, token } = await startSignedIn({ config: { trustProxy: true } }));
    const { id, slug } = await publishedArticle(server.url, token, '统计的文章');
    const pages = [`/articles/${slug}`, `/articles/${slug}/`, `/articles/${id}`];
    for (let index = 0; index < 6; index += 1) {
      await hit(server.url, pages[index % 3] ?? '/', { address: `198.51.100.${10 + index}`, userAgent: FIREFOX });
    }
    // Not views: a crawler, the owner, and the server-rendered page itself (its beacon counts it).
    await hit(server.url, `/articles/${slug}`, { address: READER_B, userAgent: CRAWLER });
    await hit(server.url, `/articles/${slug}`, { address: READER_B, userAgent: FIREFOX, token });
    expect((await fetch(`${server.url}/articles/${slug}`)).status).toBe(200);
    expect((await fetch(`${server.url}/articles/${slug}`)).status).toBe(200);
    const figures = await report(server.url, token);
    expect(figures.paths).toEqual([{ key: `/articles/${slug}`, views: 6, visitors: 6, title: '统计的文章' }]);
    const detail = await apiClient(server.url)<EnvelopeBody>('GET', `/api/admin/articles/${id}`, { token });
    expect((detail.body.data as { views: number }).views).toBe(6);
  });

  it(
    'counts a Sec-GPC view without a visitor, and skips prefetches, prerenders and non-public paths',
    { timeout: SLOW },
    async () => {
      let token;
      ({ server, token } = await startSignedIn({ config: { trustProxy: true } }));
      const reader = { address: READER_A, userAgent: FIREFOX };
      await hit(server.url, '/', { ...reader, headers: { 'Sec-GPC': '1' } });
      await hit(server.url, '/', { ...reader, headers: { 'Sec-GPC': '1' } });
      const prefetches: Array<Record<string, string>> = [
        { 'Sec-Purpose': 'prefetch' },
        { 'Sec-Purpose': 'prefetch;prerender' },
        { Purpose: 'prefetch' },
        { 'X-Moz': 'prefetch' },
      ];
      for (const headers of prefetches) {
        await hit(server.url, '/', { ...reader, headers });
      }
      for (const pagePath of [
        '/admin',
        '/admin/articles',
        '/api/articles',
        '/uploads/a.png',
        '/preview/abc',
        '/articles/no-such-article',
      ]) {
        expect((await hit(server.url, pagePath, reader)).status).toBe(204);
      }
      const figures = await report(server.url, token);
      expect(figures.totals).toEqual({ views: 2, visitors: 0 });
      expect(figures.paths).toEqual([{ key: '/', views: 2, visitors: 0 }]);
      expect((await apiClient(server.url)('GET', '/api/admin/stats/live', { token })).body).toMatchObject({
        data: { visitors_now: 0 },
      });
    },
  );

  it('refuses bad bodies with a 400 or 413 in Chinese, never a 5xx, and counts nothing', { timeout: SLOW }, async () => {
    let token;
    ({ server, token } = await startSignedIn());
    const post = (body: string, contentType = 'text/plain') =>
      fetch(`${server?.url}/api/stats/hit`, {
        method: 'POST',
        headers: { 'Content-Type': contentType, 'User-Agent': FIREFOX },
        body,
      });
    const bodies = ['', 'not json', '[]', 'null', '{}', '{"path":5}', '{"path":"no-slash"}', `{"path":"/","referrer":7}`];
    for (const body of bodies) {
      const answer = await post(body);
      expect(answer.status, body).toBe(400);
      expect(((await answer.json()) as EnvelopeBody).msg).toMatch(/统计请求无效/);
    }
    const tooLarge = await post(
      JSON.stringify({ path: '/', referrer: `https://example.com/${'x'.repeat(2000)}` }),
      'application/json',
    );
    expect(tooLarge.status).toBe(413);
    expect(((await tooLarge.json()) as EnvelopeBody).msg).toMatch(/统计请求过大/);
    expect((await report(server.url, token)).totals).toEqual({ views: 0, visitors: 0 });
  });

  it('drops a burst from one address quietly, with 204s and no 5xx', { timeout: SLOW }, async () => {
    let token;
    ({ server, token } = await startSignedIn({ config: { trustProxy: true } }));
    const answers = await Promise.all(
      Array.from({ length: 100 }, () => hit(server?.url ?? '', '/', { address: READER_A, userAgent: FIREFOX })),
    );
    expect(new Set(answers.map((answer) => answer.status))).toEqual(new Set([204]));
    const counted = (await report(server.url, token)).totals.views;
    expect(counted).toBeGreaterThan(0);
    expect(counted).toBeLessThan(100);
    // Another address is not held back by the first one's burst.
    await hit(server.url, '/', { address: READER_B, userAgent: IPHONE });
    expect((await report(server.url, token)).totals.views).toBe(counted + 1);
  });

  it('keeps the figures across a restart', { timeout: SLOW }, async () => {
    server = await startTestServer({ config: { trustProxy: true } });
    await hit(server.url, '/', { address: READER_A, userAgent: FIREFOX });
    await hit(server.url, '/articles', { address: READER_B, userAgent: IPHONE });
    await server.stop();
    const dataDir = server.dataDir;
    server = await startTestServer({ dataDir });
    const figures = await report(server.url, await server.login());
    expect(figures.totals).toEqual({ views: 2, visitors: 2 });
    expect(figures.paths.map((row) => row.key).sort()).toEqual(['/', '/articles']);
  });

  it('tells signed-in admin sockets the visitors of the last 5 minutes', { timeout: SLOW }, async () => {
    let token;
    ({ server, token } = await startSignedIn({ config: { trustProxy: true } }));
    const socket = await connectRealtime(server.url);
    try {
      const adminSocket = await connectAdmin(server.url, token);
      try {
        await hit(server.url, '/', { address: READER_A, userAgent: FIREFOX });
        await hit(server.url, '/', { address: READER_B, userAgent: IPHONE });
        await expect.poll(() => adminSocket.events.at(-1)?.payload, { timeout: 10_000 }).toEqual({ visitors_now: 2 });
        expect(socket.events.some((event) => event.name === AdminRealtimeEvents.statsLive)).toBe(false);
        const live = await apiClient(server.url)<EnvelopeBody>('GET', '/api/admin/stats/live', { token });
        expect(live.body.data).toEqual({ visitors_now: 2 });
      } finally {
        adminSocket.close();
      }
    } finally {
      socket.close();
    }
  });
});

/** A socket signed in as the owner, keeping only the live statistics events. */
async function connectAdmin(url: string, token: string) {
  const { io } = await import('socket.io-client');
  const socket = io(url, {
    path: '/socket.io/',
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
    auth: { token },
  });
  const events: Array<{ payload: unknown }> = [];
  socket.on(AdminRealtimeEvents.statsLive, (payload: unknown) => events.push({ payload }));
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  return { events, close: () => socket.close() };
}
