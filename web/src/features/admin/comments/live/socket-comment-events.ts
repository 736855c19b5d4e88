import type { Socket } from 'socket.io-client';
import { AdminRealtimeEvents } from '@folio/shared';
import type { AdminCommentNotice } from '@folio/shared';
import type { AdminCommentEvents } from '../../platform';

export interface SocketCommentEventsOptions {
  /** The server's origin; '' for the page's own. */
  baseUrl: string;
  /** The admin token sent in each handshake: read again at every (re)connection. */
  getToken: () => string | null;
}

type Listener = (...args: never[]) => void;

/**
 * The browser's live comment events (server/API.md §E12): one Socket.IO connection whose
 * handshake carries the admin token, which puts it in the server's `admin` room. It opens with
 * the first subscriber and closes with the last, so the sign-in page holds no connection. A
 * reconnection tells the count listeners, as whatever happened while away sent nothing.
 */
export function createSocketCommentEvents({ baseUrl, getToken }: SocketCommentEventsOptions): AdminCommentEvents {
  const created = new Set<(notice: AdminCommentNotice) => void>();
  const changed = new Set<() => void>();
  const articlesChanged = new Set<() => void>();
  let connection: Promise<Socket> | null = null;

  const open = (): Promise<Socket> =>
    import('socket.io-client').then(({ io }) => {
      const socket = io(baseUrl || undefined, {
        path: '/socket.io/',
        transports: ['websocket', 'polling'],
        auth: (send) => send({ token: getToken() ?? '' }),
      });
      socket.on(AdminRealtimeEvents.commentCreated, (notice: AdminCommentNotice) =>
        created.forEach((listener) => listener(notice)),
      );
      socket.on(AdminRealtimeEvents.commentsChanged, () => changed.forEach((listener) => listener()));
      socket.on(AdminRealtimeEvents.articlesChanged, () => articlesChanged.forEach((listener) => listener()));
      socket.io.on('reconnect', () => [...changed, ...articlesChanged].forEach((listener) => listener()));
      // Exposed for end-to-end tests, which post a comment only once the admin is listening.
      const mark = (state: string) => {
        if (typeof document !== 'undefined') document.documentElement.dataset.adminRealtime = state;
      };
      socket.on('connect', () => mark('connected'));
      socket.on('disconnect', () => mark('disconnected'));
      return socket;
    });

  // Checked a moment later: a screen that resubscribes at once (a re-render, React's strict
  // mode) keeps the connection instead of closing and opening it again.
  const closeWhenUnused = () =>
    setTimeout(() => {
      if (created.size + changed.size + articlesChanged.size > 0 || !connection) return;
      const closing = connection;
      connection = null;
      void closing.then((socket) => socket.close());
    }, 0);

  const subscribe = <L extends Listener>(listeners: Set<L>, listener: L): (() => void) => {
    listeners.add(listener);
    connection ??= open();
    return () => {
      listeners.delete(listener);
      closeWhenUnused();
    };
  };

  return {
    onCommentCreated: (listener) => subscribe(created, listener),
    onCommentsChanged: (listener) => subscribe(changed, listener),
    onArticlesChanged: (listener) => subscribe(articlesChanged, listener),
  };
}
