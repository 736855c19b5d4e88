import { StatsUiMessages as M } from '@folio/shared';
import type { StatsCount } from '@folio/shared';

/** Which ranking of the report a chart shows (server/API.md §E23). */
export type StatsRanking = 'paths' | 'referrers' | 'devices' | 'browsers';

/** A ranking row as the screen names it: an article by its title, a device class in Chinese. */
export interface StatsRow {
  key: string;
  label: string;
  views: number;
  visitors: number;
}

/** The server's name for keys it folded together (reader-stats.messages.ts) or ua-parser-js's unknown browser. */
const OTHER_KEYS = new Set(['其他', 'Other']);

export function rowLabel(ranking: StatsRanking, count: StatsCount): string {
  if (OTHER_KEYS.has(count.key)) return M.otherKey;
  if (ranking === 'paths') return count.title ?? (count.key === '/' ? M.landingPage : count.key);
  if (ranking === 'devices') return M.devices[count.key] ?? count.key;
  return count.key;
}

export function rankingRows(ranking: StatsRanking, counts: readonly StatsCount[]): StatsRow[] {
  return counts.map((count) => ({
    key: count.key,
    label: rowLabel(ranking, count),
    views: count.views,
    visitors: count.visitors,
  }));
}

const numberFormat = new Intl.NumberFormat('zh-CN');

/** A count as the owner reads it (thousands grouped). */
export function formatCount(value: number): string {
  return numberFormat.format(value);
}
