import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io } from 'socket.io-client';
import { AdminRealtimeEvents } from '@folio/shared';
import type { AdminCommentNotice } from '@folio/shared';
import { apiClient, startTestServer } from '../../tests/support/test-server.js';
import type { EnvelopeBody, TestServer } from '../../tests/support/test-server.js';
import { startServerProxy } from '../../tests/e2e/desktop/harness/server-proxy.js';
import type { ServerProxy } from '../../tests/e2e/desktop/harness/server-proxy.js';
import { socketAddress, startCommentFeed } from '../src/core/comment-feed.js';
import type { CommentFeed } from '../src/core/comment-feed.js';
import { until } from './support/until';

/** A feed that records what it hears, with short reconnection waits. */
interface Listening {
  feed: CommentFeed;
  notices: AdminCommentNotice[];
  changes: number;
}

const QUICK_RECONNECT = { delayMs: 100, maxDelayMs: 300 };

function listen(serverUrl: string, token: string): Listening {
  const heard: Listening = { notices: [], changes: 0, feed: undefined as unknown as CommentFeed };
  heard.feed = startCommentFeed({
    serverUrl,
    token,
    reconnect: QUICK_RECONNECT,
    onCreated: (notice) => heard.notices.push(notice),
    onChanged: () => (heard.changes += 1),
  });
  return heard;
}

const portOf = (url: string) => Number(new URL(url).port);

describe('the comment feed of the desktop main process', () => {
  let server: TestServer;
  let proxy: ServerProxy;
  let token: string;
  let articleId: number;

  const visitorComment = async (content: string) => {
    const response = await apiClient(server.url)<EnvelopeBody>('POST', `/api/articles/${articleId}/comments`, {
      json: { author: '路过的读者', content },
    });
    expect(response.status).toBe(201);
  };

  beforeAll(async () => {
    server = await startTestServer({ config: { commentRateLimits: { perMinute: 1000, perHour: 10_000 } } });
    proxy = await startServerProxy(portOf(server.url));
    token = await server.login();
    const created = await apiClient(server.url)<EnvelopeBody & { data: { id: number } }>('POST', '/api/admin/articles', {
      token,
      json: { title: '有人来评论', content: '正文', category: '随笔', tags: '', summary: '', cover: '' },
    });
    articleId = created.body.data.id;
  });

  afterAll(async () => {
    await proxy.close();
    await server.close();
  });

  it('hears each visitor comment with the owner token; a public connection hears none', async () => {
    const owner = listen(proxy.url, token);
    const stranger = listen(proxy.url, 'not-a-token');
    const { origin, path } = socketAddress(proxy.url);
    const publicSocket = io(origin, { path, transports: ['websocket'], forceNew: true });
    const publicHeard: unknown[] = [];
    publicSocket.on(AdminRealtimeEvents.commentCreated, (notice: unknown) => publicHeard.push(notice));
    try {
      await until(() => owner.feed.connected() && stranger.feed.connected() && publicSocket.connected, 'the connections');
      // Each connection, the first too, asks for fresh counts.
      expect(owner.changes).toBe(1);
      await visitorComment('写得真好，学到了。');
      await until(() => owner.notices.length === 1, 'the notice');
      expect(owner.notices[0]).toMatchObject({
        article_id: articleId,
        article_title: '有人来评论',
        author: '路过的读者',
        excerpt: '写得真好，学到了。',
        status: 'published',
        parent_id: null,
      });
      // The owner's notice came; the others, connected all along, heard nothing.
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(stranger.notices).toEqual([]);
      expect(publicHeard).toEqual([]);
    } finally {
      owner.feed.stop();
      stranger.feed.stop();
      publicSocket.close();
    }
  });

  it('hears nothing once stopped (signed out), nor with a token the server revoked', async () => {
    const revokedToken = await server.login();
    const stopped = listen(proxy.url, token);
    const watcher = listen(proxy.url, token);
    await until(() => stopped.feed.connected() && watcher.feed.connected(), 'the connections');
    stopped.feed.stop();
    expect(stopped.feed.connected()).toBe(false);
    const logout = await apiClient(server.url)('POST', '/api/admin/logout', { token: revokedToken });
    expect(logout.status).toBe(200);
    const revoked = listen(proxy.url, revokedToken);
    try {
      await until(() => revoked.feed.connected(), 'the revoked connection');
      await visitorComment('第二条评论');
      await until(() => watcher.notices.length === 1, 'the watcher notice');
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(stopped.notices).toEqual([]);
      expect(revoked.notices).toEqual([]);
    } finally {
      watcher.feed.stop();
      revoked.feed.stop();
    }
  });

  it('connects again when the server comes back, asks for fresh counts and hears new comments', async () => {
    const owner = listen(proxy.url, token);
    try {
      await until(() => owner.feed.connected(), 'the connection');
      const changesBefore = owner.changes;
      proxy.setTarget(null);
      await server.stop();
      await until(() => !owner.feed.connected(), 'the loss');
      server = await startTestServer({
        dataDir: server.dataDir,
        config: { commentRateLimits: { perMinute: 1000, perHour: 10_000 } },
      });
      proxy.setTarget(portOf(server.url));
      await until(() => owner.feed.connected(), 'the reconnection', 20_000);
      expect(owner.changes).toBe(changesBefore + 1);
      await visitorComment('服务器回来了');
      await until(() => owner.notices.some((notice) => notice.excerpt === '服务器回来了'), 'the notice after reconnecting');
    } finally {
      owner.feed.stop();
    }
  });
});

describe('where the feed connects', () => {
  it('keeps a base path in the Socket.IO path, not as a namespace', () => {
    expect(socketAddress('https://example.com/blog/')).toEqual({ origin: 'https://example.com', path: '/blog/socket.io/' });
    expect(socketAddress('http://127.0.0.1:3000')).toEqual({ origin: 'http://127.0.0.1:3000', path: '/socket.io/' });
  });
});
