/**
 * The owner's live comment notices from the signed-in server (server/API.md §E12): one Socket.IO
 * connection from the main process whose handshake carries the admin token, which puts it in the
 * server's `admin` room. The renderer cannot open it itself: its app:// origin is refused by the
 * server's origin check, and it never holds the token.
 *
 * API:
 * - `startCommentFeed({ serverUrl, token, onCreated, onChanged, reconnect? }): CommentFeed`
 *   - `onCreated(notice)`: each new visitor comment (`admin_comment_created`)
 *   - `onChanged()`: counts may have changed (`admin_comments_changed`), and at every connection,
 *     the first and each one made again after a loss, since whatever happened meanwhile sent nothing
 *   - `stop()`: closes for good (sign-out, another server); no callback runs after it
 *   - `connected()`: whether the connection is up now
 */
import { io } from 'socket.io-client';
import type { Socket } from 'socket.io-client';
import { AdminRealtimeEvents } from '@folio/shared';
import type { AdminCommentNotice } from '@folio/shared';

export interface CommentFeedReconnect {
  /** The first wait after a loss; each next one doubles, up to `maxDelayMs`, with some jitter. */
  delayMs: number;
  maxDelayMs: number;
}

export interface CommentFeedOptions {
  /** The profile's server URL, possibly with a base path (`https://host/blog`). */
  serverUrl: string;
  token: string;
  onCreated(notice: AdminCommentNotice): void;
  onChanged(): void;
  reconnect?: CommentFeedReconnect;
}

export interface CommentFeed {
  connected(): boolean;
  stop(): void;
}

/** A server back after a restart is found within seconds; a long outage is asked about twice a minute. */
const DEFAULT_RECONNECT: CommentFeedReconnect = { delayMs: 1_000, maxDelayMs: 30_000 };

/**
 * Where Socket.IO answers for a server URL: its origin, and `/socket.io/` under the URL's path
 * (the path of a URL given to `io()` would be read as a namespace).
 */
export function socketAddress(serverUrl: string): { origin: string; path: string } {
  const url = new URL(serverUrl);
  return { origin: url.origin, path: `${url.pathname.replace(/\/+$/, '')}/socket.io/` };
}

export function startCommentFeed(options: CommentFeedOptions): CommentFeed {
  const reconnect = options.reconnect ?? DEFAULT_RECONNECT;
  const { origin, path } = socketAddress(options.serverUrl);
  let stopped = false;
  let retry: ReturnType<typeof setTimeout> | undefined;

  const socket: Socket = io(origin, {
    path,
    // Node has no reason to start with long polling: WebSocket first, polling where a proxy refuses it.
    transports: ['websocket', 'polling'],
    auth: { token: options.token },
    reconnectionDelay: reconnect.delayMs,
    reconnectionDelayMax: reconnect.maxDelayMs,
  });

  socket.on(AdminRealtimeEvents.commentCreated, (notice: AdminCommentNotice) => {
    if (!stopped) options.onCreated(notice);
  });
  socket.on(AdminRealtimeEvents.commentsChanged, () => {
    if (!stopped) options.onChanged();
  });
  // Every connection, the first included: a comment posted before it was up sent nothing here.
  socket.on('connect', () => {
    if (!stopped) options.onChanged();
  });
  socket.on('disconnect', (reason) => {
    // The client reconnects by itself after a lost connection, but not when the server closed
    // the socket on purpose (a restart's shutdown may do that): ask again, after the first wait.
    if (reason === 'io server disconnect' && !stopped) {
      retry = setTimeout(() => {
        if (!stopped) socket.connect();
      }, reconnect.delayMs);
    }
  });
  socket.on('connect_error', () => {
    // A refused handshake (not a network failure) ends the client's own retries: keep trying,
    // as the server may simply be starting.
    if (!socket.active && !stopped) {
      retry = setTimeout(() => {
        if (!stopped) socket.connect();
      }, reconnect.maxDelayMs);
    }
  });

  return {
    connected: () => socket.connected,
    stop: () => {
      stopped = true;
      clearTimeout(retry);
      socket.removeAllListeners();
      socket.close();
    },
  };
}
