import { useEffect, useRef } from 'react';
import { io } from 'socket.io-client';
import type { Socket } from 'socket.io-client';
import { SOCKET_RECONNECTION_ATTEMPTS, SOCKET_RECONNECTION_DELAY_MS } from '@folio/shared';
import type { RealtimeEvent, RealtimeEventMap } from '@folio/shared';

let socket: Socket | null = null;

/** One shared connection per tab, opened on first use (API 13). */
function getSocket(): Socket {
  socket ??= io({
    path: '/socket.io/',
    transports: ['websocket', 'polling'],
    reconnectionAttempts: SOCKET_RECONNECTION_ATTEMPTS,
    reconnectionDelay: SOCKET_RECONNECTION_DELAY_MS,
  });
  // Exposed for end-to-end tests, which change data only once the page is listening.
  socket.on('connect', () => (document.documentElement.dataset.realtime = 'connected'));
  socket.on('disconnect', () => (document.documentElement.dataset.realtime = 'disconnected'));
  return socket;
}

/** Calls `handler` with the payload whenever one of `events` arrives; payloads are only hints. */
export function useRealtimeEvents<E extends RealtimeEvent>(
  events: readonly E[],
  handler: (payload: RealtimeEventMap[E]) => void,
): void {
  const handlerRef = useRef(handler);
  useEffect(() => {
    handlerRef.current = handler;
  });
  const key = events.join(',');
  useEffect(() => {
    const connection = getSocket();
    const listener = (payload: RealtimeEventMap[E]) => handlerRef.current(payload);
    const names = key.split(',').filter(Boolean);
    for (const name of names) connection.on(name, listener);
    return () => {
      for (const name of names) connection.off(name, listener);
    };
  }, [key]);
}
