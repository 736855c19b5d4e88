import { StatsUiMessages as M } from '@folio/shared';

/**
 * The longest range the server reports, both ends included (server/API.md §E23): a leap year. A
 * longer custom range is refused here, in the owner's words, before it is asked for.
 */
export const STATS_MAX_RANGE_DAYS = 366;

/** The ranges offered as buttons, in days ending today (UTC, as the server counts days). */
export const STATS_PRESET_DAYS = [7, 30, 90, 365] as const;
export type StatsPresetDays = (typeof STATS_PRESET_DAYS)[number];

/** The range the screen opens with. */
export const STATS_DEFAULT_PRESET: StatsPresetDays = 30;

export interface StatsRange {
  /** `YYYY-MM-DD`, UTC. */
  from: string;
  to: string;
}

const DAY_MS = 86_400_000;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** Today's `YYYY-MM-DD` in UTC: the server's days are UTC days. */
export function utcToday(now: Date = new Date()): string {
  return now.toISOString().slice(0, 10);
}

function dayNumber(day: string): number {
  return Math.round(Date.parse(`${day}T00:00:00Z`) / DAY_MS);
}

function isRealDay(day: string): boolean {
  if (!DATE.test(day)) return false;
  const at = Date.parse(`${day}T00:00:00Z`);
  return !Number.isNaN(at) && new Date(at).toISOString().slice(0, 10) === day;
}

/** The last `days` days, today included. */
export function presetRange(days: number, today: string): StatsRange {
  const from = new Date(Date.parse(`${today}T00:00:00Z`) - (days - 1) * DAY_MS).toISOString().slice(0, 10);
  return { from, to: today };
}

/** How many days a range covers, both ends included. */
export function rangeLength({ from, to }: StatsRange): number {
  return dayNumber(to) - dayNumber(from) + 1;
}

/**
 * A custom range as the owner typed it, or why it cannot be asked for: both dates, from ≤ to, no
 * day after today, and no longer than {@link STATS_MAX_RANGE_DAYS}.
 */
export function checkCustomRange(from: string, to: string, today: string): { range: StatsRange } | { error: string } {
  if (!isRealDay(from) || !isRealDay(to)) return { error: M.customMissing };
  if (from > to) return { error: M.customReversed };
  if (to > today) return { error: M.customFuture };
  if (rangeLength({ from, to }) > STATS_MAX_RANGE_DAYS) return { error: M.customTooLong(STATS_MAX_RANGE_DAYS) };
  return { range: { from, to } };
}

/** `MM-DD` for an axis tick: the year is in the range shown above the chart. */
export function shortDay(day: string): string {
  return day.slice(5);
}
