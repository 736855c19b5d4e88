import type { Router } from '@koa/router';
import { ReaderStatsMessages as SM } from '@folio/shared';
import type { AppContext } from '../../app-context.js';
import { badRequest } from '../../errors.js';
import { sendOk } from '../../http/envelope.js';
import { PRIVATE_CACHE_CONTROL } from '../../http/http-cache.js';

/** The longest range a report covers, in days, both ends included (server/API.md §E23.3): a leap year. */
export const STATS_MAX_RANGE_DAYS = 366;

/** The range a report covers when none is asked for: the last 30 days, today included. */
export const STATS_DEFAULT_RANGE_DAYS = 30;

const DAY_MS = 86_400_000;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** A `YYYY-MM-DD` that names a real day, or a 400 naming the parameter. */
function parseDay(name: string, value: unknown): string {
  if (typeof value !== 'string' || !DATE.test(value)) throw badRequest(SM.dateInvalid(name));
  const at = Date.parse(`${value}T00:00:00Z`);
  if (Number.isNaN(at) || new Date(at).toISOString().slice(0, 10) !== value) throw badRequest(SM.dateInvalid(name));
  return value;
}

const dayBefore = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) - days * DAY_MS).toISOString().slice(0, 10);

/** The owner's reader statistics (server/API.md §E23.3, §E23.4). */
export function registerAdminStatsRoutes(router: Router, { services, requireAdmin }: AppContext): void {
  router.get('/api/admin/stats', requireAdmin, (ctx) => {
    const today = services.readerStats.today();
    const to = ctx.query.to === undefined ? today : parseDay('to', ctx.query.to);
    const from = ctx.query.from === undefined ? dayBefore(to, STATS_DEFAULT_RANGE_DAYS - 1) : parseDay('from', ctx.query.from);
    if (from > to) throw badRequest(SM.rangeReversed);
    if (Date.parse(to) - Date.parse(from) >= STATS_MAX_RANGE_DAYS * DAY_MS)
      throw badRequest(SM.rangeTooLong(STATS_MAX_RANGE_DAYS));
    ctx.set('Cache-Control', PRIVATE_CACHE_CONTROL);
    sendOk(ctx, services.readerStats.report(from, to));
  });

  router.get('/api/admin/stats/live', requireAdmin, (ctx) => {
    ctx.set('Cache-Control', PRIVATE_CACHE_CONTROL);
    sendOk(ctx, services.readerStats.live());
  });
}
