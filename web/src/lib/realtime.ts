import { useEffect, useRef } from 'react';
import type { Socket } from 'socket.io-client';
import { SOCKET_RECONNECTION_ATTEMPTS, SOCKET_RECONNECTION_DELAY_MS } from '@folio/shared';
import type { RealtimeEvent, RealtimeEventMap } from '@folio/shared';

let socket: Promise<Socket> | null = null;

/**
 * One shared connection per tab, opened on first use (server/API.md §13). The client library is fetched
 * then, after the page is hydrated: live updates are not needed before a visitor can use it, so
 * Socket.IO is not part of the JavaScript a public page waits for.
 */
function getSocket(): Promise<Socket> {
  socket ??= import('socket.io-client').then(({ io }) => {
    const connection = io({
      path: '/socket.io/',
      transports: ['websocket', 'polling'],
      reconnectionAttempts: SOCKET_RECONNECTION_ATTEMPTS,
      reconnectionDelay: SOCKET_RECONNECTION_DELAY_MS,
    });
    // Exposed for end-to-end tests, which change data only once the page is listening.
    connection.on('connect', () => (document.documentElement.dataset.realtime = 'connected'));
    connection.on('disconnect', () => (document.documentElement.dataset.realtime = 'disconnected'));
    return connection;
  });
  return socket;
}

/**
 * Calls `handler` with the payload whenever one of `events` arrives; payloads are only hints.
 * `onConnect` runs each time the connection is made or made again: whatever happened while the
 * page was not listening (before its socket connected, or while the server was away) sent events
 * nobody received, so data shown from before is refetched then.
 */
export function useRealtimeEvents<E extends RealtimeEvent>(
  events: readonly E[],
  handler: (payload: RealtimeEventMap[E]) => void,
  onConnect?: () => void,
  /** The data shown is older than this subscription (a server-rendered snapshot): catch up at once if already connected. */
  shownSinceBefore = false,
): void {
  const handlerRef = useRef(handler);
  const onConnectRef = useRef(onConnect);
  useEffect(() => {
    handlerRef.current = handler;
    onConnectRef.current = onConnect;
  });
  const key = events.join(',');
  useEffect(() => {
    const listener = (payload: RealtimeEventMap[E]) => handlerRef.current(payload);
    const connected = () => onConnectRef.current?.();
    const names = key.split(',').filter(Boolean);
    let unsubscribe: (() => void) | null = null;
    let unmounted = false;
    void getSocket().then((connection) => {
      if (unmounted) return;
      for (const name of names) connection.on(name, listener);
      connection.on('connect', connected);
      // A part rendered from the page's snapshot but mounted after the connection was made (a
      // lazily loaded section) missed that moment: what happened before it listened is checked now.
      if (shownSinceBefore && connection.connected) connected();
      unsubscribe = () => {
        names.forEach((name) => connection.off(name, listener));
        connection.off('connect', connected);
      };
    });
    return () => {
      unmounted = true;
      unsubscribe?.();
    };
  }, [key, shownSinceBefore]);
}
