import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { LIMITS } from '@folio/shared';
import { channelTable } from '../../src/channels';
import type { EventName, EventPayload } from '../../src/channels';
import { ProfileStore } from '../../src/core/profiles';
import { TokenVault } from '../../src/core/token-vault';
import { createConnectivity } from '../../src/main/connectivity';
import { createDispatcher } from '../../src/main/dispatch';
import type { Dispatch } from '../../src/main/dispatch';
import { createDesktopServices } from '../../src/main/desktop-services';
import type { DesktopServices } from '../../src/main/desktop-services';
import { ADMIN_PASSWORD, ADMIN_USERNAME, startTestServer } from '../../../tests/support/test-server';
import type { TestServer } from '../../../tests/support/test-server';
import { startLoopbackProxy } from '../support/loopback-proxy';
import type { LoopbackProxy } from '../support/loopback-proxy';
import { fakeSafeStorage } from '../support/fake-safe-storage';

/**
 * The handlers behind the bridge, called through the dispatcher exactly as the preload's IPC
 * (and the Playwright harness) call them, against the real server. Only safeStorage and the
 * native dialogs are stand-ins.
 */
const PNG_1X1 = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

let server: TestServer;
let proxy: LoopbackProxy;
let dataDir: string;
let services: DesktopServices;
let call: Dispatch;
let events: { event: string; payload: unknown }[];
let replies: unknown[];

/** Generous: a loaded machine must not turn a slow answer into "unreachable"; offline is a cut socket, not a wait. */
const SERVER_TIMEOUT_MS = 15_000;

async function open(backend = 'gnome_libsecret', pickedPaths: string[] = [], timeoutMs = SERVER_TIMEOUT_MS) {
  const profiles = await ProfileStore.open(dataDir);
  const vault = await TokenVault.open({ dir: dataDir, safeStorage: fakeSafeStorage(backend), platform: 'linux' });
  const emit = <E extends EventName>(event: E, payload: EventPayload<E>) => void events.push({ event, payload });
  services = createDesktopServices({
    dataDir,
    profiles,
    vault,
    connectivity: createConnectivity((state) => emit('connectivity', state)),
    emit,
    dialogs: { pickFiles: async () => pickedPaths, pickFolder: async () => pickedPaths },
    notify: () => ({ shown: false }),
    connection: { timeoutMs },
  });
  const dispatch = createDispatcher(channelTable, services.handlers);
  call = async (name, arg) => {
    const reply = await dispatch(name, arg);
    replies.push(reply);
    return reply;
  };
}

const signIn = (extra: Record<string, unknown> = {}) =>
  call('session.signIn', { serverUrl: proxy.url, username: ADMIN_USERNAME, password: ADMIN_PASSWORD, remember: true, ...extra });

async function data<T = Record<string, unknown>>(name: string, arg?: unknown): Promise<T> {
  const reply = await call(name, arg);
  if (!reply.ok) throw new Error(`${name}: ${reply.error.code} ${reply.error.message}`);
  return reply.data as T;
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
  dataDir = await mkdtemp(path.join(tmpdir(), 'folio-glue-'));
  events = [];
  replies = [];
  proxy.offline = false;
  proxy.silent = false;
  await open();
  return async () => {
    // Background work (the offline copy's fill, a draft push) must end before its folder goes:
    // a write landing during the removal made it fail with ENOTEMPTY.
    await services.settleDrafts();
    await rm(dataDir, { recursive: true, force: true, maxRetries: 3 });
  };
});

