import type { Router } from '@koa/router';
import { SubscriberMessages as T } from '@folio/shared';
import type { AppContext } from '../../app-context.js';
import { sendOk } from '../../http/envelope.js';
import { parseId, queryString } from '../../http/validate.js';

/**
 * The owner's subscribers (server/API.md §E23.12): the list, as JSON or as a CSV download
 * (`?format=csv` or `Accept: text/csv`), and removing one.
 */
export function registerAdminSubscriberRoutes(router: Router, { services, requireAdmin }: AppContext): void {
  router.get('/api/admin/subscribers', requireAdmin, (ctx) => {
    const format = queryString(ctx, 'format');
    const wantsCsv = format === 'csv' || (format === undefined && ctx.accepts('application/json', 'text/csv') === 'text/csv');
    if (wantsCsv) {
      ctx.status = 200;
      ctx.type = 'text/csv; charset=utf-8';
      ctx.set('Content-Disposition', 'attachment; filename="subscribers.csv"');
      ctx.set('Cache-Control', 'no-store');
      // A BOM, so a spreadsheet reads the file as UTF-8.
      ctx.body = `\uFEFF${services.subscribers.csv()}`;
      return;
    }
    sendOk(ctx, { subscribers: services.subscribers.list(), open: services.subscribers.open });
  });

  router.delete('/api/admin/subscribers/:id', requireAdmin, async (ctx) => {
    await services.subscribers.remove(parseId(ctx.params.id, T.subscriberNotFound));
    sendOk(ctx, null, { msg: T.removed });
  });
}
