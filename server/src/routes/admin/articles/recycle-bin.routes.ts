import type { Router } from '@koa/router';
import { RECYCLE_BIN_PAGE_SIZE, ServerMessages as M } from '@folio/shared';
import type { AppContext } from '../../../app-context.js';
import { paginate, sendOk } from '../../../http/envelope.js';
import { parseId, parsePagination } from '../../../http/validate.js';
import { emitArticlesChanged } from './articles.routes.js';

/** The recycle bin of server/API.md §10. Purges emit no event: binned articles are already hidden. */
export function registerRecycleBinRoutes(router: Router, context: AppContext): void {
  const { services, requireAdmin } = context;
  const { articles, recycleBin: service } = services;
  const base = '/api/admin/recycle-bin';

  router.get(base, requireAdmin, async (ctx) => {
    const { page, perPage } = parsePagination(ctx, RECYCLE_BIN_PAGE_SIZE);
    const { items, pagination } = paginate(await service.list(), page, perPage);
    sendOk(ctx, service.present(items), { legacy: { ...pagination } });
  });

  router.delete(base, requireAdmin, async (ctx) => {
    sendOk(ctx, { purged: await service.empty() }, { msg: M.binEmptied });
  });

  router.post(`${base}/:id/restore`, requireAdmin, async (ctx) => {
    const id = parseId(ctx.params.id, M.notInBin);
    const restored = await service.restore(id);
    // Named only when it comes back published: a restored draft stays unseen (server/API.md §E8).
    emitArticlesChanged(context, [id]);
    sendOk(ctx, await articles.adminDetail(restored), { msg: M.restored });
  });

  router.delete(`${base}/:id`, requireAdmin, async (ctx) => {
    const id = parseId(ctx.params.id, M.notInBin);
    await service.purge(id);
    sendOk(ctx, { id }, { msg: M.purged });
  });
}