describe('session through the bridge', () => {
  it('explains a wrong password and a server that does not answer, in Chinese', async () => {
    await expect(signIn({ password: 'wrong password' })).resolves.toMatchObject({
      ok: false,
      error: { code: 'wrong-credentials', message: '用户名或密码错误' },
    });
    proxy.offline = true;
    const offline = await signIn();
    expect(offline).toMatchObject({ ok: false, error: { code: 'unreachable' } });
    expect(offline.ok ? '' : offline.error.message).toMatch(/[\u4e00-\u9fa5]/);
    await expect(
      call('session.signIn', { serverUrl: 'ftp://x', username: 'a', password: 'b', remember: false }),
    ).resolves.toMatchObject({
      ok: false,
      error: { code: 'invalid-argument' },
    });
  });

  it('signs in, keeps the token in main (never in a reply), and remembers it in the keychain', async () => {
    const status = await data('session.signIn', {
      serverUrl: proxy.url,
      username: ADMIN_USERNAME,
      password: ADMIN_PASSWORD,
      remember: true,
    });
    expect(status).toMatchObject({
      signedIn: true,
      username: ADMIN_USERNAME,
      tokenStorage: 'keychain',
      needsStorageConsent: false,
    });
    const listed = await data<{ profiles: { serverUrl: string }[] }>('profiles.list');
    expect(listed.profiles.map((profile) => profile.serverUrl)).toEqual([proxy.url]);
    const answer = await data<{ status: number; body: string }>('api.request', { method: 'GET', path: '/api/admin/verify' });
    expect(answer.status).toBe(200);
    const token = await server.login();
    const everything = JSON.stringify([replies, events]);
    expect(everything).not.toMatch(/eyJ[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+/);
    expect(everything).not.toContain(token);
    expect(events.some((entry) => entry.event === 'session')).toBe(true);

    // A restart of the app: the remembered token still signs the requests.
    await open();
    await expect(data('session.status')).resolves.toMatchObject({ signedIn: true });
    await expect(data('session.signOut')).resolves.toMatchObject({ signedIn: false });
    await expect(call('api.request', { method: 'GET', path: '/api/admin/verify' })).resolves.toMatchObject({
      ok: false,
      error: { code: 'not-signed-in' },
    });
  });

  it('asks before storing the token where Linux has no keychain (basic_text)', async () => {
    await open('basic_text');
    await expect(signIn()).resolves.toMatchObject({
      ok: true,
      data: { signedIn: true, needsStorageConsent: true, tokenStorage: 'memory' },
    });
    await expect(data('session.confirmInsecureStorage', { allow: true })).resolves.toMatchObject({
      needsStorageConsent: false,
      tokenStorage: 'insecure',
    });
  });
});

describe('api.request', () => {
  it('sends JSON and multipart bodies with the token and answers status, headers and body', async () => {
    await data('session.signIn', { serverUrl: proxy.url, username: ADMIN_USERNAME, password: ADMIN_PASSWORD, remember: false });
    const created = await data<{ status: number; headers: Record<string, string>; body: string }>('api.request', {
      method: 'POST',
      path: '/api/admin/articles',
      body: { kind: 'text', text: JSON.stringify({ title: '桥接测试', content: '正文' }), contentType: 'application/json' },
    });
    expect(created.status).toBe(201);
    expect(JSON.parse(created.body)).toMatchObject({ code: 0 });
    const upload = await data<{ status: number; body: string }>('api.request', {
      method: 'POST',
      path: '/api/admin/articles/cover',
      body: {
        kind: 'multipart',
        parts: [{ kind: 'file', name: 'file', filename: 'dot.png', contentType: 'image/png', base64: PNG_1X1 }],
      },
    });
    expect(upload.status).toBe(201);
    expect(JSON.parse(upload.body)).toMatchObject({ url: expect.stringMatching(/\.png$/) });
  });

  it('reports offline as a state (code offline), not a crash, and flips the indicator', async () => {
    await data('session.signIn', { serverUrl: proxy.url, username: ADMIN_USERNAME, password: ADMIN_PASSWORD, remember: false });
    proxy.offline = true;
    await expect(call('api.request', { method: 'GET', path: '/api/admin/articles' })).resolves.toMatchObject({
      ok: false,
      error: { code: 'offline' },
    });
    expect(events.filter((entry) => entry.event === 'connectivity').at(-1)?.payload).toMatchObject({ online: false });
  });

  it("gives up on a server that never answers after the desktop's time-out, and reports offline", async () => {
    await data('session.signIn', { serverUrl: proxy.url, username: ADMIN_USERNAME, password: ADMIN_PASSWORD, remember: true });
    // The app again, now with a short time-out: the remembered token signs the call.
    await open('gnome_libsecret', [], 300);
    proxy.silent = true;
    const started = Date.now();
    await expect(call('api.request', { method: 'GET', path: '/api/admin/articles' })).resolves.toMatchObject({
      ok: false,
      error: { code: 'offline' },
    });
    expect(Date.now() - started).toBeLessThan(SERVER_TIMEOUT_MS / 3);
  });
});

describe('drafts through the bridge', () => {
  it('saves offline, publishes once back online, and waits for saves before quitting', async () => {
    await data('session.signIn', { serverUrl: proxy.url, username: ADMIN_USERNAME, password: ADMIN_PASSWORD, remember: false });
    proxy.offline = true;
    const draft = await data<{ id: string; state: string }>('drafts.save', { fields: { title: '离线写的', content: '第一段' } });
    expect(draft.state).toBe('local');
    const saving = call('drafts.save', { id: draft.id, fields: { content: '第一段\n第二段' } });
    await services.settleDrafts();
    await expect(saving).resolves.toMatchObject({ ok: true, data: { fields: { content: '第一段\n第二段' } } });

    await expect(data('drafts.publish', { id: draft.id })).resolves.toMatchObject({
      status: 'offline',
      draft: { state: 'pending' },
    });
    proxy.offline = false;
    await services.publishPending();
    const list = await data<{ state: string }[]>('drafts.list');
    expect(list.find((entry) => entry.state === 'pending')).toBeUndefined();
    const articles = await data<{ articles: { title: string }[] }>('mirror.refresh');
    expect(articles.articles.map((article) => article.title)).toContain('离线写的');
    expect(events.some((entry) => entry.event === 'sync')).toBe(true);
  });
});

describe('draft saves refused by the bridge', () => {
  it('names the field that is too long and saves nothing', async () => {
    await data('session.signIn', { serverUrl: proxy.url, username: ADMIN_USERNAME, password: ADMIN_PASSWORD, remember: false });
    const reply = await call('drafts.save', { fields: { title: '太长的正文', content: 'x'.repeat(LIMITS.articleContent + 1) } });
    expect(reply).toMatchObject({ ok: false, error: { code: 'invalid-argument' } });
    expect(reply.ok ? '' : reply.error.message).toMatch(/fields\.content.*1000000/);
    await expect(data('drafts.list')).resolves.toEqual([]);
  });
});

describe('folder import through the bridge', () => {
  // The body-image endpoint is server11's; a local cover goes through the existing cover upload.
  it('scans a picked folder and imports it with its local cover', async () => {
    const folder = path.join(dataDir, 'notes');
    await mkdir(path.join(folder, 'img'), { recursive: true });
    await writeFile(path.join(folder, 'img', 'dot.png'), Buffer.from(PNG_1X1, 'base64'));
    await writeFile(path.join(folder, 'hello.md'), '---\ntitle: 从文件夹导入\ntags: [a, b]\ncover: img/dot.png\n---\n正文\n');
    await open('gnome_libsecret', [folder]);
    await data('session.signIn', { serverUrl: proxy.url, username: ADMIN_USERNAME, password: ADMIN_PASSWORD, remember: false });
    const picked = await data<{ paths: string[] }>('folderImport.pickFolder');
    const scan = await data<{ scanId: string; candidates: { path: string; title: string; coverPath: string | null }[] }>(
      'folderImport.scan',
      picked,
    );
    expect(scan.candidates).toMatchObject([{ title: '从文件夹导入', coverPath: path.join(folder, 'img', 'dot.png') }]);
    const report = await data<{ counts: { imported: number } }>('folderImport.run', {
      scanId: scan.scanId,
      items: scan.candidates.map((candidate) => ({ path: candidate.path })),
    });
    expect(report, JSON.stringify(report)).toMatchObject({ counts: { imported: 1 } });
    expect(events.some((entry) => entry.event === 'folderImport.progress')).toBe(true);
  });
});
