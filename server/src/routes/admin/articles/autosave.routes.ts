import type { Router } from '@koa/router';
import { LIMITS, ServerMessages as M, articleAutosaveSchema } from '@folio/shared';
import type { AppContext } from '../../../app-context.js';
import { jsonBody } from '../../../http/body.js';
import { sendOk } from '../../../http/envelope.js';
import { parseBody, parseId } from '../../../http/validate.js';

const PATH = '/api/admin/articles/:id/autosave';

/**
 * The editor's autosave of server/API.md §E9: keep and discard (the admin detail carries it). It
 * emits nothing: readers see the article, never the owner's unsaved work.
 */
export function registerAutosaveRoutes(router: Router, { services, requireAdmin }: AppContext): void {
  const { articles, autosaves } = services;

  router.put(PATH, requireAdmin, jsonBody(LIMITS.jsonBodyBytes), async (ctx) => {
    const id = parseId(ctx.params.id, M.articleNotFound);
    articles.requireLive(id);
    const request = parseBody(articleAutosaveSchema, ctx.request.body);
    sendOk(ctx, await autosaves.save(id, request), { msg: M.autosaved });
  });

  router.delete(PATH, requireAdmin, async (ctx) => {
    const id = parseId(ctx.params.id, M.articleNotFound);
    articles.requireLive(id);
    await autosaves.clear([id]);
    sendOk(ctx, { id }, { msg: M.autosaveDiscarded });
  });
}
