import { AdminRealtimeEvents } from '@folio/shared';
import type { BlogImportJob } from '@folio/shared';
import { openAdminEventSocket } from '../../live/admin-event-socket';
import type { AdminEventSocketOptions } from '../../live/admin-event-socket';

export interface ImportProgressListeners {
  onJob(job: BlogImportJob): void;
  /** true once the handshake (with the admin token) is accepted, false when the connection drops. */
  onConnectedChange(connected: boolean): void;
}

export type ImportProgressSocketOptions = Omit<AdminEventSocketOptions, 'marker'>;

/**
 * The 导入博客 screen's socket for `admin:import-progress` (server/API.md §E21), open only while it
 * follows a running job. Returns the close function.
 */
export function openImportProgressSocket(options: ImportProgressSocketOptions, listeners: ImportProgressListeners): () => void {
  return openAdminEventSocket(
    AdminRealtimeEvents.importProgress,
    { ...options, marker: 'importRealtime' },
    { onEvent: listeners.onJob, onConnectedChange: listeners.onConnectedChange },
  );
}
