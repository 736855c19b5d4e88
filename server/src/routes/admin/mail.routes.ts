import type { Router } from '@koa/router';
import { MailMessages as T } from '@folio/shared';
import type { AppContext } from '../../app-context.js';
import { sendOk } from '../../http/envelope.js';

/** The admin's view of comment mail (server/API.md §E13): set up or not, waiting, given up. */
export function registerAdminMailRoutes(router: Router, { services, requireAdmin }: AppContext): void {
  router.get('/api/admin/mail', requireAdmin, (ctx) => {
    sendOk(ctx, services.mail.status());
  });

  router.delete('/api/admin/mail/:id', requireAdmin, async (ctx) => {
    await services.mail.dismiss(ctx.params.id ?? '');
    sendOk(ctx, null, { msg: T.mailDismissed });
  });
}
