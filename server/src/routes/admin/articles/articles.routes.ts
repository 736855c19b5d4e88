import type { Router } from '@koa/router';
import {
  ADMIN_ARTICLES_PAGE_SIZE,
  LIMITS,
  RealtimeEvents,
  ServerMessages as M,
  articleCreateSchema,
  articleUpdateSchema,
  batchDeleteSchema,
} from '@folio/shared';
import type { AppContext } from '../../../app-context.js';
import type { Broadcaster } from '../../../realtime.js';
import { jsonBody } from '../../../http/body.js';
import { paginate, sendCreated, sendOk } from '../../../http/envelope.js';
import { parseIdempotencyKey, parseIfMatch } from '../../../http/preconditions.js';
import { parseRevisionSource } from '../../../http/source-header.js';
import { parseBody, parseId, parsePagination, queryString } from '../../../http/validate.js';
import { articleEtag } from '../../../presenters/articles.presenter.js';

const BASE = '/api/admin/articles';

/** Tells open pages and admin windows that these articles changed, so they refetch them. */
export function emitArticlesChanged(realtime: Broadcaster, ids: number[]): void {
  realtime.emit(RealtimeEvents.articles, { ids });
}

/** The admin article list, creation and batch delete of server/API.md §9: the paths without an id. */
export function registerArticleCollectionRoutes(router: Router, { services, realtime, requireAdmin }: AppContext): void {
  const service = services.articles;
  const json = jsonBody(LIMITS.jsonBodyBytes);

  router.get(BASE, requireAdmin, (ctx) => {
    const { page, perPage } = parsePagination(ctx, ADMIN_ARTICLES_PAGE_SIZE);
    const { items, pagination } = paginate(service.listAdmin(queryString(ctx, 'search')), page, perPage);
    // The original admin reads `data` as the array and `total` at the top level.
    sendOk(ctx, service.presentAdminList(items), { legacy: { ...pagination } });
  });

  router.post(BASE, requireAdmin, json, async (ctx) => {
    const key = parseIdempotencyKey(ctx);
    const fields = parseBody(articleCreateSchema, ctx.request.body);
    const source = parseRevisionSource(ctx);
    if (key === undefined) {
      const created = await service.create(fields, undefined, source);
      emitArticlesChanged(realtime, [created.id]);
      ctx.set('ETag', articleEtag(created));
      sendCreated(ctx, service.presentAdminDetail(created), { legacy: { id: created.id } });
      return;
    }
    const outcome = await service.createOnce(services.idempotency, key, fields, source);
    if (outcome.replayed) ctx.set('Idempotency-Replayed', 'true');
    else emitArticlesChanged(realtime, [outcome.detail.id]);
    ctx.set('ETag', outcome.etag);
    sendCreated(ctx, outcome.detail, { legacy: { id: outcome.detail.id } });
  });

  router.post(`${BASE}/batch-delete`, requireAdmin, json, async (ctx) => {
    const { ids } = parseBody(batchDeleteSchema, ctx.request.body);
    const result = await service.moveManyToBin(ids);
    if (result.deleted.length > 0) emitArticlesChanged(realtime, result.deleted);
    sendOk(ctx, result, { msg: M.batchDeleted(result.deleted.length) });
  });
}

/** One article of the admin (server/API.md §9 and §E1): read, update (with `If-Match`) and move to the bin. */
export function registerArticleByIdRoutes(router: Router, { services, realtime, requireAdmin }: AppContext): void {
  const service = services.articles;
  const json = jsonBody(LIMITS.jsonBodyBytes);

  router.get(`${BASE}/:id`, requireAdmin, (ctx) => {
    const id = parseId(ctx.params.id, M.articleNotFound);
    const article = service.requireLive(id);
    const detail = service.presentAdminDetail(article);
    ctx.set('ETag', articleEtag(article));
    // The original admin spreads the whole body into its form, so every field is also top level.
    sendOk(ctx, detail, { legacy: { ...detail } });
  });

  router.put(`${BASE}/:id`, requireAdmin, json, async (ctx) => {
    const id = parseId(ctx.params.id, M.articleNotFound);
    service.requireLive(id);
    const precondition = parseIfMatch(ctx);
    // Unknown and read-only keys (`code`, `msg`, `data`, `views`, `revision`, …) are dropped by the schema.
    const patch = parseBody(articleUpdateSchema, ctx.request.body);
    const updated = await service.update(id, patch, precondition, parseRevisionSource(ctx));
    emitArticlesChanged(realtime, [id]);
    ctx.set('ETag', articleEtag(updated));
    sendOk(ctx, service.presentAdminDetail(updated), { msg: M.updated });
  });

  router.delete(`${BASE}/:id`, requireAdmin, async (ctx) => {
    const id = parseId(ctx.params.id, M.articleNotFound);
    const binned = await service.moveToBin(id);
    emitArticlesChanged(realtime, [id]);
    sendOk(ctx, { id, deleted_at: binned.deleted_at }, { msg: M.articleDeletedToBin });
  });
}
