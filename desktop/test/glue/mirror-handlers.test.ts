import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DesktopBridgeMessages } from '@folio/shared';
import { channelTable, MB, MIRROR_LIMIT_MB } from '../../src/channels';
import type { EventName, EventPayload, MirrorList, MirrorStatus } from '../../src/channels';
import { ProfileStore } from '../../src/core/profiles';
import { TokenVault } from '../../src/core/token-vault';
import { createConnectivity } from '../../src/main/connectivity';
import { createDispatcher } from '../../src/main/dispatch';
import type { Dispatch } from '../../src/main/dispatch';
import { createDesktopServices } from '../../src/main/desktop-services';
import type { DesktopServices } from '../../src/main/desktop-services';
import type { Connectivity } from '../../src/main/connectivity';
import { ADMIN_PASSWORD, ADMIN_USERNAME, startSignedIn } from '../../../tests/support/test-server';
import type { EnvelopeBody, TestServer, apiClient } from '../../../tests/support/test-server';
import { startLoopbackProxy } from '../support/loopback-proxy';
import type { LoopbackProxy } from '../support/loopback-proxy';
import { fakeSafeStorage } from '../support/fake-safe-storage';

/** The mirror's channels and its background fill, through the dispatcher as the preload calls them. */
let server: TestServer;
let api: ReturnType<typeof apiClient>;
let token: string;
let proxy: LoopbackProxy;
let dataDir: string;
let call: Dispatch;
let services: DesktopServices;
let connectivity: Connectivity;
let events: { event: string; payload: unknown }[];

beforeAll(async () => {
  ({ server, api, token } = await startSignedIn());
  proxy = await startLoopbackProxy(server.url);
  for (const title of ['镜像甲', '镜像乙', '镜像丙']) {
    await api<EnvelopeBody>('POST', '/api/admin/articles', { token, json: { title, content: `${title}的正文` } });
  }
});
afterAll(async () => {
  await proxy.close();
  await server.close();
});
beforeEach(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'folio-mirror-glue-'));
  events = [];
  const emit = <E extends EventName>(event: E, payload: EventPayload<E>) => void events.push({ event, payload });
  connectivity = createConnectivity((state) => emit('connectivity', state));
  services = createDesktopServices({
    dataDir,
    profiles: await ProfileStore.open(dataDir),
    vault: await TokenVault.open({ dir: dataDir, safeStorage: fakeSafeStorage('gnome_libsecret'), platform: 'linux' }),
    connectivity,
    emit,
    dialogs: { pickFiles: async () => [], pickFolder: async () => [] },
    notify: () => ({ shown: false }),
  });
  call = createDispatcher(channelTable, services.handlers);
});
afterEach(async () => {
  // The fill runs in the background: let it finish before its folder goes.
  await expect.poll(async () => (await data<MirrorStatus>('mirror.status')).filling).toBe(false);
  await rm(dataDir, { recursive: true, force: true });
});

async function data<T>(name: string, arg?: unknown): Promise<T> {
  const reply = await call(name, arg);
  if (!reply.ok) throw new Error(`${name}: ${reply.error.code} ${reply.error.message}`);
  return reply.data as T;
}

const signIn = () =>
  data('session.signIn', { serverUrl: proxy.url, username: ADMIN_USERNAME, password: ADMIN_PASSWORD, remember: true });

describe('the mirror channels', () => {
  it('fills the mirror by itself after sign-in, with no refresh asked, and says how fresh it is', async () => {
    await signIn();
    await expect
      .poll(async () => {
        const status = await data<MirrorStatus>('mirror.status');
        return !status.filling && status.bodyCount;
      })
      .toBe(3);
    const list = await data<MirrorList>('mirror.list');
    expect(list.articles.every((article) => article.hasBody)).toBe(true);
    expect(list.status).toMatchObject({ articleCount: 3, bodyCount: 3, limitBytes: MIRROR_LIMIT_MB.default * MB });
    expect(Date.parse(list.status.syncedAt ?? '')).toBeGreaterThan(Date.now() - 60_000);
    expect(events.some((entry) => entry.event === 'mirror')).toBe(true);

    // The server goes away: every article still opens, from the copy.
    proxy.offline = true;
    const opened = await data<{ source: string; article: { content: string } }>('mirror.get', { id: list.articles[0]?.id });
    expect(opened.source).toBe('mirror');
    expect(opened.article.content).toContain('的正文');
    proxy.offline = false;
  });

  it('ends the background fill when the app quits, and starts none after', async () => {
    await signIn();
    await services.settleDrafts();
    expect((await data<MirrorStatus>('mirror.status')).filling).toBe(false);
    const before = proxy.seen.length;
    // The server is seen again (another sign-in, a probe): still nothing is fetched.
    connectivity.reset(proxy.url);
    connectivity.report(true);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(proxy.seen.slice(before)).toEqual([]);
  });

  it('keeps the size bound in the settings, and refuses one out of range without changing it', async () => {
    await signIn();
    const status = await data<MirrorStatus>('mirror.setLimit', { limitMb: 50 });
    expect(status.limitBytes).toBe(50 * MB);
    const stored = JSON.parse(await readFile(path.join(dataDir, 'settings.json'), 'utf8')) as { mirrorLimitMb: number };
    expect(stored.mirrorLimitMb).toBe(50);

    const refused = await call('mirror.setLimit', { limitMb: 1 });
    expect(refused).toMatchObject({ ok: false, error: { code: 'invalid-argument' } });
    expect(refused.ok ? '' : refused.error.message).toContain(
      DesktopBridgeMessages.mirrorLimitInvalid(MIRROR_LIMIT_MB.min, MIRROR_LIMIT_MB.max),
    );
    expect((await data<MirrorStatus>('mirror.status')).limitBytes).toBe(50 * MB);
  });
});
