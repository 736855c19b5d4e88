import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSignedIn } from '../../tests/support/test-server.js';
import type { EnvelopeBody, TestServer, apiClient } from '../../tests/support/test-server.js';
import { createArticlesApi } from '../src/core/articles-api.js';
import { createHttpClient } from '../src/core/http.js';
import { Mirror, openArticle } from '../src/core/mirror.js';
import { createFillScheduler, fillMirror } from '../src/core/mirror-fill.js';
import type { FillOptions } from '../src/core/mirror-fill.js';
import { startLoopbackProxy } from './support/loopback-proxy.js';
import type { LoopbackProxy } from './support/loopback-proxy.js';

let server: TestServer;
let api: ReturnType<typeof apiClient>;
let token: string;
let proxy: LoopbackProxy;
let root: string;

beforeAll(async () => {
  ({ server, api, token } = await startSignedIn());
  proxy = await startLoopbackProxy(server.url);
  root = await mkdtemp(path.join(tmpdir(), 'folio-mirror-fill-'));
});
afterAll(async () => {
  await proxy.close();
  await server.close();
  await rm(root, { recursive: true, force: true });
});

let dirs = 0;
const freshMirror = () => Mirror.open(path.join(root, `mirror-${(dirs += 1)}`));
const articles = () => createArticlesApi(createHttpClient({ baseUrl: proxy.url, token }));
const everyTime: FillOptions = { pause: async () => undefined, stillWanted: () => true };
const bodyFetches = () => proxy.seen.filter((request) => /^GET \/api\/admin\/articles\/\d+$/.test(request));

async function createArticle(title: string, content: string, updatedAt?: string): Promise<number> {
  const json = updatedAt ? { title, content, created_at: updatedAt, updated_at: updatedAt } : { title, content };
  const created = await api<EnvelopeBody & { id: number }>('POST', '/api/admin/articles', { token, json });
  expect(created.status).toBeLessThan(300);
  return created.body.id;
}

describe('the background fill of the mirror', () => {
  it('stores every listed body without anyone opening it, then fetches only what changed', async () => {
    const first = await createArticle('后台一', '正文一');
    const second = await createArticle('后台二', '正文二');
    const mirror = await freshMirror();

    expect(await fillMirror(articles(), mirror, everyTime)).toBe('done');
    expect(mirror.list().every((entry) => entry.hasBody)).toBe(true);
    expect(mirror.status()).toMatchObject({ articleCount: mirror.list().length, bodyCount: mirror.list().length });
    expect(mirror.status().syncedAt).not.toBeNull();

    await api('PUT', `/api/admin/articles/${second}`, { token, json: { content: '正文二，改过' } });
    proxy.seen.length = 0;
    expect(await fillMirror(articles(), mirror, everyTime)).toBe('done');
    expect(bodyFetches()).toEqual([`GET /api/admin/articles/${second}`]);

    // Offline, across a restart of the app: both open from the copy, the changed one as changed.
    proxy.offline = true;
    const reopened = await Mirror.open(path.join(root, `mirror-${dirs}`));
    expect(await openArticle(articles(), reopened, first)).toMatchObject({ source: 'mirror', article: { content: '正文一' } });
    expect(await openArticle(articles(), reopened, second)).toMatchObject({
      source: 'mirror',
      article: { content: '正文二，改过' },
    });
    proxy.offline = false;
  });

  it('keeps what it fetched when the server goes away in the middle', async () => {
    await createArticle('断网前', '第一篇');
    await createArticle('断网时', '第二篇');
    const mirror = await freshMirror();
    let bodies = 0;
    const outcome = await fillMirror(articles(), mirror, {
      stillWanted: () => true,
      pause: async () => {
        bodies += 1;
        if (bodies === 2) proxy.offline = true;
      },
    });
    proxy.offline = false;
    expect(outcome).toBe('offline');
    const stored = mirror.list().filter((entry) => entry.hasBody);
    expect(stored.map((entry) => entry.title)).toEqual(['断网时']);
    // The body reached the disk and the index says so, though the pass never finished.
    const reopened = await Mirror.open(path.join(root, `mirror-${dirs}`));
    expect(reopened.status().bodyCount).toBe(1);
    expect((await reopened.get(stored[0]?.id ?? 0))?.content).toBe('第二篇');
  });

  it('stops as soon as the owner switches servers or signs out', async () => {
    await createArticle('切换前', '正文');
    const mirror = await freshMirror();
    proxy.seen.length = 0;
    expect(await fillMirror(articles(), mirror, { pause: async () => undefined, stillWanted: () => false })).toBe('stopped');
    expect(bodyFetches()).toEqual([]);
  });
});

