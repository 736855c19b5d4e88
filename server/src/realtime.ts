import type { Server as HttpServer } from 'node:http';
import { Server as SocketServer } from 'socket.io';
import type { RealtimeEvent } from '@folio/shared';

/** What services use to tell open pages that data changed (API section 13). */
export interface Broadcaster {
  emit(event: RealtimeEvent, payload?: unknown): void;
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
    emit: (event, payload) => {
      if (payload === undefined) io.emit(event);
      else io.emit(event, payload);
    },
  };
  return { io, broadcaster };
}
