import type { Context } from 'koa';
import type { PublicPageSnapshot } from '@folio/shared';
import type { AppContext } from '../app-context.js';
import { markReplayable } from '../http/answer-replay.js';
import { preferredEncoding, setPublicCaching } from '../http/http-cache.js';
import { GenerationMemo } from '../services/generation-memo.js';
import { answerMovedTo, answerOwnerRedirect } from './owner-redirects.js';
import { PageCache, pageFingerprint } from './page-cache.js';
import type { PublicPageRoute } from './public-page-routes.js';
import {
  articleListPageExists,
  articleListSnapshot,
  articleSnapshot,
  landingSnapshot,
  layoutSnapshot,
} from './public-snapshot.js';
import { siteOrigin } from './site-origin.js';
import type { SsrRenderer } from './ssr-renderer.js';

/**
 * Rendered pages kept in memory, compressed copies included: some fifty pages, the landing
 * page and the articles being read now. Bounded low because the whole server aims at 130 MB.
 */
const PAGE_CACHE_MAX_BYTES = 8 * 1024 * 1024;
/** How stale a cached page's view counts may get before it is rendered again. */
const PAGE_VIEW_COUNT_TTL_MS = 60_000;

/** A public page to answer: its status, and its data, read only when needed (a cache miss). */
interface PublicPage {
  status: number;
  /** Where a 301 sends the reader (an article's address by id, server/API.md §E19). */
  location?: string;
  snapshot(): PublicPageSnapshot;
  /** What each replayed answer of the page still does (an article page counts a view). */
  onReplay?(): void;
}

export interface PublicPages {
  /** Answers the page `route` names (GET or HEAD), from the page cache when it can. */
  serve(ctx: Context, route: PublicPageRoute): Promise<void>;
}

/**
 * The server-rendered public pages. Each is rendered once per change of what it shows: brotli or
 * gzip as the client accepts (compressed once, when cached), an ETag from the page's
 * fingerprint, 304 for a matching If-None-Match, and cache headers a proxy in front can use.
 */
export function createPublicPages(app: AppContext, renderer: SsrRenderer): PublicPages {
  const { services } = app;
  const cache = new PageCache({ maxBytes: PAGE_CACHE_MAX_BYTES, viewCountTtlMs: PAGE_VIEW_COUNT_TTL_MS });
  // Building the landing page's data and hashing it costs milliseconds on a large site, far more
  // than sending the cached page, so a page's fingerprint is derived once per change, not per
  // request. View counts do not change the generation; the page cache's TTL refreshes them.
  const dataGeneration = () => services.dataGeneration();
  const fingerprints = new GenerationMemo<string>(dataGeneration);

  const notFound = (): PublicPage => ({ status: 404, snapshot: () => layoutSnapshot(services) });

  const pageFor = (route: PublicPageRoute): PublicPage => {
    if (route.kind === 'landing') return { status: 200, snapshot: () => landingSnapshot(services) };
    if (route.kind === 'not-found') return { status: 404, snapshot: () => layoutSnapshot(services) };
    if (route.kind === 'article-list') {
      return articleListPageExists(services, route.scope, route.page)
        ? { status: 200, snapshot: () => articleListSnapshot(services, route.scope, route.page) }
        : { status: 404, snapshot: () => layoutSnapshot(services) };
    }
    if (route.kind === 'article-by-id') {
      const moved = services.publicArticles.publishedPathOf(route.id);
      return moved ? { status: 301, location: moved, snapshot: () => layoutSnapshot(services) } : notFound();
    }
    const id = services.publicArticles.publishedIdOfSlug(route.slug);
    if (id === undefined) return notFound();
    // The page counts no view itself, rendered, cached or replayed: its beacon does, or its
    // no-script pixel, with the site's other figures (server/API.md §E23.2).
    return { status: 200, snapshot: () => articleSnapshot(services, id, false) };
  };

  return {
    async serve(ctx, route) {
      const page = pageFor(route);
      if (page.location !== undefined) {
        answerMovedTo(ctx, page.location);
        return;
      }
      // Where Folio has no page, the owner's redirect from the path answers, if any (server/API.md §E19).
      if (page.status === 404 && answerOwnerRedirect(ctx, services)) return;
      const origin = siteOrigin(ctx, app.config);
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
      setPublicCaching(ctx);
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
        onReplay: page.onReplay,
      });
    },
  };
}
