import type { Server as HttpServer } from 'node:http';
import { Server as SocketServer } from 'socket.io';
import type { RealtimeEmitArgs, RealtimeEvent } from '@folio/shared';

/** What routes use to tell open pages that data changed (API section 13), typed by RealtimeEventMap. */
export interface Broadcaster {
  emit<E extends RealtimeEvent>(event: E, ...payload: RealtimeEmitArgs<E>): void;
}

/**
 * Socket.IO on the default namespace only. Clients just listen: no handler is registered for
 * anything they send, and Socket.IO itself refuses other namespaces.
 */
export function createRealtime(
  httpServer: HttpServer,
  corsOrigins: readonly string[],
): { io: SocketServer; broadcaster: Broadcaster } {
  const io = new SocketServer(httpServer, {
    path: '/socket.io/',
    transports: ['polling', 'websocket'],
    cors: { origin: [...corsOrigins], credentials: true, methods: ['GET', 'POST'] },
    serveClient: false,
  });
  const broadcaster: Broadcaster = {
    emit: (event, ...payload) => {
      io.emit(event, ...payload);
    },
  };
  return { io, broadcaster };
}
