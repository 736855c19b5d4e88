import { useEffect, useState } from 'react';
import type { BackupStatus } from '@folio/shared';
import { useAdminApi } from '../../hooks/admin-services';
import { fetchBackupStatus } from '../api/backups.api';
import { onBackupRunsChanged } from './use-backup-runs';

/** How often the banner asks again: a scheduled run finishes at most every few hours. */
const STATUS_INTERVAL_MS = 60_000;

/**
 * The server's backup status (server/API.md §E22), asked when the admin opens, every minute, and
 * whenever the 备份 screen reads new runs; null until known, and while the server cannot say (an
 * older server without backups: no banner then).
 */
export function useBackupStatus(): BackupStatus | null {
  const api = useAdminApi();
  const [status, setStatus] = useState<BackupStatus | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    const check = async () => {
      try {
        const fresh = await fetchBackupStatus(api, controller.signal);
        if (!controller.signal.aborted) setStatus(fresh);
      } catch {
        // Asked again at the next interval.
      }
    };
    void check();
    const timer = window.setInterval(() => void check(), STATUS_INTERVAL_MS);
    const unsubscribe = onBackupRunsChanged(() => void check());
    return () => {
      controller.abort();
      window.clearInterval(timer);
      unsubscribe();
    };
  }, [api]);
  return status;
}
