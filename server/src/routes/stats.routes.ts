import type { Router } from '@koa/router';
import type { Context } from 'koa';
import { z } from 'zod';
import { LIMITS, ReaderStatsMessages as SM } from '@folio/shared';
import type { AppContext } from '../app-context.js';
import { badRequest, payloadTooLarge } from '../errors.js';
import type { Services } from '../services/services.js';
import { STATS_KEY_MAX_CHARS } from '../services/reader-stats/reader-stats.service.js';
import type { CountedPage, HitRequest } from '../services/reader-stats/reader-stats.service.js';
import { knownPageRoute } from '../web/public-page-routes.js';

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

/** Reads the raw body, refusing one over {@link HIT_BODY_MAX_BYTES} before or while it arrives. */
async function readSmallBody(ctx: Context): Promise<string> {
  if (Number(ctx.get('Content-Length') || 0) > HIT_BODY_MAX_BYTES) throw payloadTooLarge(SM.hitTooLarge(HIT_BODY_MAX_BYTES));
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of ctx.req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > HIT_BODY_MAX_BYTES) throw payloadTooLarge(SM.hitTooLarge(HIT_BODY_MAX_BYTES));
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
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
 * Counts a hit, unless the sender is over its allowance: a burst from one address is dropped
 * quietly (server/API.md §E23.1), so a page never sees an error for its statistics.
 */
async function countHit(ctx: Context, { services, rateLimits }: AppContext, hit: Omit<HitRequest, 'address' | 'headers'>) {
  if (!(await rateLimits.allows('statsHits', ctx))) return;
  services.readerStats.count({ ...hit, address: ctx.ip, headers: ctx.headers }, ctx.host);
}

/**
 * `POST /api/stats/hit` and its no-script twin `GET /api/stats/hit.gif` (server/API.md §E23.1):
 * public, no cookie set or read, the same answer whether the view counted or not.
 */
export function registerStatsRoutes(router: Router, context: AppContext): void {
  const { services } = context;

  router.post('/api/stats/hit', async (ctx) => {
    const hit = parseHit(await readSmallBody(ctx));
    await countHit(ctx, context, {
      page: countedPage(services, hit.path),
      referrer: hit.referrer,
      token: hit.token,
    });
    ctx.set('Cache-Control', 'no-store');
    ctx.status = 204;
  });

  // Loaded only from a page's <noscript>, so only by a browser that runs no script: the beacon
  // counts every other view, and no view counts twice.
  router.get('/api/stats/hit.gif', async (ctx) => {
    const path = typeof ctx.query.path === 'string' ? ctx.query.path : '';
    if (ctx.method === 'GET' && path.startsWith('/') && path.length <= PATH_MAX_CHARS) {
      await countHit(ctx, context, { page: countedPage(services, path), referrer: undefined, token: undefined });
    }
    ctx.set('Cache-Control', 'no-store');
    ctx.type = 'image/gif';
    ctx.body = PIXEL;
  });
}
