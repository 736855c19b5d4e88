import type { Router } from '@koa/router';
import { PreviewLinkMessages as PM } from '@folio/shared';
import type { AppContext } from '../app-context.js';
import { notFound } from '../errors.js';
import { sendOk } from '../http/envelope.js';
import { PRIVATE_CACHE_CONTROL } from '../http/http-cache.js';

/**
 * `GET /api/preview/{token}` (server/API.md §E17): the unpublished article a preview link shows,
 * for whoever holds the link, signed in or not. The preview page carries the same data in its
 * HTML; this is for the page once the browser has navigated away and back.
 */
export function registerPreviewRoutes(router: Router, { services }: AppContext): void {
  router.get('/api/preview/:token', (ctx) => {
    // Never kept by a cache: a revoked link must stop working at once, for every holder.
    ctx.set('Cache-Control', PRIVATE_CACHE_CONTROL);
    ctx.set('X-Robots-Tag', 'noindex');
    const preview = services.previewLinks.preview(ctx.params.token ?? '');
    if (!preview) throw notFound(PM.previewNotFound);
    sendOk(ctx, preview);
  });
}
