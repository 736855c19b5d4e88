import type { Router } from '@koa/router';
import { ServerMessages as M } from '@folio/shared';
import type { AppContext } from '../../../app-context.js';
import { sendOk } from '../../../http/envelope.js';
import { parseIfMatch } from '../../../http/preconditions.js';
import { parseRevisionSource } from '../../../http/source-header.js';
import { parseId } from '../../../http/validate.js';
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

  router.post(`${BASE}/:revision/restore`, requireAdmin, async (ctx) => {
    const id = parseId(ctx.params.id, M.articleNotFound);
    const revision = parseId(ctx.params.revision, M.revisionNotFound);
    const precondition = parseIfMatch(ctx);
    const seenBefore = seenByReaders(context, [id]);
    const restored = await revisions.restore(id, revision, precondition, parseRevisionSource(ctx));
    // Told as a PUT is: only readers' articles are named (server/API.md §E8).
    emitArticlesChanged(context, [id], seenBefore);
    ctx.set('ETag', articleEtag(restored));
    sendOk(ctx, await articles.adminDetail(restored), { msg: M.revisionRestored });
  });
}
