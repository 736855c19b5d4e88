import type { Router } from '@koa/router';
import { AddressMessages as M, LIMITS, redirectsPutSchema } from '@folio/shared';
import type { AppContext } from '../../app-context.js';
import { jsonBody } from '../../http/body.js';
import { sendOk } from '../../http/envelope.js';
import { parseBody } from '../../http/validate.js';

/** The owner's redirects (server/API.md §E19): the whole list, read and replaced at once. */
export function registerAdminRedirectRoutes(router: Router, { services, requireAdmin }: AppContext): void {
  router.get('/api/admin/redirects', requireAdmin, (ctx) => {
    sendOk(ctx, { redirects: services.redirects.list() });
  });

  router.put('/api/admin/redirects', requireAdmin, jsonBody(LIMITS.jsonBodyBytes), async (ctx) => {
    const { redirects } = parseBody(redirectsPutSchema, ctx.request.body);
    sendOk(ctx, { redirects: await services.redirects.replace(redirects) }, { msg: M.redirectsSaved });
  });
}
