import { AdminRealtimeEvents } from '@folio/shared';
import type { StatsLive } from '@folio/shared';

export interface StatsLiveListeners {
  onLive(live: StatsLive): void;
  /** true once the handshake (with the admin token) is accepted, false when the connection drops. */
  onConnectedChange(connected: boolean): void;
}

export interface StatsLiveSocketOptions {
  /** The server's origin; '' for the page's own. */
  baseUrl: string;
  /** Read again at every (re)connection, as the comment socket does (server/API.md §E12). */
  getToken: () => string | null;
}

/**
 * The browser's own Socket.IO connection for `admin:stats-live` (server/API.md §E23), open only
 * while 数据统计 is on screen. The handshake carries the admin token, which puts it in the
 * server's `admin` room where the event is sent. Returns the close function.
 */
export function openStatsLiveSocket({ baseUrl, getToken }: StatsLiveSocketOptions, listeners: StatsLiveListeners): () => void {
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
    socket.on(AdminRealtimeEvents.statsLive, (live: StatsLive) => listeners.onLive(live));
    // Marked on the page for end-to-end tests, which send the event only once the screen listens.
    const connectedChange = (connected: boolean) => {
      document.documentElement.dataset.statsRealtime = connected ? 'connected' : 'disconnected';
      listeners.onConnectedChange(connected);
    };
    socket.on('connect', () => connectedChange(true));
    socket.on('disconnect', () => connectedChange(false));
    socket.on('connect_error', () => connectedChange(false));
    close = () => {
      socket.close();
      delete document.documentElement.dataset.statsRealtime;
    };
  });
  return () => {
    closed = true;
    close();
  };
}
