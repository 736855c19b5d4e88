import type { AdminRealtimeEvent, AdminRealtimeEventMap } from '@folio/shared';

export interface AdminEventListeners<E extends AdminRealtimeEvent> {
  onEvent(payload: AdminRealtimeEventMap[E]): void;
  /** true once the handshake (with the admin token) is accepted, false when the connection drops. */
  onConnectedChange(connected: boolean): void;
}

export interface AdminEventSocketOptions {
  /** The server's origin; '' for the page's own. */
  baseUrl: string;
  /** Read again at every (re)connection, as the comment socket does (server/API.md §E12). */
  getToken: () => string | null;
  /**
   * The `data-*` key (camelCase) marked on `<html>` with `connected` or `disconnected`, for
   * end-to-end tests, which send the event only once the screen listens.
   */
  marker: string;
}

/**
 * A screen's own Socket.IO connection for one admin event (server/API.md §E12), open only while
 * the screen needs it. The handshake carries the admin token, which puts it in the server's
 * `admin` room where admin events are sent. Socket.IO's client is loaded on first use, so the
 * screen's chunk does not carry it. Returns the close function.
 */
export function openAdminEventSocket<E extends AdminRealtimeEvent>(
  event: E,
  { baseUrl, getToken, marker }: AdminEventSocketOptions,
  listeners: AdminEventListeners<E>,
): () => void {
  let closed = false;
  let close = () => undefined as void;
  void import('socket.io-client').then(({ io }) => {
    if (closed) return;
    const socket = io(baseUrl || undefined, {
      path: '/socket.io/',
      transports: ['websocket', 'polling'],
      // A new Manager: the comment socket of the same page must not be closed with this one.
      forceNew: true,
      auth: (send) => send({ token: getToken() ?? '' }),
    });
    socket.on(event as string, (payload: AdminRealtimeEventMap[E]) => listeners.onEvent(payload));
    const connectedChange = (connected: boolean) => {
      document.documentElement.dataset[marker] = connected ? 'connected' : 'disconnected';
      listeners.onConnectedChange(connected);
    };
    socket.on('connect', () => connectedChange(true));
    socket.on('disconnect', () => connectedChange(false));
    socket.on('connect_error', () => connectedChange(false));
    close = () => {
      socket.close();
      delete document.documentElement.dataset[marker];
    };
  });
  return () => {
    closed = true;
    close();
  };
}
