import type { Context, Next } from 'koa';
import { previewTokenOfPath } from '@folio/shared';
import type { AppContext } from '../app-context.js';
import { AppShell } from './app-shell.js';
import { serveBuiltFile } from './built-files.js';
import { serveFeed } from './feeds.js';
import { servePreviewPage } from './preview-pages.js';
import { answerOwnerRedirect } from './owner-redirects.js';
import { knownPageRoute, publicPageRoute } from './public-page-routes.js';
import { createPublicPages } from './public-pages.js';
import { siteOrigin } from './site-origin.js';
import type { SsrRenderer } from './ssr-renderer.js';

const SERVER_PATHS = /^\/(api|uploads|socket\.io)(\/|$)/;

/**
 * The web app in `config.webDistDir`, in this order: the landing and article pages (before the
 * API router, see below); then, for what no API route answered, the feeds, the built files,
 * every other public path as a server-rendered page (the owner's redirect or a 404 for unknown
 * ones), and index.html for the admin screens. The renderer is built and warmed up by the app factory.
 */
export function serveWebApp(app: AppContext, renderer: SsrRenderer) {
  const shell = new AppShell(app.config.webDistDir);
  const pages = createPublicPages(app, renderer);
  const previewPage = servePreviewPage(app, renderer);
  const rendersPages = () => shell.built() && renderer.available();
  return async (ctx: Context, next: Next) => {
    const readsPage = ctx.method === 'GET' || ctx.method === 'HEAD';
    // The landing and article pages, the views a visitor's traffic is made of, are answered
    // before the API router, which has no route for them: matching them against every API route
    // first cost more than sending the cached page.
    const knownPage = readsPage && rendersPages() ? knownPageRoute(ctx.path) : null;
    const previewToken = readsPage && rendersPages() ? previewTokenOfPath(ctx.path) : undefined;
    if (previewToken !== undefined) {
      await previewPage(ctx, previewToken);
      return;
    }
    // The landing page with a query an owner's rule is from (`/?p=123`, server/API.md §E21) is an
    // old blog's address, not the landing page; without a query the landing page always answers.
    if (knownPage?.kind === 'landing' && ctx.querystring !== '' && answerOwnerRedirect(ctx, app.services)) return;
    if (knownPage) {
      await pages.serve(ctx, knownPage);
      return;
    }
    await next();
    if (ctx.body != null || ctx.status !== 404) return;
    if (!readsPage || SERVER_PATHS.test(ctx.path)) return;
    if (serveFeed(ctx, app.services, siteOrigin(ctx, app.config))) return;
    if (shell.built() && (await serveBuiltFile(ctx, app.config))) return;
    // A 404 page is answered by the owner's redirect from its path, when there is one.
    const page = rendersPages() ? publicPageRoute(ctx.path) : null;
    if (page) await pages.serve(ctx, page);
    else if (answerOwnerRedirect(ctx, app.services)) return;
    else if (shell.built()) await shell.serve(ctx);
  };
}
