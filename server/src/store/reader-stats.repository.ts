import { ReaderStatsMessages as SM } from '@folio/shared';
import type { StatsDayRecord, StatsFigures } from './records.js';
import type { Store } from './store.js';

/** The dimensions a day is broken down by (server/API.md §E23.2). */
export type StatsDimension = 'paths' | 'referrers' | 'devices' | 'browsers';

export const STATS_DIMENSIONS: readonly StatsDimension[] = ['paths', 'referrers', 'devices', 'browsers'];

/** How many days are kept: two years and a day, so a year compares with the one before it. */
export const STATS_RETENTION_DAYS = 731;

/**
 * The most keys one dimension holds for one day; the rest add up under one key. Paths are public
 * pages only, but list pages take any category or tag name: a crawler walking made-up ones must
 * not grow the file without bound.
 */
export const STATS_KEYS_PER_DAY = 1000;

/** The longest key a day's table holds: a path (the hit route takes up to this), a referrer host, a browser name. */
export const STATS_KEY_MAX_CHARS = 512;

/** One counted view, as the counting rules made it: its keys and where it is a new visitor. */
export interface CountedView {
  /** `YYYY-MM-DD`, UTC. */
  day: string;
  keys: Record<StatsDimension, string | null>;
  /** Whether the view's visitor is new to the day, and to each key of it (false for `Sec-GPC: 1`). */
  newVisitor: { day: boolean } & Record<StatsDimension, boolean>;
}

const DAY_MS = 86_400_000;

function emptyDay(): StatsDayRecord {
  return { views: 0, visitors: 0, paths: {}, referrers: {}, devices: {}, browsers: {} };
}

function add(figures: StatsFigures, newVisitor: boolean): void {
  figures.views += 1;
  if (newVisitor) figures.visitors += 1;
}

/**
 * Readers' daily aggregates in `reader-stats.json` (server/API.md §E23.2). A counted view changes
 * memory at once and reaches the disk with the store's next lazy commit (within a second): one
 * journalled write for a burst of views, never one per view.
 */
export class ReaderStatsRepository {
  constructor(private readonly store: Store) {}

  record(view: CountedView): void {
    this.store.mutateLazily(['readerStats'], (state) => {
      const days = state.readerStats.days;
      let day = days[view.day];
      if (!day) {
        day = emptyDay();
        days[view.day] = day;
        dropDaysBefore(days, view.day);
      }
      add(day, view.newVisitor.day);
      for (const dimension of STATS_DIMENSIONS) {
        const key = view.keys[dimension];
        if (key === null) continue;
        const table = day[dimension];
        const bounded = key in table || Object.keys(table).length < STATS_KEYS_PER_DAY ? key : SM.otherKey;
        table[bounded] ??= { views: 0, visitors: 0 };
        add(table[bounded], view.newVisitor[dimension]);
      }
    });
  }

  /** The stored days from `from` to `to` (both `YYYY-MM-DD`, inclusive), oldest first; days without views are absent. */
  daysBetween(from: string, to: string): Array<[string, StatsDayRecord]> {
    return Object.entries(this.store.state.readerStats.days)
      .filter(([date]) => date >= from && date <= to)
      .sort(([a], [b]) => (a < b ? -1 : 1));
  }

  /** Every stored day, for a backup. */
  allDays(): Record<string, StatsDayRecord> {
    return this.store.state.readerStats.days;
  }
}

/** Drops the days older than {@link STATS_RETENTION_DAYS} before `today`. */
function dropDaysBefore(days: Record<string, StatsDayRecord>, today: string): void {
  const oldest = new Date(Date.parse(`${today}T00:00:00Z`) - (STATS_RETENTION_DAYS - 1) * DAY_MS).toISOString().slice(0, 10);
  for (const date of Object.keys(days)) if (date < oldest) delete days[date];
}
