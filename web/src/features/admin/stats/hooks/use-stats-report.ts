import { useCallback, useEffect, useState } from 'react';
import type { StatsReport } from '@folio/shared';
import { isAbortError } from '../../../../lib/api-client';
import { useAdminApi } from '../../hooks/admin-services';
import { fetchStatsReport } from '../api/stats.api';
import type { StatsRange } from '../model/stats-range';

export interface StatsReportState {
  /** The last report read; kept while the next range loads, so the screen does not jump. */
  report: StatsReport | null;
  loading: boolean;
  /** Why the last request failed (the server's Chinese message), or null. */
  error: string | null;
  reload(): void;
}

/** Reads the report of server/API.md §E23 whenever the range changes; a newer range wins over a slower older one. */
export function useStatsReport(range: StatsRange): StatsReportState {
  const api = useAdminApi();
  const [report, setReport] = useState<StatsReport | null>(null);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  const { from, to } = range;

  useEffect(() => {
    const controller = new AbortController();
    setLoading(true);
    setError(null);
    fetchStatsReport(api, { from, to }, controller.signal).then(
      (next) => {
        setReport(next);
        setLoading(false);
      },
      (reason: unknown) => {
        if (controller.signal.aborted || isAbortError(reason)) return;
        setError(reason instanceof Error ? reason.message : String(reason));
        setLoading(false);
      },
    );
    return () => controller.abort();
  }, [api, from, to, attempt]);

  const reload = useCallback(() => setAttempt((count) => count + 1), []);
  return { report, loading, error, reload };
}
