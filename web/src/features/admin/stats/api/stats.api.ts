import type { StatsLive, StatsReport } from '@folio/shared';
import type { ApiClient } from '../../../../lib/api-client';
import type { StatsRange } from '../model/stats-range';

/** The report over a range of UTC days (server/API.md §E23). */
export async function fetchStatsReport(api: ApiClient, { from, to }: StatsRange, signal?: AbortSignal): Promise<StatsReport> {
  return (await api.get<StatsReport>('/api/admin/stats', { query: { from, to }, signal })).data;
}

/** Visitors in the last 5 minutes (server/API.md §E23). */
export async function fetchStatsLive(api: ApiClient, signal?: AbortSignal): Promise<StatsLive> {
  return (await api.get<StatsLive>('/api/admin/stats/live', { signal })).data;
}
