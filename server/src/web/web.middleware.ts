import { existsSync } from 'node:fs';
import path from 'node:path';
import { Writable } from 'node:stream';
import type { Context, Next } from 'koa';
import send from 'koa-send';
import { ServerMessages as M } from '@folio/shared';
import type { PublicPageSnapshot } from '@folio/shared';
import { notFound } from '../errors.js';
import type { AppContext } from '../app-context.js';
import { robotsTxt, rssXml, sitemapXml } from './feeds.js';
import { articleSnapshot, landingSnapshot, layoutSnapshot } from './public-snapshot.js';
import { siteOrigin } from './site-origin.js';
import { SsrRenderer } from './ssr-renderer.js';

const SERVER_PATHS = /^\/(api|uploads|socket\.io)(\/|$)/;
const ARTICLE_PATH = /^\/articles\/([1-9]\d{0,15})\/?$/;

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
 * Sends a file of the web build; false when the path names none. koa-send refuses traversal
 * (`..`, encoded or not), malformed percent-encoding and missing files with 4xx errors: those
 * are all "no such file", never a server fault worth a stack trace.
 */
async function sendBuiltFile(ctx: Context, webDistDir: string, hashed: boolean): Promise<boolean> {
  try {
    const sent = await send(
      ctx,
      ctx.path,
      hashed ? { root: webDistDir, immutable: true, maxage: 365 * 24 * 60 * 60 * 1000 } : { root: webDistDir, index: false },
    );
    return typeof sent === 'string' && sent !== '';
  } catch (error) {
    const status = (error as { status?: unknown }).status;
    if (typeof status === 'number' && status >= 400 && status < 500) return false;
    throw error;
  }
}

/**
 * The web app: hashed assets with long-lived caching and other built files as they are;
 * `/`, `/articles/{id}` and unknown paths rendered on the server (404 for unknown ones);
 * `/robots.txt`, `/sitemap.xml` and `/rss.xml`; `index.html` for the admin screens.
 */
export function serveWebApp(webDistDir: string, app?: AppContext, options: { warmUp?: boolean; serveSourceMaps?: boolean } = {}) {
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
      const origin = siteOrigin(ctx, app.config);
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
    const hiddenMap = !options.serveSourceMaps && ctx.path.endsWith('.map');
    if (ctx.path.startsWith('/assets/')) {
      if (hiddenMap || !(await sendBuiltFile(ctx, webDistDir, true))) throw notFound(M.fileNotFound);
      return;
    }
    // Anything else that is not a built file (or is a hidden source map) is a page.
    if (ctx.path !== '/' && ctx.path !== '/index.html' && !hiddenMap && (await sendBuiltFile(ctx, webDistDir, false))) return;
    const page = app && renderer.available() ? routePublicPage(ctx, app) : null;
    if (page && app) {
      await renderPublicPage(ctx, renderer, siteOrigin(ctx, app.config), page);
      return;
    }
    await send(ctx, 'index.html', { root: webDistDir });
    ctx.set('Cache-Control', 'no-cache');
  };
}
