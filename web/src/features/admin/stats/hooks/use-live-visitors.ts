import { useEffect, useState } from 'react';
import { useAdminApi } from '../../hooks/admin-services';
import { useAdminPlatform } from '../../platform';
import { fetchStatsLive } from '../api/stats.api';
import { openStatsLiveSocket } from '../live/stats-live-socket';

/** How often the live count is asked for while no socket brings it (server/API.md §E23). */
export const STATS_LIVE_POLL_MS = 30_000;

/**
 * Visitors in the last 5 minutes, null until first known: over the admin socket's
 * `admin:stats-live` where the browser talks to the server itself, with a GET every 30 s whenever
 * that socket is not connected (always on the desktop, whose requests go through its main process).
 */
export function useLiveVisitors(): number | null {
  const api = useAdminApi();
  const platform = useAdminPlatform();
  const [visitorsNow, setVisitorsNow] = useState<number | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    let socketConnected = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let inFlight = false;

    const poll = async () => {
      clearTimeout(timer);
      if (inFlight || controller.signal.aborted) return;
      inFlight = true;
      try {
        setVisitorsNow((await fetchStatsLive(api, controller.signal)).visitors_now);
      } catch {
        // The last count stays shown; the next poll or event brings a new one.
      } finally {
        inFlight = false;
      }
      if (!controller.signal.aborted && !socketConnected) timer = setTimeout(() => void poll(), STATS_LIVE_POLL_MS);
    };
    void poll();

    const closeSocket = platform.transport
      ? () => undefined
      : openStatsLiveSocket(
          { baseUrl: platform.apiBaseUrl, getToken: () => platform.tokenStorage.get() },
          {
            onLive: (live) => setVisitorsNow(live.visitors_now),
            onConnectedChange: (connected) => {
              if (connected === socketConnected) return;
              socketConnected = connected;
              // The event only tells changes: what moved while the socket was away is read at once,
              // and polling resumes while it stays away.
              void poll();
            },
          },
        );
    return () => {
      controller.abort();
      clearTimeout(timer);
      closeSocket();
    };
  }, [api, platform]);

  return visitorsNow;
}
