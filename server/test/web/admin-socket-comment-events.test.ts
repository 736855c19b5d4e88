import { afterEach, describe, expect, it } from 'vitest';
import type { AdminCommentNotice } from '@folio/shared';
import { createApp } from '../../src/app.js';
import type { FolioApp } from '../../src/app.js';
import { buildConfig } from '../../src/config.js';
import { ADMIN_PASSWORD, ADMIN_USERNAME, apiClient, JWT_SECRET, startTestServer } from '../../../tests/support/test-server.js';
import type { TestServer } from '../../../tests/support/test-server.js';
import { createSocketCommentEvents } from '../../../web/src/features/admin/comments/live/socket-comment-events.js';

let server: TestServer | undefined;
let restarted: FolioApp | undefined;
afterEach(async () => {
  await restarted?.close();
  await server?.close();
  server = restarted = undefined;
});

/** Resolves with the next value `subscribe` hands its listener (or rejects after a while). */
function next<T>(subscribe: (listener: (value: T) => void) => () => void, timeoutMs = 5000): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      stop();
      reject(new Error(`nothing within ${timeoutMs} ms`));
    }, timeoutMs);
    const stop = subscribe((value) => {
      clearTimeout(timer);
      stop();
      resolve(value);
    });
  });
}

/** Waits until `check` holds, polling (the server's view of its sockets changes a moment after the client's). */
async function until(check: () => boolean, timeoutMs = 5000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > end) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const sockets = (app: FolioApp) => app.io.of('/').sockets.size;
const admins = (app: FolioApp) => app.io.of('/').adapter.rooms.get('admin')?.size ?? 0;

async function postComment(url: string, token: string, author: string): Promise<void> {
  const api = apiClient(url);
  const [article] = (await api('GET', '/api/admin/articles', { token })).body.data as { id: number }[];
  const answer = await api('POST', `/api/articles/${article?.id}/comments`, { json: { author, email: '', content: '你好' } });
  expect(answer.status).toBe(201);
}

describe("the browser admin's live comment events", () => {
  it('hears new visitor comments with the token read at connection, and nothing without a valid one', async () => {
    server = await startTestServer({ seed: true });
    const token = await server.login();
    let current: string | null = 'not-a-token';
    const events = createSocketCommentEvents({ baseUrl: server.url, getToken: () => current });
    const heard: AdminCommentNotice[] = [];
    const stopAnonymous = events.onCommentCreated((notice) => heard.push(notice));
    const app = server.app;
    await until(() => sockets(app) === 1);
    expect(admins(app)).toBe(0);
    await postComment(server.url, token, '甲');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(heard).toEqual([]);
    // The last listener gone, the connection closes; the next subscriber opens one with the token read then.
    stopAnonymous();
    await until(() => sockets(app) === 0);

    current = token;
    const notice = next<AdminCommentNotice>((listener) => events.onCommentCreated(listener));
    await until(() => admins(app) === 1);
    await postComment(server.url, token, '乙');
    expect(await notice).toMatchObject({ author: '乙', status: 'published', parent_id: null });
    expect(heard).toEqual([]);
  });

  it('tells the count listeners when it connects again after the server was away', async () => {
    server = await startTestServer({ seed: true });
    const token = await server.login();
    const port = Number(new URL(server.url).port);
    const events = createSocketCommentEvents({ baseUrl: server.url, getToken: () => token });
    const changes: number[] = [];
    const stopCounting = events.onCommentsChanged(() => changes.push(Date.now()));
    const first = server.app;
    await until(() => admins(first) === 1);
    expect(changes).toEqual([]);

    const changedAgain = next<void>((listener) => events.onCommentsChanged(listener), 15_000);
    await server.stop();
    const config = buildConfig({
      dataDir: server.dataDir,
      adminUsername: ADMIN_USERNAME,
      adminPassword: ADMIN_PASSWORD,
      jwtSecret: JWT_SECRET,
      logLevel: 'silent',
    });
    restarted = await createApp(config, { seed: false });
    await restarted.listen(port, '127.0.0.1');
    await changedAgain;
    expect(changes).toHaveLength(1);
    stopCounting();
    const notice = next<AdminCommentNotice>((listener) => events.onCommentCreated(listener));
    const again = restarted;
    await until(() => admins(again) === 1);
    await postComment(server.url, token, '丙');
    expect((await notice).author).toBe('丙');
  });
});
