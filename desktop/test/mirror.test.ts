import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSignedIn } from '../../tests/support/test-server.js';
import type { EnvelopeBody, TestServer, apiClient } from '../../tests/support/test-server.js';
import { createArticlesApi } from '../src/core/articles-api.js';
import { createHttpClient } from '../src/core/http.js';
import { Mirror, openArticle, refreshMirror } from '../src/core/mirror.js';
import { startLoopbackProxy } from './support/loopback-proxy.js';
import type { LoopbackProxy } from './support/loopback-proxy.js';

let server: TestServer;
let api: ReturnType<typeof apiClient>;
let token: string;
let proxy: LoopbackProxy;
let dir: string;

beforeAll(async () => {
  ({ server, api, token } = await startSignedIn());
  proxy = await startLoopbackProxy(server.url);
  dir = await mkdtemp(path.join(tmpdir(), 'folio-mirror-'));
});
afterAll(async () => {
  await proxy.close();
  await server.close();
  await rm(dir, { recursive: true, force: true });
});

const createArticle = async (title: string, content: string) =>
  (await api<EnvelopeBody & { id: number }>('POST', '/api/admin/articles', { token, json: { title, content } })).body.id;

describe('Mirror', () => {
  it('keeps listed and opened articles for reading offline, across a restart of the app', async () => {
    const first = await createArticle('镜像一', '正文一');
    const second = await createArticle('镜像二', '正文二');
    const articles = createArticlesApi(createHttpClient({ baseUrl: proxy.url, token }));
    const mirror = await Mirror.open(dir);

    expect(await refreshMirror(articles, mirror)).toEqual({ online: true });
    expect(mirror.list().map((entry) => [entry.title, entry.hasBody])).toEqual([
      ['镜像二', false],
      ['镜像一', false],
    ]);
    expect((await openArticle(articles, mirror, first))?.source).toBe('server');

    proxy.offline = true;
    const reopened = await Mirror.open(dir);
    expect(await refreshMirror(articles, reopened)).toEqual({ online: false });
    const offline = await openArticle(articles, reopened, first);
    expect(offline).toMatchObject({ source: 'mirror', article: { id: first, title: '镜像一', content: '正文一' } });
    // Listed but never opened: its metadata is known, its body is not.
    expect(await openArticle(articles, reopened, second)).toBeUndefined();
    expect(reopened.list().find((entry) => entry.id === second)?.hasBody).toBe(false);
    proxy.offline = false;
  });

  it('forgets an article the server no longer has', async () => {
    const gone = await createArticle('将被删除', '正文');
    const articles = createArticlesApi(createHttpClient({ baseUrl: proxy.url, token }));
    const mirror = await Mirror.open(dir);
    await openArticle(articles, mirror, gone);
    await api('DELETE', `/api/admin/articles/${gone}`, { token });
    await refreshMirror(articles, mirror);
    expect(mirror.list().some((entry) => entry.id === gone)).toBe(false);
    expect(await mirror.get(gone)).toBeUndefined();
  });
});
