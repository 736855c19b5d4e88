import { existsSync } from 'node:fs';
import path from 'node:path';
import type { Context, Next } from 'koa';
import send from 'koa-send';
import { ServerMessages as M } from '@folio/shared';
import type { PublicPageSnapshot } from '@folio/shared';
import { notFound } from '../errors.js';
import type { AppContext } from '../app-context.js';
import { robotsTxt, rssXml, sitemapXml } from './feeds.js';
import { articleSnapshot, landingSnapshot, layoutSnapshot } from './public-snapshot.js';
import { siteOrigin } from './site-origin.js';
import { PageCache, pageFingerprint } from './page-cache.js';
import type { SsrRenderer } from './ssr-renderer.js';
import { markReplayable } from '../http/answer-replay.js';
import { PUBLIC_CACHE_CONTROL, preferredEncoding } from '../http/http-cache.js';
import { GenerationMemo } from '../services/generation-memo.js';

/**
 * Rendered pages kept in memory, compressed copies included: some fifty pages, the landing
 * page and the articles being read now. Bounded low because the whole server aims at 130 MB.
 */
const PAGE_CACHE_MAX_BYTES = 8 * 1024 * 1024;
/** How stale a cached page's view counts may get before it is rendered again. */
const PAGE_VIEW_COUNT_TTL_MS = 60_000;

const SERVER_PATHS = /^\/(api|uploads|socket\.io)(\/|$)/;
const ARTICLE_PATH = /^\/articles\/([1-9]\d{0,15})\/?$/;

/** A public page to answer: its status, and its data, read only when needed (a cache miss). */
interface PublicPage {
  status: number;
  snapshot(): PublicPageSnapshot;
  /** What each view of the page does besides answering, also when the answer is replayed. */
  onView?(): void;
}

/** The landing page or an article page, which no API route or built file shares a path with. */
function routeKnownPage(ctx: Context, app: AppContext): PublicPage | null {
  const { services } = app;
  if (ctx.path === '/' || ctx.path === '/index.html') return { status: 200, snapshot: () => landingSnapshot(services) };
  const article = ARTICLE_PATH.exec(ctx.path);
  if (!article) return null;
  const id = Number(article[1]);
  // A rendered page is a visit (HEAD is not), counted whether the page comes from the cache or not.
  const countView = () => void services.articles.countView(id);
  const found = ctx.method === 'GET' ? services.articles.countView(id) : services.articles.isLive(id);
  return { status: found ? 200 : 404, snapshot: () => articleSnapshot(services, id, false), onView: countView };
}

/** Which public page a path is; `null` for paths the SPA handles (the admin). */
function routePublicPage(ctx: Context, app: AppContext): PublicPage | null {
  const known = routeKnownPage(ctx, app);
  if (known) return known;
  if (ctx.path === '/admin' || ctx.path.startsWith('/admin/')) return null;
  return { status: 404, snapshot: () => layoutSnapshot(app.services) };
}

/**
 * Answers a public page from the page cache, rendering it once per change of what it shows:
 * brotli or gzip as the client accepts (compressed once, when cached), an ETag from the page's
 * fingerprint, 304 for a matching If-None-Match, and cache headers a proxy in front can use.
 */
