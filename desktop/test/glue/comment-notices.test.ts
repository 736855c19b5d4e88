import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { AdminCommentMessages as A, DesktopCommentMessages as C } from '@folio/shared';
import type { AdminCommentNotice } from '@folio/shared';
import { channelTable } from '../../src/channels';
import { commentNoticeText } from '../../src/common/comment-notice-text';
import type { EventName, EventPayload } from '../../src/channels';
import { startCommentFeed } from '../../src/core/comment-feed';
import { ProfileStore } from '../../src/core/profiles';
import { TokenVault } from '../../src/core/token-vault';
import { createConnectivity } from '../../src/main/connectivity';
import { createDispatcher } from '../../src/main/dispatch';
import { createDesktopServices } from '../../src/main/desktop-services';
import type { DesktopServices } from '../../src/main/desktop-services';
import { createNotifier } from '../../src/main/notifier';
import { ADMIN_PASSWORD, ADMIN_USERNAME, apiClient, startTestServer } from '../../../tests/support/test-server';
import type { EnvelopeBody, TestServer } from '../../../tests/support/test-server';
import { fakeNotificationClass } from '../../../tests/e2e/desktop/harness/fake-notification';
import type { ShownNotification } from '../../../tests/e2e/desktop/harness/fake-notification';
import { fakeSafeStorage } from '../support/fake-safe-storage';
import { until } from '../support/until';

/**
 * Main's comment notices end to end under Node: the real handlers sign in to the real server,
 * the comment connection follows the session, and a visitor's comment becomes a native
 * notification (window in the background) or a renderer event for the toast (window in front).
 */
let server: TestServer;
let articleId: number;
let dataDir: string;
let services: DesktopServices | undefined;

async function openDesktop() {
  dataDir = await mkdtemp(path.join(tmpdir(), 'folio-comments-'));
  const events: { event: string; payload: unknown }[] = [];
  const shown: ShownNotification[] = [];
  const focus = { focused: true };
  const emit = <E extends EventName>(event: E, payload: EventPayload<E>) => void events.push({ event, payload });
  const opened = createDesktopServices({
    dataDir,
    profiles: await ProfileStore.open(dataDir),
    vault: await TokenVault.open({ dir: dataDir, safeStorage: fakeSafeStorage('gnome_libsecret'), platform: 'linux' }),
    connectivity: createConnectivity(() => undefined),
    emit,
    dialogs: { pickFiles: async () => [], pickFolder: async () => [] },
    notify: createNotifier({
      Notification: fakeNotificationClass(shown),
      isWindowFocused: () => focus.focused,
      focusWindow: () => (focus.focused = true),
    }),
  });
  services = opened;
  const dispatch = createDispatcher(channelTable, opened.handlers);
  const call = async (name: string, arg?: unknown) => {
    const reply = await dispatch(name, arg);
    if (!reply.ok) throw new Error(`${name}: ${reply.error.message}`);
    return reply.data;
  };
  const named = (name: string) => events.filter((entry) => entry.event === name);
  /** Signs in as the owner through the bridge, remembering the token, as the sign-in screen does. */
  const signIn = (serverUrl: string = server.url) =>
    call('session.signIn', { serverUrl, username: ADMIN_USERNAME, password: ADMIN_PASSWORD, remember: true });
  return { events, named, shown, focus, call, signIn };
}

async function visitorComment(content: string, parentId?: number): Promise<number> {
  const response = await apiClient(server.url)<EnvelopeBody & { data: { id: number } }>(
    'POST',
    `/api/articles/${articleId}/comments`,
    { json: { author: '读者甲', content, ...(parentId === undefined ? {} : { parent_id: parentId }) } },
  );
  expect(response.status).toBe(201);
  return response.body.data.id;
}

beforeAll(async () => {
  server = await startTestServer({ config: { commentRateLimits: { perMinute: 1000, perHour: 10_000 } } });
  const token = await server.login();
  const created = await apiClient(server.url)<EnvelopeBody & { data: { id: number } }>('POST', '/api/admin/articles', {
    token,
    json: { title: '关于评论', content: '正文', category: '随笔', tags: '', summary: '', cover: '' },
  });
  articleId = created.body.data.id;
});
afterEach(async () => {
  await services?.settleDrafts();
  services = undefined;
  await rm(dataDir, { recursive: true, force: true });
});
afterAll(async () => {
  await server.close();
});

