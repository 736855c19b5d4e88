import { AdminRealtimeEvents } from '@folio/shared';
import type { BlogImportJob } from '@folio/shared';

export interface ImportProgressListeners {
  onJob(job: BlogImportJob): void;
  /** true once the handshake (with the admin token) is accepted, false when the connection drops. */
  onConnectedChange(connected: boolean): void;
}

export interface ImportProgressSocketOptions {
  /** The server's origin; '' for the page's own. */
  baseUrl: string;
  /** Read again at every (re)connection, as the comment socket does (server/API.md §E12). */
  getToken: () => string | null;
}

/**
 * The browser's own Socket.IO connection for an import's progress, open only while the 导入博客
 * screen follows a running job. The handshake carries the admin token, which puts it in the
 * server's `admin` room where the progress events are sent. Returns the close function.
 */
export function openImportProgressSocket(
  { baseUrl, getToken }: ImportProgressSocketOptions,
  listeners: ImportProgressListeners,
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
    socket.on(AdminRealtimeEvents.importProgress, (job: BlogImportJob) => listeners.onJob(job));
    // Marked on the page for end-to-end tests, which send progress only once the screen listens.
    const connectedChange = (connected: boolean) => {
      document.documentElement.dataset.importRealtime = connected ? 'connected' : 'disconnected';
      listeners.onConnectedChange(connected);
    };
    socket.on('connect', () => connectedChange(true));
    socket.on('disconnect', () => connectedChange(false));
    socket.on('connect_error', () => connectedChange(false));
    close = () => {
      socket.close();
      delete document.documentElement.dataset.importRealtime;
    };
  });
  return () => {
    closed = true;
    close();
  };
}
