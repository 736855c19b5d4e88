import { useEffect, useRef } from 'react';
import type { Socket } from 'socket.io-client';
import { SOCKET_RECONNECTION_ATTEMPTS, SOCKET_RECONNECTION_DELAY_MS } from '@folio/shared';
import type { RealtimeEvent, RealtimeEventMap } from '@folio/shared';
import { SNAPSHOT_ELEMENT_ID } from './page-snapshot';

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
 * Runs `work` once a server-rendered page has hydrated (use-page-ready.ts marks it), at once on
 * any other page. An update that reaches a part of the page still waiting for its code makes
 * React throw the server's HTML of that part away and render it again in the browser: the
 * Markdown renderer loads and the body moves.
 */
function afterHydration(work: () => void): () => void {
  const root = document.documentElement;
  if (root.dataset.hydrated === 'true' || !document.getElementById(SNAPSHOT_ELEMENT_ID)) {
    work();
    return () => undefined;
  }
  const observer = new MutationObserver(() => {
    if (root.dataset.hydrated !== 'true') return;
    observer.disconnect();
    work();
  });
  observer.observe(root, { attributes: true, attributeFilter: ['data-hydrated'] });
  return () => observer.disconnect();
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
    const waits = new Set<() => void>();
    const connected = () => {
      let done = false;
      const stop = afterHydration(() => {
        done = true;
        onConnectRef.current?.();
      });
      if (!done) waits.add(stop);
    };
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
        waits.forEach((stop) => stop());
      };
    });
    return () => {
      unmounted = true;
      unsubscribe?.();
    };
  }, [key, shownSinceBefore]);
}
