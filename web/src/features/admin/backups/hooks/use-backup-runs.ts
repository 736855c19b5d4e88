import { useCallback, useEffect, useState } from 'react';
import type { BackupRun } from '@folio/shared';
import { useAdminApi } from '../../hooks/admin-services';
import { fetchBackupRuns } from '../api/backups.api';
import { newestFirst } from '../model/backup-form';

/** How often the banner asks again: a scheduled run finishes at most every few hours. */
const BACKGROUND_INTERVAL_MS = 60_000;
/** While a run is under way on the 备份 screen, its result is asked for this often. */
const RUNNING_INTERVAL_MS = 2_000;

// Whoever reads the runs last tells the others, so the banner follows what the 备份 screen shows.
const listeners = new Set<(runs: BackupRun[]) => void>();
function announce(runs: BackupRun[]) {
  for (const listener of listeners) listener(runs);
}

/**
 * The backup runs (server/API.md §E22), newest first; null until known or while the server cannot
 * say (an older server without backups: no banner then). Asked every minute, every two seconds
 * while `watchRunning` and a run is under way; `reload` asks at once.
 */
export function useBackupRuns({ watchRunning = false }: { watchRunning?: boolean } = {}) {
  const api = useAdminApi();
  const [runs, setRuns] = useState<BackupRun[] | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [tick, setTick] = useState(0);
  const reload = useCallback(() => setTick((count) => count + 1), []);

  useEffect(() => {
    listeners.add(setRuns);
    return () => {
      listeners.delete(setRuns);
    };
  }, []);

  const running = runs?.some((run) => run.status === 'running') ?? false;
  useEffect(() => {
    const controller = new AbortController();
    const check = async () => {
      try {
        const fresh = newestFirst(await fetchBackupRuns(api, { signal: controller.signal, background: !watchRunning }));
        if (controller.signal.aborted) return;
        setError(null);
        announce(fresh);
      } catch (failure) {
        // Asked again at the next interval.
        if (!controller.signal.aborted) setError(failure);
      }
    };
    void check();
    const timer = window.setInterval(() => void check(), watchRunning && running ? RUNNING_INTERVAL_MS : BACKGROUND_INTERVAL_MS);
    return () => {
      controller.abort();
      window.clearInterval(timer);
    };
  }, [api, watchRunning, running, tick]);

  return { runs, error, reload };
}
