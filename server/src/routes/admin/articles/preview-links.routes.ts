import type { Router } from '@koa/router';
import type { Context, Next } from 'koa';
import { LIMITS, ServerMessages as M, PreviewLinkMessages as PM, previewLinkCreateSchema } from '@folio/shared';
import type { AppContext } from '../../../app-context.js';
import { unsupportedMediaType } from '../../../errors.js';
import { jsonBody } from '../../../http/body.js';
import { sendCreated, sendOk } from '../../../http/envelope.js';
import { parseBody, parseId } from '../../../http/validate.js';

const BASE = '/api/admin/articles/:id/preview-links';

/**
 * Preview links of a draft or scheduled article (server/API.md §E17): make, list, revoke. They
 * emit nothing: no reader's page shows an unpublished article, and the admin's list shows no links.
 */
export function registerPreviewLinkRoutes(router: Router, { services, requireAdmin }: AppContext): void {
  const { previewLinks } = services;
  const json = jsonBody(LIMITS.jsonBodyBytes);
  // The body is optional (`days` has a default); one that is there must be JSON.
  const optionalJson = async (ctx: Context, next: Next) => {
    if (ctx.is('application/json', '+json')) return json(ctx, next);
    if ((ctx.request.length ?? 0) > 0) throw unsupportedMediaType(M.jsonRequired);
    return next();
  };

  router.post(BASE, requireAdmin, optionalJson, async (ctx) => {
    const id = parseId(ctx.params.id, M.articleNotFound);
    const { days } = parseBody(previewLinkCreateSchema, ctx.request.body ?? {});
    sendCreated(ctx, await previewLinks.create(id, days), { msg: PM.created });
  });

  router.get(BASE, requireAdmin, (ctx) => {
    const id = parseId(ctx.params.id, M.articleNotFound);
    sendOk(ctx, previewLinks.list(id));
  });

  router.delete(`${BASE}/:linkId`, requireAdmin, async (ctx) => {
    const id = parseId(ctx.params.id, M.articleNotFound);
    const linkId = parseId(ctx.params.linkId, PM.linkNotFound);
    await previewLinks.revoke(id, linkId);
    sendOk(ctx, { id: linkId }, { msg: PM.revoked });
  });
}
