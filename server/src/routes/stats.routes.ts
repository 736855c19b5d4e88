import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Router } from '@koa/router';
import { z } from 'zod';
import { LIMITS, ReaderStatsMessages as SM } from '@folio/shared';
import type { AppContext } from '../app-context.js';
import { AppError, badRequest, payloadTooLarge } from '../errors.js';
import { clientAddressOf } from '../http/client-address.js';
import { SECURITY_HEADERS } from '../http/security-headers.js';
import type { Services } from '../services/services.js';
import { STATS_KEY_MAX_CHARS } from '../services/reader-stats/reader-stats.service.js';
import type { CountedPage, HitRequest } from '../services/reader-stats/reader-stats.service.js';
import { knownPageRoute } from '../web/public-page-routes.js';

/** Where the beacon reports (server/API.md §E23.1). */
export const HIT_PATH = '/api/stats/hit';

/** The largest hit body (server/API.md §E23.1): a path, a referrer and a token fit with room to spare. */
export const HIT_BODY_MAX_BYTES = 1024;

const PATH_MAX_CHARS = STATS_KEY_MAX_CHARS;

const hitSchema = z.object({
  path: z.string().min(1).max(PATH_MAX_CHARS).startsWith('/'),
  referrer: z.string().max(HIT_BODY_MAX_BYTES).optional(),
  token: z.string().max(LIMITS.tokenLength).optional(),
});

/** A transparent 1×1 GIF: the no-script pixel's answer. */
const PIXEL = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');

/**
 * Reads the raw body, refusing one over {@link HIT_BODY_MAX_BYTES} before or while it arrives.
 * Plain stream events: an async iterator over the request halved the route's throughput.
 */
function readSmallBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const tooLarge = () => payloadTooLarge(SM.hitTooLarge(HIT_BODY_MAX_BYTES));
    if (Number(request.headers['content-length'] ?? 0) > HIT_BODY_MAX_BYTES) {
      reject(tooLarge());
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    request.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= HIT_BODY_MAX_BYTES) chunks.push(chunk);
      else {
        request.removeAllListeners('data');
        request.pause();
        reject(tooLarge());
      }
    });
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}

/** The hit's fields: JSON sent as `application/json`, or as `text/plain` by `navigator.sendBeacon`. */
function parseHit(text: string): z.infer<typeof hitSchema> {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw badRequest(SM.hitInvalid);
  }
  const parsed = hitSchema.safeParse(json);
  if (!parsed.success) throw badRequest(SM.hitInvalid);
  return parsed.data;
}

/**
 * The public page a path is, by its canonical address: `/`, `/articles/{slug}` of a published
 * article (also reached by its id), or a list page. `null` for everything else: the admin, the
 * API, uploads, previews, a missing or unpublished article.
 */
export function countedPage(services: Services, rawPath: string): CountedPage | null {
  const path = rawPath.split(/[?#]/, 1)[0] ?? '';
  const route = knownPageRoute(path.length > 1 ? path.replace(/\/+$/, '') : path);
  if (!route) return null;
  const articles = services.publicArticles;
  switch (route.kind) {
    case 'landing':
      return { path: '/' };
    case 'article-by-id':
    case 'article': {
      const articleId = route.kind === 'article' ? articles.publishedIdOfSlug(route.slug) : route.id;
      const canonical = articleId === undefined ? undefined : articles.publishedPathOf(articleId);
      return articleId === undefined || canonical === undefined ? null : { path: canonical, articleId };
    }
    case 'article-list':
      return { path: path.replace(/\/+$/, '') };
    default:
      return null;
  }
}

/**
 * Counts a hit, unless its sender is over its allowance: a burst from one address is dropped
 * quietly (server/API.md §E23.1), so a page never sees an error for its statistics.
 */
async function countHit(
  { services, rateLimits }: AppContext,
  hit: Omit<HitRequest, 'headers'>,
  request: IncomingMessage,
): Promise<void> {
  if (!(await rateLimits.allows('statsHits', hit.address))) return;
  services.readerStats.count({ ...hit, headers: request.headers }, request.headers.host ?? '');
}

/**
 * `POST /api/stats/hit` (server/API.md §E23.1), answered before Koa: every public page view sends
 * one, so it must cost far less than the page, and Koa's middleware (compression, caching, page
 * serving) has nothing to do for a bodiless 204. Returns `undefined` for any other request.
 * Public, no cookie set or read; 204 whether the view counted or not; 400/413 with the envelope
 * of server/API.md §1.2 for a body it cannot read.
 */
export function statsHitEndpoint(context: AppContext) {
  const proxies = { trust: context.config.trustProxy, hops: context.config.trustProxyHops };
  // Hits are answered at once and counted a turn of the event loop later, all those that came
  // meanwhile together: under a burst the answers go out first, and the counting no longer sits
  // between reading one request and the next (half again as many hits a second in
  // build/bench/stats-hits.ts).
  let uncounted: (() => Promise<void>)[] = [];
  const countWaiting = () => {
    const batch = uncounted;
    uncounted = [];
    for (const count of batch) void count();
  };
  return (request: IncomingMessage, response: ServerResponse): Promise<void> | undefined => {
    if (request.method !== 'POST' || (request.url ?? '').split('?', 1)[0] !== HIT_PATH) return undefined;
    return (async () => {
      try {
        const hit = parseHit(await readSmallBody(request));
        // The answer does not depend on the counting, so it goes first.
        response.writeHead(204, { ...SECURITY_HEADERS, 'Cache-Control': 'no-store' });
        response.end();
        const address = clientAddressOf(request, proxies);
        const page = countedPage(context.services, hit.path);
        const count = () =>
          countHit(context, { page, referrer: hit.referrer, token: hit.token, address }, request).catch((error: unknown) =>
            context.logger.error('Could not count a page view', error),
          );
        if (uncounted.push(count) === 1) setImmediate(countWaiting);
      } catch (thrown) {
        if (response.headersSent) {
          context.logger.error('Could not count a page view', thrown);
          return;
        }
        const error = thrown instanceof AppError ? thrown : badRequest(SM.hitInvalid);
        const body = JSON.stringify({ code: error.code, msg: error.message, error: error.slug, data: error.data });
        // The rest of a refused body is not read: the connection closes once the answer is out.
        if (!request.readableEnded) response.setHeader('Connection', 'close');
        response.writeHead(error.status, {
          ...SECURITY_HEADERS,
          'Cache-Control': 'no-store',
          'Content-Type': 'application/json; charset=utf-8',
          'Content-Length': Buffer.byteLength(body),
        });
        response.end(body);
      }
    })();
  };
}

/**
 * `GET /api/stats/hit.gif?path=` (server/API.md §E23.1), the no-script twin of the hit. It is
 * loaded only from a page's <noscript>, so only by a browser that runs no script: the beacon counts
 * every other view, and no view counts twice.
 */
export function registerStatsRoutes(router: Router, context: AppContext): void {
  router.get('/api/stats/hit.gif', async (ctx) => {
    const path = typeof ctx.query.path === 'string' ? ctx.query.path : '';
    if (ctx.method === 'GET' && path.startsWith('/') && path.length <= PATH_MAX_CHARS) {
      const page = countedPage(context.services, path);
      await countHit(context, { page, referrer: undefined, token: undefined, address: ctx.ip }, ctx.req);
    }
    ctx.set('Cache-Control', 'no-store');
    ctx.type = 'image/gif';
    ctx.body = PIXEL;
  });
}
