import type { Router } from '@koa/router';
import type { Context } from 'koa';
import { LIMITS, ServerMessages as M, diagramRenderingSchema } from '@folio/shared';
import type { AppContext } from '../app-context.js';
import { notFound } from '../errors.js';
import { jsonBody } from '../http/body.js';
import { sendOk } from '../http/envelope.js';
import { bearerToken } from '../http/require-admin.js';
import { parseBody, parseId } from '../http/validate.js';
import type { AuthService } from '../services/auth.service.js';
import { emitArticlesChanged } from './admin/articles/articles.routes.js';

/** Whether the request carries a valid admin token; a missing or bad one is a visitor's request, not an error. */
function isAdmin(ctx: Context, auth: AuthService): boolean {
  const token = bearerToken(ctx);
  if (token === undefined) return false;
  try {
    auth.verify(token);
    return true;
  } catch {
    return false;
  }
}

/**
 * What a diagram image may do when opened on its own rather than through `<img>` (where an SVG
 * runs no script and loads nothing anyway): draw itself with its own styles, nothing else. The
 * SVG is cleaned when saved; this is the second lock.
 */
const DIAGRAM_IMAGE_POLICY = "default-src 'none'; style-src 'unsafe-inline'; sandbox";

/** Pre-rendered Mermaid diagrams: the admin's upload, and the images pages show. */
export function registerDiagramRoutes(router: Router, { services, realtime, requireAdmin }: AppContext): void {
  router.post('/api/admin/articles/:id/diagrams', requireAdmin, jsonBody(LIMITS.jsonBodyBytes), async (ctx) => {
    const id = parseId(ctx.params.id, M.articleNotFound);
    services.articles.requireLive(id);
    const request = parseBody(diagramRenderingSchema, ctx.request.body);
    const diagram = await services.diagrams.save(id, request);
    // Open pages of the article fetch it again and swap Mermaid for the image.
    emitArticlesChanged({ services, realtime }, [id]);
    sendOk(ctx, diagram, { msg: M.diagramSaved });
  });

  router.get('/api/admin/diagrams/undrawn', requireAdmin, async (ctx) => {
    sendOk(ctx, await services.diagrams.undrawnArticleIds());
  });

  // A published article's images are anyone's; an unpublished one's only the admin's, with the
  // token as the admin's API calls send it (server/API.md §E5).
  router.get('/diagrams/:file', async (ctx) => {
    const file = ctx.params.file ?? '';
    const forAdmin = isAdmin(ctx, services.auth);
    const image = await services.diagrams.readImage(file, forAdmin);
    if (image === undefined) throw notFound(M.fileNotFound);
    ctx.type = 'image/svg+xml';
    ctx.set('Content-Security-Policy', DIAGRAM_IMAGE_POLICY);
    // Named after their content: a changed drawing is a new name, so a file can be cached for
    // good; one the admin alone may see is kept by no shared cache.
    const isPublic = !forAdmin || services.diagrams.isPublicImage(file.replace(/\.svg$/, ''));
    ctx.set('Cache-Control', isPublic ? 'public, max-age=31536000, immutable' : 'private, no-store');
    ctx.vary('Authorization');
    ctx.body = image;
  });
}
