import type { Router } from '@koa/router';
import { RECYCLE_BIN_PAGE_SIZE, RealtimeEvents, ServerMessages as M } from '@folio/shared';
import type { AppContext } from '../../app-context.js';
import { paginate, sendOk } from '../../http/envelope.js';
import { parseId, parsePagination } from '../../http/validate.js';
import { ArticlesService } from '../../services/articles.service.js';
import { RecycleBinService } from '../../services/recycle-bin.service.js';

/** The recycle bin of API section 10. Purges emit no event: binned articles are already hidden. */
export function registerRecycleBinRoutes(router: Router, { store, config, realtime, requireAdmin }: AppContext): void {
  const articles = ArticlesService.for(store);
  const service = new RecycleBinService(articles, config.recycleBinRetentionMs);
  const base = '/api/admin/recycle-bin';

  router.get(base, requireAdmin, async (ctx) => {
    const { page, perPage } = parsePagination(ctx, RECYCLE_BIN_PAGE_SIZE);
    const { items, pagination } = paginate(await service.list(), page, perPage);
    sendOk(ctx, service.present(items), { legacy: { ...pagination } });
  });

  router.post(`${base}/:id/restore`, requireAdmin, async (ctx) => {
    const id = parseId(ctx.params.id, M.notInBin);
    const restored = await service.restore(id);
    realtime.emit(RealtimeEvents.articles, { ids: [id] });
    sendOk(ctx, articles.presentAdminDetail(restored), { msg: M.restored });
  });

  router.delete(`${base}/:id`, requireAdmin, async (ctx) => {
    const id = parseId(ctx.params.id, M.notInBin);
    await service.purge(id);
    sendOk(ctx, { id }, { msg: M.purged });
  });

  router.delete(base, requireAdmin, async (ctx) => {
    sendOk(ctx, { purged: await service.empty() }, { msg: M.binEmptied });
  });
}

/**
 * Starts the automatic purge of articles binned longer than `config.recycleBinRetentionMs`:
 * once now, then on an unref'd interval. Resolves the returned stop function once any running
 * purge has finished, so the app can close its store after it.
 */
export function startRecycleBinPurge({ store, config, logger }: AppContext): () => Promise<void> {
  return new RecycleBinService(ArticlesService.for(store), config.recycleBinRetentionMs).startAutomaticPurge(logger);
}