describe('comment notices in the desktop main process', () => {
  it('signed in: a toast event while the window is in front, a native notification that opens the comments behind it', async () => {
    const desktop = await openDesktop();
    await desktop.signIn();
    // The connection's first `comments.changed` says it is listening.
    await until(() => desktop.named('comments.changed').length > 0, 'the connection');

    const firstId = await visitorComment('窗口在前面时的评论');
    await until(() => desktop.named('comments.created').length === 1, 'the first notice');
    expect(desktop.named('comments.created')[0]?.payload).toMatchObject({
      notice: { id: firstId, article_title: '关于评论', author: '读者甲', excerpt: '窗口在前面时的评论' },
      shownNatively: false,
    });
    expect(desktop.shown).toEqual([]);

    desktop.focus.focused = false;
    await visitorComment('窗口在后面时的回复', firstId);
    await until(() => desktop.named('comments.created').length === 2, 'the second notice');
    expect(desktop.named('comments.created')[1]?.payload).toMatchObject({ shownNatively: true });
    expect(desktop.shown).toEqual([
      { title: C.replied('读者甲', '关于评论'), body: '窗口在后面时的回复', click: expect.any(Function) },
    ]);
    expect(desktop.named('comments.open')).toEqual([]);
    desktop.shown[0]?.click();
    expect(desktop.focus.focused).toBe(true);
    expect(desktop.named('comments.open')).toHaveLength(1);
  });

  it('signing out closes the connection: later comments raise nothing', async () => {
    // The previous test's connection is closed by its quit.
    await until(() => server.app.io.engine.clientsCount === 0, 'no connection left');
    const desktop = await openDesktop();
    await desktop.signIn();
    await until(() => desktop.named('comments.changed').length > 0, 'the connection');
    expect(server.app.io.engine.clientsCount).toBe(1);
    await desktop.call('session.signOut');
    await until(() => server.app.io.engine.clientsCount === 0, 'the connection to close');
    // A feed still listening (another desktop signed in) proves the comment was announced.
    const other = await openDesktopAlongside();
    await visitorComment('退出以后的评论');
    await until(() => other.notices.length === 1, 'the other notice');
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(desktop.named('comments.created')).toEqual([]);
    other.stop();
  });

  it('switching to another server moves the connection there', async () => {
    await until(() => server.app.io.engine.clientsCount === 0, 'no connection left');
    const other = await startTestServer();
    try {
      const desktop = await openDesktop();
      await desktop.signIn(server.url);
      await until(() => server.app.io.engine.clientsCount === 1, 'the first connection');
      await desktop.signIn(other.url);
      await until(
        () => server.app.io.engine.clientsCount === 0 && other.app.io.engine.clientsCount === 1,
        'the connection to move',
      );
      // Back to the first server in one click (its token is remembered): the connection follows again.
      const first = (await desktop.call('profiles.list')) as { profiles: { id: string; serverUrl: string }[] };
      const firstId = first.profiles.find((profile) => profile.serverUrl === server.url)?.id;
      await desktop.call('profiles.activate', { id: firstId });
      await until(
        () => server.app.io.engine.clientsCount === 1 && other.app.io.engine.clientsCount === 0,
        'the connection to come back',
      );
    } finally {
      await services?.settleDrafts();
      await other.close();
    }
  });
});

/** A second listener of the same server, as the owner's other desktop would be. */
async function openDesktopAlongside(): Promise<{ notices: unknown[]; stop(): void }> {
  const notices: unknown[] = [];
  let connected = false;
  const feed = startCommentFeed({
    serverUrl: server.url,
    token: await server.login(),
    onCreated: (notice) => notices.push(notice),
    onChanged: () => (connected = true),
  });
  await until(() => connected, 'the other connection');
  return { notices, stop: () => feed.stop() };
}

describe('the words of a comment notice', () => {
  const notice: AdminCommentNotice = {
    id: 7,
    article_id: 1,
    article_title: '标题',
    author: '读者',
    excerpt: '开头的一段话',
    status: 'published',
    parent_id: null,
    created_at: '2026-01-01T00:00:00.000Z',
  };
  it('names a comment, a reply, and either one waiting for review', () => {
    expect(commentNoticeText(notice)).toEqual({ title: A.newComment('读者', '标题'), body: '开头的一段话' });
    expect(commentNoticeText({ ...notice, status: 'pending' }).title).toBe(A.newPendingComment('读者', '标题'));
    expect(commentNoticeText({ ...notice, parent_id: 3 }).title).toBe(C.replied('读者', '标题'));
    expect(commentNoticeText({ ...notice, parent_id: 3, status: 'pending' }).title).toBe(C.repliedPending('读者', '标题'));
  });
});
