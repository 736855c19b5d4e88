import { useEffect, useState } from 'react';
import type { StorageHealthStatus } from '@folio/shared';
import { useAdminApi } from '../../hooks/admin-services';
import { getStorageHealth } from '../api/storage.api';

/** How often the admin asks again: a disk fills over minutes, not seconds. */
const STORAGE_HEALTH_INTERVAL_MS = 60_000;

/**
 * The server's storage health, asked for when the admin opens and every minute after; null until
 * known, and while the server cannot say (an older server without the route): no warning then.
 */
export function useStorageHealth(): StorageHealthStatus | null {
  const api = useAdminApi();
  const [status, setStatus] = useState<StorageHealthStatus | null>(null);
  useEffect(() => {
    let active = true;
    const check = async () => {
      try {
        const { data } = await getStorageHealth(api);
        if (active) setStatus(data);
      } catch {
        // Asked again at the next interval; a failing save says so itself meanwhile.
      }
    };
    void check();
    const timer = window.setInterval(() => void check(), STORAGE_HEALTH_INTERVAL_MS);
    return () => {
      active = false;
      window.clearInterval(timer);
    };
  }, [api]);
  return status;
}
