import type { IncomingMessage, Server as HttpServer } from 'node:http';
import { Server as SocketServer } from 'socket.io';
import type { AdminRealtimeEvent, AdminRealtimeEventMap, RealtimeEmitArgs, RealtimeEvent } from '@folio/shared';
import { AdminSockets } from './http/admin-socket.js';
import type { AdminTokenCheck } from './http/admin-socket.js';

/** What routes use to tell open pages that data changed (server/API.md §13), typed by RealtimeEventMap. */
export interface Broadcaster {
  emit<E extends RealtimeEvent>(event: E, ...payload: RealtimeEmitArgs<E>): void;
  /** Tells signed-in admins only (the room of server/API.md §E12); public sockets never hear it. */
  emitToAdmins<E extends AdminRealtimeEvent>(event: E, payload: AdminRealtimeEventMap[E]): void;
  /** Opens the admin room to sockets whose handshake token passes `check`. */
  admitAdmins(check: AdminTokenCheck): void;
}

/**
 * Whether a Socket.IO request may proceed: no `Origin` (a non-browser client), the page's own
 * origin (its host is the one the request was sent to), or one of CORS_ORIGINS. Comparing the
 * Origin with Host is safe here: a browser sets both and a page cannot forge either.
 */
export function socketOriginAllowed(request: IncomingMessage, allowed: ReadonlySet<string>): boolean {
  const origin = request.headers.origin;
  if (origin === undefined) return true;
  if (allowed.has(origin)) return true;
  try {
    return new URL(origin).host === request.headers.host;
  } catch {
    return false;
  }
}

/**
 * Socket.IO on the default namespace only. Clients just listen: no handler is registered for
 * anything they send, and Socket.IO itself refuses other namespaces. A client may send an admin
 * token in its handshake to hear the admin events too (see {@link AdminSockets}).
 */
export function createRealtime(
  httpServer: HttpServer,
  corsOrigins: readonly string[],
): { io: SocketServer; broadcaster: Broadcaster } {
  const allowed = new Set(corsOrigins);
  const io = new SocketServer(httpServer, {
    path: '/socket.io/',
    transports: ['polling', 'websocket'],
    // Like the API (server/API.md §1.7): a foreign origin gets no CORS headers at all, so a page elsewhere
    // cannot read the polling transport with the visitor's cookies.
    cors: (request, callback) => {
      const origin = request.headers.origin;
      const listed = origin !== undefined && allowed.has(origin);
      callback(null, listed ? { origin, credentials: true, methods: ['GET', 'POST'] } : { origin: false });
    },
    // The handshake (polling or a direct WebSocket upgrade) from a foreign origin is refused.
    allowRequest: (request, callback) => callback(null, socketOriginAllowed(request, allowed)),
    serveClient: false,
  });
  const admins = new AdminSockets(io);
  const broadcaster: Broadcaster = {
    emit: (event, ...payload) => {
      // Admin sockets hear these too: they are ordinary clients besides.
      io.emit(event, ...payload);
    },
    emitToAdmins: (event, payload) => admins.emit(event, payload),
    admitAdmins: (check) => admins.checkTokensWith(check),
  };
  return { io, broadcaster };
}
