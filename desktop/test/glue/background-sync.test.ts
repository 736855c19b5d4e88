import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { channelTable } from '../../src/channels';
import type { EventName, EventPayload } from '../../src/channels';
import { ProfileStore } from '../../src/core/profiles';
import { TokenVault } from '../../src/core/token-vault';
import { createConnectivity } from '../../src/main/connectivity';
import type { Connectivity } from '../../src/main/connectivity';
import { createDispatcher } from '../../src/main/dispatch';
import { createDesktopServices } from '../../src/main/desktop-services';
import type { DesktopServices } from '../../src/main/desktop-services';
import { ADMIN_PASSWORD, ADMIN_USERNAME, apiClient, startTestServer } from '../../../tests/support/test-server';
import type { EnvelopeBody, TestServer } from '../../../tests/support/test-server';
import { startLoopbackProxy } from '../support/loopback-proxy';
import type { LoopbackProxy } from '../support/loopback-proxy';
import { fakeSafeStorage } from '../support/fake-safe-storage';

/**
 * The background sync as main runs it: the real services behind the dispatcher, the real
 * connectivity, against the real server behind a proxy the test can cut.
 */
let server: TestServer;
let proxy: LoopbackProxy;
let dataDir: string;

interface App {
  services: DesktopServices;
  connectivity: Connectivity;
  events: { event: string; payload: unknown }[];
  call<T>(name: string, arg?: unknown): Promise<T>;
}

/** Starts the desktop's main process on `dataDir` (again, for a restart). */
async function startApp(): Promise<App> {
  const profiles = await ProfileStore.open(dataDir);
  const vault = await TokenVault.open({ dir: dataDir, safeStorage: fakeSafeStorage('gnome_libsecret'), platform: 'linux' });
  const events: App['events'] = [];
  const emit = <E extends EventName>(event: E, payload: EventPayload<E>) => void events.push({ event, payload });
  const connectivity = createConnectivity((state) => emit('connectivity', state));
  const services = createDesktopServices({
    dataDir,
    profiles,
    vault,
    connectivity,
    emit,
    dialogs: { pickFiles: async () => [], pickFolder: async () => [] },
    notify: () => ({ shown: false }),
  });
  const dispatch = createDispatcher(channelTable, services.handlers);
  return {
    services,
    connectivity,
    events,
    async call<T>(name: string, arg?: unknown) {
      const reply = await dispatch(name, arg);
      if (!reply.ok) throw new Error(`${name}: ${reply.error.code} ${reply.error.message}`);
      return reply.data as T;
    },
  };
}

async function serverArticle(title: string): Promise<{ id: number; status: string } | undefined> {
  const token = await server.login();
  const list = await apiClient(server.url)<EnvelopeBody & { data: { id: number; title: string; status: string }[] }>(
    'GET',
    '/api/admin/articles?per_page=100',
    { token },
  );
  return list.body.data.find((article) => article.title === title);
}

beforeAll(async () => {
  server = await startTestServer();
  proxy = await startLoopbackProxy(server.url);
});
afterAll(async () => {
  await proxy.close();
  await server.close();
});
beforeEach(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'folio-background-glue-'));
  proxy.offline = false;
});
let running: App | undefined;
afterEach(async () => {
  await running?.services.settleDrafts();
  running = undefined;
  await rm(dataDir, { recursive: true, force: true });
});

describe('background draft sync in main', () => {
  it('sends a draft saved just before quitting at the first report of the server after the restart', async () => {
    const first = await startApp();
    await first.call('session.signIn', {
      serverUrl: proxy.url,
      username: ADMIN_USERNAME,
      password: ADMIN_PASSWORD,
      remember: true,
    });
    await first.call('drafts.save', { fields: { title: '退出前写的', content: '正文' } });
    // Quit within the push delay: the draft is on disk only.
    await first.services.settleDrafts();
    expect(await serverArticle('退出前写的')).toBeUndefined();

    const app = (running = await startApp());
    app.connectivity.report(true);
    await expect.poll(async () => (await serverArticle('退出前写的'))?.status, { timeout: 10_000 }).toBe('draft');
  });

  it('announces a 发布 queued offline with the public address once the queue sends it, and counts what waits', async () => {
    const app = (running = await startApp());
    await app.call('session.signIn', {
      serverUrl: proxy.url,
      username: ADMIN_USERNAME,
      password: ADMIN_PASSWORD,
      remember: true,
    });
    proxy.offline = true;
    app.connectivity.report(false);
    const queued = await app.call<{ id: string }>('drafts.save', { fields: { title: '排队发布的', content: '正文' } });
    // Only on this machine: the 草稿箱 count goes up at once.
    expect(app.events.filter((sent) => sent.event === 'sync').at(-1)?.payload).toMatchObject({ waiting: 1 });
    expect(await app.call('drafts.publish', { id: queued.id })).toMatchObject({ status: 'offline' });
    expect(app.events.filter((sent) => sent.event === 'sync').at(-1)?.payload).toMatchObject({ waiting: 0, pending: 1 });

    proxy.offline = false;
    app.connectivity.report(true);
    await app.services.publishPending();
    const article = await serverArticle('排队发布的');
    expect(article?.status).toBe('published');
    expect(app.events.filter((sent) => sent.event === 'sync.outcome').map((sent) => sent.payload)).toEqual([
      { kind: 'published', draftId: queued.id, title: '排队发布的', articleUrl: `${proxy.url}/articles/${article?.id}` },
    ]);
  });
});