describe('the size bound of the mirror', () => {
  const big = (letter: string) => letter.repeat(40_000);

  it('drops the least recently updated bodies first and always keeps the whole list', async () => {
    // Dated after every other article of this server: these four are the newest.
    const oldest = await createArticle('大文章一', big('a'), '2030-01-01T00:00:00Z');
    const older = await createArticle('大文章二', big('b'), '2030-01-02T00:00:00Z');
    const newer = await createArticle('大文章三', big('c'), '2030-01-03T00:00:00Z');
    const newest = await createArticle('大文章四', big('d'), '2030-01-04T00:00:00Z');
    const mirror = await freshMirror();
    await mirror.setLimit(100_000);
    proxy.seen.length = 0;

    expect(await fillMirror(articles(), mirror, everyTime)).toBe('done');
    const kept = () =>
      mirror
        .list()
        .filter((entry) => entry.hasBody)
        .map((entry) => entry.id);
    expect(kept()).toEqual([newest, newer]);
    expect(mirror.status().bytesUsed).toBeLessThanOrEqual(100_000);
    // The third body did not fit, so the older ones were not even fetched.
    expect(bodyFetches()).toEqual([newest, newer, older].map((id) => `GET /api/admin/articles/${id}`));
    const listed = mirror.list().map((entry) => entry.id);
    expect(listed).toEqual(expect.arrayContaining([oldest, older, newer, newest]));

    // The next pass does not fetch again what the bound just pushed out.
    proxy.seen.length = 0;
    expect(await fillMirror(articles(), mirror, everyTime)).toBe('done');
    expect(bodyFetches()).toEqual([]);

    // A lower bound drops the older of the two at once, on disk too.
    await mirror.setLimit(50_000);
    expect(kept()).toEqual([newest]);
    const reopened = await Mirror.open(path.join(root, `mirror-${dirs}`));
    expect(
      reopened
        .list()
        .filter((entry) => entry.hasBody)
        .map((entry) => entry.id),
    ).toEqual([newest]);
    expect(reopened.list().map((entry) => entry.id)).toEqual(listed);
    expect(await reopened.get(newer)).toBeUndefined();
    const index = JSON.parse(await readFile(path.join(root, `mirror-${dirs}`, 'index.json'), 'utf8')) as { bodies: unknown[] };
    expect(index.bodies).toHaveLength(1);
  });

  it('finds again a body written before a crash kept the index from recording it', async () => {
    const id = await createArticle('崩溃前', '写到一半');
    const mirror = await freshMirror();
    const fetched = await articles().get(id);
    if (!fetched.ok) throw new Error(fetched.message);
    expect(await mirror.rememberArticle(fetched.value, { deferIndex: true })).toBe(true);
    // No flush: the app died here.
    const reopened = await Mirror.open(path.join(root, `mirror-${dirs}`));
    expect(reopened.list().find((entry) => entry.id === id)?.hasBody).toBe(true);
    expect(reopened.status().bytesUsed).toBeGreaterThan(0);
  });
});

describe('the fill scheduler', () => {
  it('runs one pass at a time, skips a tick within the interval, and never drops a forced request', async () => {
    let clock = 0;
    const passes: (() => void)[] = [];
    const scheduler = createFillScheduler({
      fill: () => new Promise<void>((resolve) => passes.push(resolve)),
      intervalMs: 1_000,
      now: () => clock,
    });
    scheduler.request();
    scheduler.request({ force: true });
    expect(passes).toHaveLength(1);
    passes[0]?.();
    await expect.poll(() => passes.length).toBe(2);
    passes[1]?.();
    await scheduler.idle();

    clock = 500;
    scheduler.request();
    expect(passes).toHaveLength(2);
    clock = 1_000;
    scheduler.request();
    expect(passes).toHaveLength(3);
    passes[2]?.();
    await scheduler.idle();
  });
});
