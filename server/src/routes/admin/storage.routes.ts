import type { Router } from '@koa/router';
import type { AppContext } from '../../app-context.js';
import { sendOk } from '../../http/envelope.js';

/** Whether the data directory takes writes (server/API.md §E15): a full or failing disk, for the admin's warning. */
export function registerAdminStorageRoutes(router: Router, { services, requireAdmin }: AppContext): void {
  router.get('/api/admin/storage', requireAdmin, async (ctx) => {
    sendOk(ctx, await services.storage.status());
  });
}
