import { io as connectSocket } from 'socket.io-client';
import { afterEach, describe, expect, it } from 'vitest';
import { connectRealtime } from '../../../tests/support/test-server.js';
import type { EnvelopeBody, TestServer } from '../../../tests/support/test-server.js';
import { createArticle, postComment, useArticleServer } from './articles.fixtures.js';
import type { Api } from './articles.fixtures.js';

let server: TestServer;
let api: Api;
let token: string;

useArticleServer((started) => ({ server, api, token } = started), {
  config: { commentRateLimits: { perMinute: 10_000, perHour: 10_000 } },
});

type Listener = Awaited<ReturnType<typeof connectRealtime>>;
const open: Listener[] = [];
afterEach(() => {
  for (const listener of open.splice(0)) listener.close();
});

/** A Socket.IO client that sends `auth` in its handshake, recording every event it hears. */
async function connectWith(auth: Record<string, unknown>): Promise<Listener> {
  const socket = connectSocket(server.url, {
    path: '/socket.io/',
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
    auth,
  });
  const events: { name: string; payload: unknown }[] = [];
  socket.onAny((name: string, payload: unknown) => events.push({ name, payload }));
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  const listener: Listener = {
    socket,
    events,
    waitFor: (name, timeoutMs = 3000) =>
      new Promise((resolve, reject) => {
        const seen = events.find((event) => event.name === name);
        if (seen) return resolve(seen.payload);
        const timer = setTimeout(() => reject(new Error(`no ${name} within ${timeoutMs} ms`)), timeoutMs);
        socket.once(name, (payload: unknown) => {
          clearTimeout(timer);
          resolve(payload);
        });
      }),
    close: () => socket.close(),
  };
  open.push(listener);
  return listener;
}

const names = (listener: Listener) => listener.events.map((event) => event.name);
const idOf = (response: { body: EnvelopeBody }) => (response.body.data as { id: number }).id;

describe('the admin room', () => {
  it('hears each new visitor comment with its notice; public sockets and bad tokens never do', async () => {
    const articleId = await createArticle(api, token, { title: '通知测试' });
    const admin = await connectWith({ token });
    const bad = await connectWith({ token: 'not-a-token' });
    const visitor = await connectRealtime(server.url);
    open.push(visitor);

    const long = '长'.repeat(130);
    const response = await postComment(api, articleId, { author: '访客', content: long });
    const notice = await admin.waitFor('admin_comment_created');
    expect(notice).toEqual({
      id: idOf(response),
      article_id: articleId,
      article_title: '通知测试',
      author: '访客',
      excerpt: '长'.repeat(120),
      status: 'published',
      parent_id: null,
      created_at: (response.body.data as { created_at: string }).created_at,
    });
    // Both kinds of socket hear the public event, sent in the same turn as the admin one.
    await visitor.waitFor('comments_updated');
    await bad.waitFor('comments_updated');
    expect(names(visitor)).not.toContain('admin_comment_created');
    expect(names(bad)).not.toContain('admin_comment_created');

    // The owner's own reply is no news to the owner.
    await api('POST', `/api/admin/comments/${idOf(response)}/replies`, { token, json: { content: '谢谢' } });
    await admin.waitFor('admin_comments_changed');
    expect(names(admin).filter((name) => name === 'admin_comment_created')).toHaveLength(1);
  });

  it('hears held comments too, and counts changing on approve, delete and seen', async () => {
    await api('PUT', '/api/admin/settings/comments', {
      token,
      json: { moderation: 'all', blocked_words: [], blocked_addresses: [] },
    });
    try {
      const articleId = await createArticle(api, token);
      const admin = await connectWith({ token });
      const visitor = await connectRealtime(server.url);
      open.push(visitor);
      const held = idOf(await postComment(api, articleId));
      expect(await admin.waitFor('admin_comment_created')).toMatchObject({ id: held, status: 'pending' });

      for (const [method, path] of [
        ['POST', `/api/admin/comments/${held}/approve`],
        ['POST', '/api/admin/comments/seen'],
        ['DELETE', `/api/admin/comments/${held}`],
      ] as const) {
        admin.events.length = 0;
        expect((await api(method, path, { token })).status).toBe(200);
        expect(await admin.waitFor('admin_comments_changed')).toEqual({});
      }
      expect(names(visitor).filter((name) => name.startsWith('admin_'))).toEqual([]);
    } finally {
      await api('PUT', '/api/admin/settings/comments', {
        token,
        json: { moderation: 'none', blocked_words: [], blocked_addresses: [] },
      });
    }
  });

  it('hears the counts change when a backup import brings comments', async () => {
    const articleId = await createArticle(api, token);
    await postComment(api, articleId);
    const backup = await api('GET', '/api/admin/export', { token });
    expect(backup.status).toBe(200);
    const admin = await connectWith({ token });
    expect((await api('POST', '/api/admin/import', { token, json: backup.body })).status).toBe(200);
    expect(await admin.waitFor('admin_comments_changed')).toEqual({});
  });

  it('is closed to a revoked token, and a socket whose token is revoked meanwhile leaves it', async () => {
    const articleId = await createArticle(api, token);
    const revoked = await server.login();
    await api('POST', '/api/admin/logout', { token: revoked });
    const refused = await connectWith({ token: revoked });
    const second = await server.login();
    const signedOutLater = await connectWith({ token: second });
    const admin = await connectWith({ token });

    await postComment(api, articleId);
    await admin.waitFor('admin_comment_created');
    await signedOutLater.waitFor('admin_comment_created');
    await refused.waitFor('comments_updated');
    expect(names(refused)).not.toContain('admin_comment_created');

    await api('POST', '/api/admin/logout', { token: second });
    admin.events.length = 0;
    signedOutLater.events.length = 0;
    await postComment(api, articleId);
    await admin.waitFor('admin_comment_created');
    await signedOutLater.waitFor('comments_updated');
    expect(names(signedOutLater)).not.toContain('admin_comment_created');
  });
});

describe('unread and seen', () => {
  it('counts visitor comments since the last look and held ones; the owner’s replies never count', async () => {
    const unread = async () => (await api<EnvelopeBody>('GET', '/api/admin/comments/unread', { token })).body.data;
    await api('POST', '/api/admin/comments/seen', { token });
    expect(await unread()).toEqual({ unread: 0, pending: 0 });

    const articleId = await createArticle(api, token);
    const first = idOf(await postComment(api, articleId));
    await postComment(api, articleId);
    await api('POST', `/api/admin/comments/${first}/replies`, { token, json: { content: '回复' } });
    await api('PUT', '/api/admin/settings/comments', {
      token,
      json: { moderation: 'all', blocked_words: [], blocked_addresses: [] },
    });
    await postComment(api, articleId);
    await api('PUT', '/api/admin/settings/comments', {
      token,
      json: { moderation: 'none', blocked_words: [], blocked_addresses: [] },
    });
    expect(await unread()).toEqual({ unread: 3, pending: 1 });

    const seen = await api<EnvelopeBody>('POST', '/api/admin/comments/seen', { token });
    expect(seen.body).toMatchObject({ msg: '已标记为已读', data: { unread: 0, pending: 1 } });
    await postComment(api, articleId);
    expect(await unread()).toEqual({ unread: 1, pending: 1 });
    expect((await api('GET', '/api/admin/comments/unread')).status).toBe(401);
    expect((await api('POST', '/api/admin/comments/seen')).status).toBe(401);
  });
});
