import { existsSync } from 'node:fs';
import path from 'node:path';
import { Writable } from 'node:stream';
import type { Context, Next } from 'koa';
import send from 'koa-send';
import type { PublicPageSnapshot } from '@folio/shared';
import type { AppContext } from '../app-context.js';
import { robotsTxt, rssXml, sitemapXml } from './feeds.js';
import { articleSnapshot, landingSnapshot, layoutSnapshot } from './public-snapshot.js';
import { SsrRenderer } from './ssr-renderer.js';

const SERVER_PATHS = /^\/(api|uploads|socket\.io)(\/|$)/;
const ARTICLE_PATH = /^\/articles\/([1-9]\d{0,15})\/?$/;

/** The site's absolute origin: PUBLIC_URL when configured, else what the request came in on. */
function siteOrigin(ctx: Context, publicUrl: string | undefined): string {
  return publicUrl ?? `${ctx.protocol}://${ctx.host}`;
}

/** Which public page a path is, with its data and status; `null` for paths the SPA handles. */
function routePublicPage(ctx: Context, app: AppContext): { snapshot: PublicPageSnapshot; status: number } | null {
  if (ctx.path === '/' || ctx.path === '/index.html') return { snapshot: landingSnapshot(app.services), status: 200 };
  const article = ARTICLE_PATH.exec(ctx.path);
  if (article) {
    const snapshot = articleSnapshot(app.services, Number(article[1]), ctx.method === 'GET');
    return { snapshot, status: snapshot.article ? 200 : 404 };
  }
  if (ctx.path === '/admin' || ctx.path.startsWith('/admin/')) return null;
  return { snapshot: layoutSnapshot(app.services), status: 404 };
}

async function renderPublicPage(
  ctx: Context,
  renderer: SsrRenderer,
  origin: string,
  page: { snapshot: PublicPageSnapshot; status: number },
) {
  const document = await renderer.render(ctx.url, origin, page.snapshot, page.status);
  ctx.status = page.status;
  ctx.type = 'text/html; charset=utf-8';
  ctx.set('Cache-Control', 'no-cache');
  if (ctx.method === 'HEAD') {
    document.abort();
    ctx.body = null;
    ctx.status = page.status;
    return;
  }
  // The page streams straight into the response. Koa is told not to respond itself, so a
  // visitor leaving mid-stream is an expected end (React stops) and not an error to log.
  ctx.respond = false;
  const response = ctx.res;
  response.writeHead(page.status);
  response.write(document.before);
  const sink = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      if (response.write(chunk)) callback();
      else response.once('drain', () => callback());
    },
    // React ends the stream it pipes into; the document's tail follows its markup.
    final(callback) {
      response.end(document.after);
      callback();
    },
  });
  response.on('close', () => {
    if (!response.writableFinished) {
      document.abort();
      sink.destroy();
    }
  });
  sink.on('error', () => undefined);
  document.pipeApp(sink);
}

/**
 * The web app: hashed assets with long-lived caching and other built files as they are;
 * `/`, `/articles/{id}` and unknown paths rendered on the server (404 for unknown ones);
 * `/robots.txt`, `/sitemap.xml` and `/rss.xml`; `index.html` for the admin screens.
 */
export function serveWebApp(webDistDir: string, app?: AppContext, options: { warmUp?: boolean } = {}) {
  const indexFile = path.join(webDistDir, 'index.html');
  const renderer = new SsrRenderer(webDistDir);
  if (options.warmUp) {
    renderer.warmUp().catch((error: unknown) => app?.logger.error('Could not load the server-rendering bundle', error));
  }
  return async (ctx: Context, next: Next) => {
    await next();
    if (ctx.body != null || ctx.status !== 404) return;
    if (ctx.method !== 'GET' && ctx.method !== 'HEAD') return;
    if (SERVER_PATHS.test(ctx.path)) return;

    if (app) {
      const origin = siteOrigin(ctx, app.config.publicUrl);
      if (ctx.path === '/robots.txt') {
        ctx.type = 'text/plain; charset=utf-8';
        ctx.body = robotsTxt(origin);
        return;
      }
      if (ctx.path === '/sitemap.xml') {
        ctx.type = 'application/xml; charset=utf-8';
        ctx.body = sitemapXml(app.services, origin);
        return;
      }
      if (ctx.path === '/rss.xml') {
        ctx.type = 'application/rss+xml; charset=utf-8';
        ctx.body = rssXml(app.services, origin);
        return;
      }
    }

    if (!existsSync(indexFile)) return;
    if (ctx.path.startsWith('/assets/')) {
      await send(ctx, ctx.path, { root: webDistDir, immutable: true, maxage: 365 * 24 * 60 * 60 * 1000 });
      return;
    }
    if (ctx.path !== '/' && ctx.path !== '/index.html') {
      try {
        await send(ctx, ctx.path, { root: webDistDir, index: false });
        return;
      } catch {
        // Not a built file: a page.
      }
    }
    const page = app && renderer.available() ? routePublicPage(ctx, app) : null;
    if (page && app) {
      await renderPublicPage(ctx, renderer, siteOrigin(ctx, app.config.publicUrl), page);
      return;
    }
    await send(ctx, 'index.html', { root: webDistDir });
    ctx.set('Cache-Control', 'no-cache');
  };
}
