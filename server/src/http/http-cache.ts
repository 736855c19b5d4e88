import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import etag from '@koa/etag';
import type { Context, Middleware, Next } from 'koa';
import compress from 'koa-compress';
import conditional from 'koa-conditional-get';

/**
 * How long a shared cache in front (a reverse proxy or a CDN) may serve a public answer without
 * asking again: a few seconds absorbs a traffic spike, and an owner's change shows within them.
 * Browsers always revalidate (max-age=0) and get a cheap 304 while nothing changed.
 */
export const PUBLIC_CACHE_CONTROL = 'public, max-age=0, s-maxage=5, stale-while-revalidate=30';
/** Admin answers carry the owner's data: never kept by any cache. */
export const PRIVATE_CACHE_CONTROL = 'private, no-store';

const isPublicApi = (path: string) => path.startsWith('/api/') && !path.startsWith('/api/admin/') && path !== '/api/admin';

/** Cache-Control for API answers that did not choose their own. */
function apiCacheControl() {
  return async (ctx: Context, next: Next) => {
    try {
      await next();
    } catch (error) {
      // A thrown error is turned into its answer further out (errorHandler), so it would leave
      // here with no header at all; an error is never an answer to keep.
      if (ctx.path.startsWith('/api/')) ctx.set('Cache-Control', PRIVATE_CACHE_CONTROL);
      throw error;
    }
    if (!ctx.path.startsWith('/api/') || ctx.response.get('Cache-Control')) return;
    const cacheable = (ctx.method === 'GET' || ctx.method === 'HEAD') && ctx.status === 200 && isPublicApi(ctx.path);
    ctx.set('Cache-Control', cacheable ? PUBLIC_CACHE_CONTROL : PRIVATE_CACHE_CONTROL);
  };
}

/** The smallest window (as a power of two, within the codec's bounds) that holds `size` bytes. */
export function windowBitsFor(size: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, Math.ceil(Math.log2(size + 16))));
}

/** Brotli 4: about gzip 6 in time, and smaller. */
function brotliOptions(size: number) {
  return {
    params: {
      [zlibConstants.BROTLI_PARAM_QUALITY]: 4,
      ...(size > 0
        ? {
            [zlibConstants.BROTLI_PARAM_LGWIN]: windowBitsFor(size, zlibConstants.BROTLI_MIN_WINDOW_BITS, 22),
            [zlibConstants.BROTLI_PARAM_SIZE_HINT]: size,
          }
        : {}),
    },
  };
}

function gzipOptions(size: number) {
  return { level: 6, ...(size > 0 ? { windowBits: windowBitsFor(size, 9, 15) } : {}) };
}

/**
 * The encoding to send: brotli whenever it is accepted, as koa-compress and koa-send do (choosing
 * by the client's listing order would pick gzip, which browsers list first), else gzip, else none.
 */
export function preferredEncoding(ctx: Context): 'br' | 'gzip' | null {
  if (ctx.acceptsEncodings('br', 'identity') === 'br') return 'br';
  return ctx.acceptsEncodings('gzip', 'identity') === 'gzip' ? 'gzip' : null;
}

/** Answers smaller than this are sent as they are: compressing them saves less than it costs. */
const COMPRESSION_THRESHOLD_BYTES = 1024;
/** Bodies compressed in the request itself: JSON answers and feeds are a few KB. */
const SMALL_BODY_BYTES = 256 * 1024;
const COMPRESSIBLE_TYPES = ['json', 'text/*', 'xml', '+xml'];

/**
 * Compresses small in-memory answers (JSON, feeds) synchronously, before koa-compress sees them.
 * Through zlib's streams, setting up a compressor and driving it on the thread pool cost four
 * times the compression itself for a few KB of JSON. koa-compress still compresses streams and
 * large bodies, and passes these on untouched because they carry a Content-Encoding.
 */
function compressSmallBodies(): Middleware {
  return async (ctx: Context, next: Next) => {
    await next();
    const { body } = ctx;
    if (typeof body !== 'string' && !Buffer.isBuffer(body)) return;
    const size = ctx.response.length ?? 0;
    if (size < COMPRESSION_THRESHOLD_BYTES || size > SMALL_BODY_BYTES) return;
    if (ctx.method === 'HEAD' || ctx.response.get('Content-Encoding') || !ctx.response.is(COMPRESSIBLE_TYPES)) return;
    if (/\bno-transform\b/i.test(ctx.response.get('Cache-Control'))) return;
    const encoding = preferredEncoding(ctx);
    if (!encoding) return;
    const input = typeof body === 'string' ? Buffer.from(body) : body;
    ctx.body = encoding === 'br' ? brotliCompressSync(input, brotliOptions(size)) : gzipSync(input, gzipOptions(size));
    ctx.set('Content-Encoding', encoding);
  };
}

/**
 * Compression and conditional requests for every answer Koa sends: JSON, feeds and pages are
 * compressed on the fly (brotli or gzip, whichever the client prefers; built assets and cached
 * pages arrive already compressed and pass through), every 2xx body gets an ETag unless its
 * route set one (admin articles carry their revision), and a matching If-None-Match is a 304.
 */
export function httpCaching(): Middleware[] {
  return [
    compress({
      threshold: COMPRESSION_THRESHOLD_BYTES,
      // Dynamic answers favour speed: brotli 4 is about gzip 6 in time and smaller. Each answer
      // gets a window sized to it: with the default windows (4 MB for brotli) setting up the
      // compressor cost several times more than compressing a few kilobytes of JSON.
      br: (_type: string, size: number) => brotliOptions(size),
      gzip: (_type: string, size: number) => gzipOptions(size),
      deflate: false,
    }),
    compressSmallBodies(),
    conditional(),
    etag({ weak: true }),
    apiCacheControl(),
  ];
}
