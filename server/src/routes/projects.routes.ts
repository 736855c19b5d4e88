import type { Router } from '@koa/router';
import type { AppContext } from '../app-context.js';
import { sendOk } from '../http/envelope.js';

/**
 * `GET /api/projects` (server/API.md §E20): the owner's projects, fetched by the server from the
 * code host. `?refresh=1` (the 刷新 button) fetches again unless the last fetch was just now; as
 * with `GET /api/articles/:id`, any other value reads as no refresh.
 */
export function registerProjectRoutes(router: Router, { services }: AppContext): void {
  router.get('/api/projects', async (ctx) => {
    sendOk(ctx, await services.projects.projects(ctx.query.refresh === '1'));
  });
}
