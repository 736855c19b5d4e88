import { createHash, randomBytes } from 'node:crypto';
import { STATS_DIMENSIONS } from '../../store/reader-stats.repository.js';
import type { StatsDimension } from '../../store/reader-stats.repository.js';

/** How long a visitor counts as "now" after their last view (server/API.md §E23.4). */
export const LIVE_WINDOW_MS = 5 * 60_000;

/** `YYYY-MM-DD` of a moment, in UTC. */
export const utcDay = (at: Date): string => at.toISOString().slice(0, 10);

/**
 * Who was seen today, in memory only (server/API.md §E23.2). A visitor is a hash of (salt, site,
 * address, User-Agent); the salt is random, made when the UTC day begins and dropped when it ends,
 * and never written anywhere, so no hash can be linked to an address afterwards nor to the same
 * reader on another day. The sets of hashes seen, per day and per key of each dimension, are lost
 * with a restart: a reader who comes back the same day after one counts as a new visitor again.
 */
export class VisitorDays {
  private day = '';
  private salt = Buffer.alloc(0);
  /**
   * Each visitor seen today, with the `dimension \0 key` entries they were counted under. By
   * visitor rather than one set of every pair: a visitor's first view (most views) is then one
   * entry, not five lookups in a set of long strings that grows all day.
   */
  private seen = new Map<string, string[]>();
  /** Each visitor's last view, for the live count. */
  private readonly lastSeen = new Map<string, number>();

  constructor(private readonly site: string) {}

  /** The visitor's hash for the day `at` falls in (a new salt when that day has begun). */
  visitorOf(at: Date, address: string, userAgent: string): string {
    const day = utcDay(at);
    if (day !== this.day) {
      this.day = day;
      this.salt = randomBytes(32);
      this.seen = new Map();
    }
    return createHash('sha256')
      .update(this.salt)
      .update(`\0${this.site}\0${address}\0${userAgent}`)
      .digest('base64url')
      .slice(0, 22);
  }

  /**
   * Notes the visitor's view of these keys; answers where they are new, so each of the day's
   * figures counts them once. Call right after {@link visitorOf} for the same moment.
   */
  see(
    visitor: string,
    at: Date,
    keys: Record<StatsDimension, string | null>,
  ): { day: boolean } & Record<StatsDimension, boolean> {
    this.lastSeen.set(visitor, at.getTime());
    const entry = (dimension: StatsDimension): string | null => {
      const key = keys[dimension];
      return key === null ? null : `${dimension}\0${key}`;
    };
    const counted = this.seen.get(visitor);
    if (!counted) {
      const entries = STATS_DIMENSIONS.map(entry).filter((text) => text !== null);
      this.seen.set(visitor, entries);
      const isKey = (dimension: StatsDimension) => keys[dimension] !== null;
      return {
        day: true,
        paths: isKey('paths'),
        referrers: isKey('referrers'),
        devices: isKey('devices'),
        browsers: isKey('browsers'),
      };
    }
    // A visitor's own entries are few: a reader sees a handful of pages a day.
    const newIn = (dimension: StatsDimension): boolean => {
      const text = entry(dimension);
      if (text === null || counted.includes(text)) return false;
      counted.push(text);
      return true;
    };
    return {
      day: false,
      paths: newIn('paths'),
      referrers: newIn('referrers'),
      devices: newIn('devices'),
      browsers: newIn('browsers'),
    };
  }

  /** Distinct visitors whose last view is less than {@link LIVE_WINDOW_MS} before `at`; forgets older ones. */
  visitorsNow(at: Date): number {
    const since = at.getTime() - LIVE_WINDOW_MS;
    for (const [visitor, seenAt] of this.lastSeen) if (seenAt <= since) this.lastSeen.delete(visitor);
    return this.lastSeen.size;
  }
}
