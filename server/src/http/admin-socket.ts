import type { Server as SocketServer, Socket } from 'socket.io';
import { LIMITS } from '@folio/shared';
import type { AdminRealtimeEvent, AdminRealtimeEventMap } from '@folio/shared';

/** The Socket.IO room of sockets that signed in with an admin token (server/API.md §E12). */
export const ADMIN_ROOM = 'admin';

/** Whether a token is a valid admin token now: signed, unexpired, not revoked. */
export type AdminTokenCheck = (token: string) => boolean;

interface AdminSocketData {
  adminToken?: string;
}

/** The token a client sent in its handshake (`auth: { token }`), when it looks like one. */
function handshakeToken(socket: Socket): string | undefined {
  const auth: unknown = socket.handshake.auth;
  const token = typeof auth === 'object' && auth !== null ? (auth as Record<string, unknown>).token : undefined;
  return typeof token === 'string' && token !== '' && token.length <= LIMITS.tokenLength ? token : undefined;
}

/**
 * The admin room: a socket whose handshake carries a valid admin token joins it; any other socket
 * is a public one, as before, and never hears admin events. Each admin event checks the token of
 * every socket in the room again, so one signed out or expired since leaves instead of hearing it.
 */
export class AdminSockets {
  private check: AdminTokenCheck = () => false;

  constructor(private readonly io: SocketServer) {
    io.on('connection', (socket) => {
      const token = handshakeToken(socket);
      if (token === undefined || !this.check(token)) return;
      (socket.data as AdminSocketData).adminToken = token;
      void socket.join(ADMIN_ROOM);
    });
  }

  /** Sets how tokens are checked; until then nobody joins the room. */
  checkTokensWith(check: AdminTokenCheck): void {
    this.check = check;
  }

  emit<E extends AdminRealtimeEvent>(event: E, payload: AdminRealtimeEventMap[E]): void {
    for (const id of [...(this.io.sockets.adapter.rooms.get(ADMIN_ROOM) ?? [])]) {
      const socket = this.io.sockets.sockets.get(id);
      if (!socket) continue;
      const token = (socket.data as AdminSocketData).adminToken;
      if (token !== undefined && this.check(token)) socket.emit(event, payload);
      else void socket.leave(ADMIN_ROOM);
    }
  }
}
