import { AdminRealtimeEvents } from '@folio/shared';
import type { StatsLive } from '@folio/shared';
import { openAdminEventSocket } from '../../live/admin-event-socket';
import type { AdminEventSocketOptions } from '../../live/admin-event-socket';

export interface StatsLiveListeners {
  onLive(live: StatsLive): void;
  /** true once the handshake (with the admin token) is accepted, false when the connection drops. */
  onConnectedChange(connected: boolean): void;
}

export type StatsLiveSocketOptions = Omit<AdminEventSocketOptions, 'marker'>;

/** 数据统计's socket for `admin:stats-live` (server/API.md §E23), open only while the screen is on. Returns the close function. */
export function openStatsLiveSocket(options: StatsLiveSocketOptions, listeners: StatsLiveListeners): () => void {
  return openAdminEventSocket(
    AdminRealtimeEvents.statsLive,
    { ...options, marker: 'statsRealtime' },
    { onEvent: listeners.onLive, onConnectedChange: listeners.onConnectedChange },
  );
}
