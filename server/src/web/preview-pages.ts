import type { Context } from 'koa';
import type { PublicPageSnapshot } from '@folio/shared';
import type { AppContext } from '../app-context.js';
import { PRIVATE_CACHE_CONTROL } from '../http/http-cache.js';
import { layoutSnapshot } from './public-snapshot.js';
import { siteOrigin } from './site-origin.js';
import type { SsrRenderer } from './ssr-renderer.js';

/**
 * `/preview/{token}` (server/API.md §E17): an unpublished article rendered as its page will be,
 * for whoever holds the link. Rendered for each request and kept by no cache (the page cache, a
 * proxy's, the browser's): a revoked link must stop working at once, and the page must never be
 * served to someone who asked for another address. A link that does not work is a 404 page.
 */
export function servePreviewPage(app: AppContext, renderer: SsrRenderer) {
  return async (ctx: Context, token: string): Promise<void> => {
    const preview = app.services.previewLinks.preview(token) ?? null;
    const snapshot: PublicPageSnapshot = { ...layoutSnapshot(app.services), preview };
    const status = preview ? 200 : 404;
    ctx.set('Cache-Control', PRIVATE_CACHE_CONTROL);
    ctx.set('X-Robots-Tag', 'noindex');
    // The token is the whole secret: no request leaving the page may carry it in its Referer.
    ctx.set('Referrer-Policy', 'no-referrer');
    ctx.type = 'text/html; charset=utf-8';
    ctx.status = status;
    ctx.body = await renderer.renderToBuffer(ctx.path, siteOrigin(ctx, app.config), snapshot, status);
  };
}