async function servePublicPage(
  ctx: Context,
  renderer: SsrRenderer,
  cache: PageCache,
  origin: string,
  fingerprints: GenerationMemo<string>,
  dataGeneration: () => number,
  page: PublicPage,
) {
  // Rendered for the path alone: no public page reads the query string, so `/?utm_source=x`
  // shares `/`'s cached page instead of filling the cache with one copy per query.
  const url = ctx.path;
  let snapshot: PublicPageSnapshot | undefined;
  const data = () => (snapshot ??= page.snapshot());
  const render = () => renderer.renderToBuffer(url, origin, data(), page.status);
  ctx.type = 'text/html; charset=utf-8';
  ctx.vary('Accept-Encoding');
  if (page.status !== 200) {
    // Not-found pages are rendered each time: caching one per unknown URL would let anyone
    // fill the cache with junk and push real pages out.
    ctx.status = page.status;
    ctx.set('Cache-Control', 'no-cache');
    ctx.body = await render();
    return;
  }
  const generation = dataGeneration();
  // The origin is part of the key: without PUBLIC_URL, links in the page follow the listening address.
  const fingerprint = fingerprints.get(`${origin} ${url}`, () => pageFingerprint(url, origin, page.status, data()));
  const cached = await cache.get(url, fingerprint, render);
  ctx.status = 200;
  ctx.etag = cached.etag;
  ctx.set('Cache-Control', PUBLIC_CACHE_CONTROL);
  if (ctx.fresh) {
    ctx.status = 304;
    return;
  }
  const encoding = preferredEncoding(ctx);
  const body = encoding === 'br' ? cached.br : encoding === 'gzip' ? cached.gzip : cached.identity;
  if (encoding) ctx.set('Content-Encoding', encoding);
  // Set for HEAD too: Koa sends the headers of the body and leaves the body out, while a null
  // body would turn the answer into a 204 (or a 404 page into one).
  ctx.body = body;
  // Replayed while the data it shows is the same and its view counts are fresh enough, as the page cache reuses it.
  const viewCountsFresh = cached.renderedAt + PAGE_VIEW_COUNT_TTL_MS;
  markReplayable(ctx, {
    stillValid: () => dataGeneration() === generation && Date.now() < viewCountsFresh,
    onReplay: page.onView,
  });
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
 * The web app in `config.webDistDir`: hashed assets with long-lived caching and other built files
 * as they are; `/`, `/articles/{id}` and unknown paths rendered on the server with `renderer` (built
 * and warmed up by the app factory; 404 for unknown paths); `/robots.txt`, `/sitemap.xml` and
 * `/rss.xml`; `index.html` for the admin screens.
 */
export function serveWebApp(app: AppContext, renderer: SsrRenderer) {
  const { webDistDir, serveSourceMaps } = app.config;
  const indexFile = path.join(webDistDir, 'index.html');
  const pageCache = new PageCache({ maxBytes: PAGE_CACHE_MAX_BYTES, viewCountTtlMs: PAGE_VIEW_COUNT_TTL_MS });
  // Building the landing page's data and hashing it costs milliseconds on a large site, far more
  // than sending the cached page, so a page's fingerprint is derived once per change, not per
  // request. View counts do not change the generation; the page cache's TTL refreshes them.
  const dataGeneration = () => app.services.dataGeneration();
  const fingerprints = new GenerationMemo<string>(dataGeneration);
  let indexFound = false;
  const webBuilt = () => (indexFound ||= existsSync(indexFile));
  return async (ctx: Context, next: Next) => {
    const readsPage = ctx.method === 'GET' || ctx.method === 'HEAD';
    // The landing and article pages, the views a visitor's traffic is made of, are answered
    // before the API router, which has no route for them: matching them against every API route
    // first cost more than sending the cached page.
    const knownPage = readsPage && webBuilt() && renderer.available() ? routeKnownPage(ctx, app) : null;
    if (knownPage) {
      await servePublicPage(ctx, renderer, pageCache, siteOrigin(ctx, app.config), fingerprints, dataGeneration, knownPage);
      return;
    }
    await next();
    if (ctx.body != null || ctx.status !== 404) return;
    if (!readsPage) return;
    if (SERVER_PATHS.test(ctx.path)) return;

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

    if (!webBuilt()) return;
    const hiddenMap = !serveSourceMaps && ctx.path.endsWith('.map');
    if (ctx.path.startsWith('/assets/')) {
      if (hiddenMap || !(await sendBuiltFile(ctx, webDistDir, true))) throw notFound(M.fileNotFound);
      return;
    }
    // Anything else that is not a built file (or is a hidden source map) is a page.
    if (ctx.path !== '/' && ctx.path !== '/index.html' && !hiddenMap && (await sendBuiltFile(ctx, webDistDir, false))) return;
    const page = renderer.available() ? routePublicPage(ctx, app) : null;
    if (page) {
      await servePublicPage(ctx, renderer, pageCache, origin, fingerprints, dataGeneration, page);
      return;
    }
    await send(ctx, 'index.html', { root: webDistDir });
    ctx.set('Cache-Control', 'no-cache');
  };
}
