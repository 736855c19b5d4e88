import { useCallback, useEffect, useState } from 'react';
import type { BackupRun } from '@folio/shared';
import { useAdminApi } from '../../hooks/admin-services';
import { fetchBackupRuns } from '../api/backups.api';
import { newestFirst } from '../model/backup-form';

/** How often the 备份 screen asks again while nothing runs. */
const BACKGROUND_INTERVAL_MS = 60_000;
/** While a run is under way on the 备份 screen, its result is asked for this often. */
const RUNNING_INTERVAL_MS = 2_000;

// Whoever reads the runs last tells the others, so the banner follows what the 备份 screen shows.
const listeners = new Set<(runs: BackupRun[]) => void>();
function announce(runs: BackupRun[]) {
  for (const listener of listeners) listener(runs);
}

/** Calls `listener` whenever the runs were read anew; returns the unsubscribe. */
export function onBackupRunsChanged(listener: (runs: BackupRun[]) => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/**
 * The backup runs (server/API.md §E22), newest first; null until known. Asked every minute, every
 * two seconds while a run is under way; `reload` asks at once.
 */
export function useBackupRuns() {
  const api = useAdminApi();
  const [runs, setRuns] = useState<BackupRun[] | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [tick, setTick] = useState(0);
  const reload = useCallback(() => setTick((count) => count + 1), []);

  useEffect(() => onBackupRunsChanged(setRuns), []);

  const running = runs?.some((run) => run.status === 'running') ?? false;
  useEffect(() => {
    const controller = new AbortController();
    const check = async () => {
      try {
        const fresh = newestFirst(await fetchBackupRuns(api, controller.signal));
        if (controller.signal.aborted) return;
        setError(null);
        announce(fresh);
      } catch (failure) {
        // Asked again at the next interval.
        if (!controller.signal.aborted) setError(failure);
      }
    };
    void check();
    const timer = window.setInterval(() => void check(), running ? RUNNING_INTERVAL_MS : BACKGROUND_INTERVAL_MS);
    return () => {
      controller.abort();
      window.clearInterval(timer);
    };
  }, [api, running, tick]);

  return { runs, error, reload };
}
