import type { Router } from '@koa/router';
import type { Context, Next } from 'koa';
import { LIMITS, ServerMessages as M, revisionRestoreSchema } from '@folio/shared';
import type { AppContext } from '../../../app-context.js';
import { unsupportedMediaType } from '../../../errors.js';
import { jsonBody } from '../../../http/body.js';
import { sendOk } from '../../../http/envelope.js';
import { parseIfMatch } from '../../../http/preconditions.js';
import { parseRevisionSource } from '../../../http/source-header.js';
import { parseBody, parseId } from '../../../http/validate.js';
import { articleEtag } from '../../../presenters/articles.presenter.js';
import { emitArticlesChanged, seenByReaders } from './articles.routes.js';

const BASE = '/api/admin/articles/:id/revisions';

/** An article's history (server/API.md §E10): the previous versions, one of them, and restoring one. */
export function registerArticleRevisionRoutes(router: Router, context: AppContext): void {
  const { services, requireAdmin } = context;
  const { articles, revisions } = services;

  router.get(BASE, requireAdmin, async (ctx) => {
    const id = parseId(ctx.params.id, M.articleNotFound);
    sendOk(ctx, await revisions.list(id));
  });

  router.get(`${BASE}/:revision`, requireAdmin, async (ctx) => {
    const id = parseId(ctx.params.id, M.articleNotFound);
    const revision = parseId(ctx.params.revision, M.revisionNotFound);
    sendOk(ctx, await revisions.get(id, revision));
  });

  const json = jsonBody(LIMITS.jsonBodyBytes);
  // The body is optional (the original restore sends none); one that is there must be JSON, so an
  // `into` the server cannot read never restores into the article readers see.
  const optionalJson = async (ctx: Context, next: Next) => {
    if (ctx.is('application/json', '+json')) return json(ctx, next);
    if ((ctx.request.length ?? 0) > 0) throw unsupportedMediaType(M.jsonRequired);
    return next();
  };

  router.post(`${BASE}/:revision/restore`, requireAdmin, optionalJson, async (ctx) => {
    const id = parseId(ctx.params.id, M.articleNotFound);
    const revision = parseId(ctx.params.revision, M.revisionNotFound);
    const { into } = parseBody(revisionRestoreSchema, ctx.request.body ?? {});
    if (into === 'autosave') {
      // Nothing readers see changes, so nothing is announced and If-Match has nothing to guard.
      const article = await revisions.restoreIntoAutosave(id, revision);
      ctx.set('ETag', articleEtag(article));
      sendOk(ctx, await articles.adminDetail(article), { msg: M.revisionRestoredIntoAutosave });
      return;
    }
    const precondition = parseIfMatch(ctx);
    const seenBefore = seenByReaders(context, [id]);
    const restored = await revisions.restore(id, revision, precondition, parseRevisionSource(ctx));
    // Told as a PUT is: only readers' articles are named (server/API.md §E8).
    emitArticlesChanged(context, [id], seenBefore);
    ctx.set('ETag', articleEtag(restored));
    sendOk(ctx, await articles.adminDetail(restored), { msg: M.revisionRestored });
  });
}
