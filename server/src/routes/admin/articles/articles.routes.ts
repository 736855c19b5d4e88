import type { Router } from '@koa/router';
import {
  ADMIN_ARTICLES_PAGE_SIZE,
  AdminRealtimeEvents,
  LIMITS,
  RealtimeEvents,
  ServerMessages as M,
  articleCreateSchema,
  articleStatusSchema,
  articleSlugChangeSchema,
  articleUpdateSchema,
  batchDeleteSchema,
} from '@folio/shared';
import type { ArticleStatus } from '@folio/shared';
import type { AppContext } from '../../../app-context.js';
import { validationFailed } from '../../../errors.js';
import { jsonBody } from '../../../http/body.js';
import { paginate, sendCreated, sendOk } from '../../../http/envelope.js';
import { parseIdempotencyKey, parseIfMatch } from '../../../http/preconditions.js';
import { parseRevisionSource } from '../../../http/source-header.js';
import { parseBody, parseId, parsePagination, queryString } from '../../../http/validate.js';
import { articleEtag } from '../../../presenters/articles.presenter.js';

const BASE = '/api/admin/articles';

/** What an article event needs: who sees which article, and the broadcaster. */
export type ArticleEventContext = Pick<AppContext, 'services' | 'realtime'>;

/**
 * Tells open pages that these articles changed, so they refetch them (server/API.md §13). Every
 * visitor hears the event, so it names only articles readers see now or saw before the change
 * (`seenBefore`): a draft or scheduled article is never named, and its saves send nothing (§E8).
 * The admin's sockets hear every change, drafts included, so an open article list follows
 * what another client (the desktop, a second tab) wrote (§E12.5).
 */
export function emitArticlesChanged(
  { services, realtime }: ArticleEventContext,
  ids: readonly number[],
  seenBefore: ReadonlySet<number> = new Set(),
): void {
  const seen = ids.filter((id) => seenBefore.has(id) || services.publicArticles.isPublished(id));
  if (seen.length > 0) realtime.emit(RealtimeEvents.articles, { ids: seen });
  if (ids.length > 0) realtime.emitToAdmins(AdminRealtimeEvents.articlesChanged, { ids: [...ids] });
}

/** The ids among `ids` readers see now: taken before a change, for {@link emitArticlesChanged}. */
export function seenByReaders({ services }: Pick<AppContext, 'services'>, ids: readonly number[]): Set<number> {
  return new Set(ids.filter((id) => services.publicArticles.isPublished(id)));
}

/** `status` of the admin list: one of the three, else 400 naming the parameter (server/API.md §E8). */
function parseStatusFilter(raw: string | undefined): ArticleStatus | undefined {
  if (raw === undefined || raw === '') return undefined;
  const parsed = articleStatusSchema.safeParse(raw);
  if (!parsed.success) throw validationFailed([{ field: 'status', msg: M.articleStatusInvalid }]);
  return parsed.data;
}

/** The admin article list, creation and batch delete of server/API.md §9 and §E8: the paths without an id. */
export function registerArticleCollectionRoutes(router: Router, context: AppContext): void {
  const { services, requireAdmin } = context;
  const service = services.articles;
  const json = jsonBody(LIMITS.jsonBodyBytes);

  router.get(BASE, requireAdmin, (ctx) => {
    const { page, perPage } = parsePagination(ctx, ADMIN_ARTICLES_PAGE_SIZE);
    const status = parseStatusFilter(queryString(ctx, 'status'));
    const { items, pagination } = paginate(service.listAdmin(queryString(ctx, 'search'), status), page, perPage);
    // The original admin reads `data` as the array and `total` at the top level.
    sendOk(ctx, service.presentAdminList(items), { legacy: { ...pagination } });
  });

  router.post(BASE, requireAdmin, json, async (ctx) => {
    const key = parseIdempotencyKey(ctx);
    const fields = parseBody(articleCreateSchema, ctx.request.body);
    const source = parseRevisionSource(ctx);
    if (key === undefined) {
      const created = await service.create(fields, undefined, source);
      emitArticlesChanged(context, [created.id]);
      ctx.set('ETag', articleEtag(created));
      sendCreated(ctx, service.presentAdminDetail(created), { legacy: { id: created.id } });
      return;
    }
    const outcome = await service.createOnce(services.idempotency, key, fields, source);
    if (outcome.replayed) ctx.set('Idempotency-Replayed', 'true');
    else emitArticlesChanged(context, [outcome.detail.id]);
    ctx.set('ETag', outcome.etag);
    sendCreated(ctx, outcome.detail, { legacy: { id: outcome.detail.id } });
  });

  router.post(`${BASE}/batch-delete`, requireAdmin, json, async (ctx) => {
    const { ids } = parseBody(batchDeleteSchema, ctx.request.body);
    const seenBefore = seenByReaders(context, ids);
    const result = await service.moveManyToBin(ids);
    emitArticlesChanged(context, result.deleted, seenBefore);
    sendOk(ctx, result, { msg: M.batchDeleted(result.deleted.length) });
  });
}

/** One article of the admin (server/API.md §9, §E1 and §E8): read, update (with `If-Match`) and move to the bin. */
export function registerArticleByIdRoutes(router: Router, context: AppContext): void {
  const { services, requireAdmin } = context;
  const service = services.articles;
  const json = jsonBody(LIMITS.jsonBodyBytes);

  router.get(`${BASE}/:id`, requireAdmin, async (ctx) => {
    const id = parseId(ctx.params.id, M.articleNotFound);
    const article = service.requireLive(id);
    const detail = await service.adminDetail(article);
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
    const seenBefore = seenByReaders(context, [id]);
    const updated = await service.update(id, patch, precondition, parseRevisionSource(ctx));
    emitArticlesChanged(context, [id], seenBefore);
    ctx.set('ETag', articleEtag(updated));
    sendOk(ctx, await service.adminDetail(updated), { msg: M.updated });
  });

  // The slug alone, as the editors' slug field saves it: the article's revision stays (server/API.md §E19).
  router.put(`${BASE}/:id/slug`, requireAdmin, json, async (ctx) => {
    const id = parseId(ctx.params.id, M.articleNotFound);
    const { slug } = parseBody(articleSlugChangeSchema, ctx.request.body);
    const seenBefore = seenByReaders(context, [id]);
    const updated = await service.changeSlug(id, slug);
    emitArticlesChanged(context, [id], seenBefore);
    ctx.set('ETag', articleEtag(updated));
    sendOk(ctx, await service.adminDetail(updated), { msg: M.updated });
  });

  router.delete(`${BASE}/:id`, requireAdmin, async (ctx) => {
    const id = parseId(ctx.params.id, M.articleNotFound);
    const seenBefore = seenByReaders(context, [id]);
    const binned = await service.moveToBin(id);
    emitArticlesChanged(context, [id], seenBefore);
    sendOk(ctx, { id, deleted_at: binned.deleted_at }, { msg: M.articleDeletedToBin });
  });
}
