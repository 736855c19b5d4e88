import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import etag from '@koa/etag';
import type { Context, Middleware, Next } from 'koa';
import compress from 'koa-compress';
import conditional from 'koa-conditional-get';
import { LRUCache } from 'lru-cache';
import { isAdminApiRequest, isApiRequest } from './request-path.js';

/**
 * Public answers (pages, feeds, public API reads). Browsers get `max-age=0`: they revalidate
 * every reuse and get a cheap 304 while nothing changed. They get no `stale-while-revalidate`,
 * which browsers honour too: a fetch made right after a realtime event would be answered from
 * the browser's cache with the list from before the change. Shared caches in front (a reverse
 * proxy, a CDN) may serve an answer for 5 s without asking (`s-maxage`): that absorbs a traffic
 * spike, and an owner's change shows within them.
 */
export const PUBLIC_CACHE_CONTROL = 'public, max-age=0, s-maxage=5';
/**
 * The same answers as CDNs read them (`CDN-Cache-Control` is read by CDNs alone, in place of
 * Cache-Control; browsers and plain proxies ignore it): 5 s fresh, then served stale for up to
 * 30 s while the CDN refreshes its copy in the background, so no visitor waits for the origin.
 */
export const PUBLIC_CDN_CACHE_CONTROL = 'max-age=5, stale-while-revalidate=30';
/**
 * A public read that counts itself (an article's detail adds a view): a shared cache may keep it
 * but must ask the server every time, so that every read is counted. Its ETag moves with every
 * view anyway, so there is nothing to revalidate cheaply.
 */
export const COUNTED_READ_CACHE_CONTROL = 'public, no-cache';
/** Admin answers carry the owner's data: never kept by any cache. */
export const PRIVATE_CACHE_CONTROL = 'private, no-store';

/** Marks the answer being built as public: see {@link PUBLIC_CACHE_CONTROL}. */
export function setPublicCaching(ctx: Context): void {
  ctx.set('Cache-Control', PUBLIC_CACHE_CONTROL);
  ctx.set('CDN-Cache-Control', PUBLIC_CDN_CACHE_CONTROL);
}

/** Cache-Control for API answers that did not choose their own. */
function apiCacheControl() {
  return async (ctx: Context, next: Next) => {
    try {
      await next();
    } catch (error) {
      // A thrown error is turned into its answer further out (errorHandler), so it would leave
      // here with no header at all; an error is never an answer to keep.
      if (isApiRequest(ctx)) ctx.set('Cache-Control', PRIVATE_CACHE_CONTROL);
      throw error;
    }
    if (!isApiRequest(ctx) || ctx.response.get('Cache-Control')) return;
    const cacheable = (ctx.method === 'GET' || ctx.method === 'HEAD') && ctx.status === 200 && !isAdminApiRequest(ctx);
    if (cacheable) setPublicCaching(ctx);
    else ctx.set('Cache-Control', PRIVATE_CACHE_CONTROL);
  };
}

/** The smallest window (as a power of two, within the codec's bounds) that holds `size` bytes. */
export function windowBitsFor(size: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, Math.ceil(Math.log2(size + 16))));
}

/**
 * Options for compressing `size` bytes with a window sized to them: with the default windows
 * (4 MB for brotli) setting up the compressor cost several times more than compressing a few
 * kilobytes of JSON. Streams and large bodies get brotli 4 (about gzip 6 in time, and smaller).
 */
export function brotliOptions(size: number, quality = 4) {
  return {
    params: {
      [zlibConstants.BROTLI_PARAM_QUALITY]: quality,
      ...(size > 0
        ? {
            [zlibConstants.BROTLI_PARAM_LGWIN]: windowBitsFor(size, zlibConstants.BROTLI_MIN_WINDOW_BITS, 22),
            [zlibConstants.BROTLI_PARAM_SIZE_HINT]: size,
          }
        : {}),
    },
  };
}

function gzipOptions(size: number, memLevel = 8) {
  return { level: 6, memLevel, ...(size > 0 ? { windowBits: windowBitsFor(size, 9, 15) } : {}) };
}

/**
 * Small answers are compressed in the request with compressors whose tables stay under glibc's
 * 128 KB mmap threshold (brotli 1, gzip with memLevel 5): brotli 4 allocates a 512 KB hash table
 * per call, which `npm start`'s fixed malloc thresholds (see the README) would map and unmap,
 * page faults included, for every answer. On a few KB of JSON they compress within 30% of it.
 */
const SMALL_BROTLI_QUALITY = 1;
const SMALL_GZIP_MEM_LEVEL = 5;

export type ContentEncoding = 'br' | 'gzip';

/**
 * The encoding to send: brotli whenever it is accepted, as koa-compress and koa-send do (choosing
 * by the client's listing order would pick gzip, which browsers list first), else gzip, else none.
 */
export function preferredEncoding(request: { acceptsEncodings(...encodings: string[]): string | false }): ContentEncoding | null {
  if (request.acceptsEncodings('br', 'identity') === 'br') return 'br';
  return request.acceptsEncodings('gzip', 'identity') === 'gzip' ? 'gzip' : null;
}

/** Answers smaller than this are sent as they are: compressing them saves less than it costs. */
const COMPRESSION_THRESHOLD_BYTES = 1024;
/** Bodies compressed in the request itself: JSON answers and feeds are a few KB. */
const SMALL_BODY_BYTES = 256 * 1024;
const COMPRESSIBLE_TYPES = ['json', 'text/*', 'xml', '+xml'];

/** Compressed public answers kept for reuse, by bytes: a few hundred lists and details. */
const COMPRESSED_ANSWERS_BYTES = 1024 * 1024;

/**
 * Compresses small in-memory answers (JSON, feeds) synchronously, before koa-compress sees them.
 * Through zlib's streams, setting up a compressor and driving it on the thread pool cost four
 * times the compression itself for a few KB of JSON. koa-compress still compresses streams and
 * large bodies, and passes these on untouched because they carry a Content-Encoding.
 *
 * Public answers are compressed once per content: their ETag is the hash of the body (routes of
 * the public API set none of their own), so an answer with the same ETag is the same bytes, and
 * the compressed copy is reused. Compression was the largest cost of a list answer, and each
 * brotli call allocates a compressor of several hundred KB. Answers that differ on every read
 * (an article's detail, whose views move; see COUNTED_READ_CACHE_CONTROL) are not kept.
 */
function compressSmallBodies(): Middleware {
  const compressed = new LRUCache<string, Buffer>({
    maxSize: COMPRESSED_ANSWERS_BYTES,
    sizeCalculation: (bytes) => bytes.length,
  });
  return async (ctx: Context, next: Next) => {
    await next();
    const { body } = ctx;
    if (typeof body !== 'string' && !Buffer.isBuffer(body)) return;
    const size = ctx.response.length ?? 0;
    if (size < COMPRESSION_THRESHOLD_BYTES || size > SMALL_BODY_BYTES) return;
    if (ctx.method === 'HEAD' || ctx.response.get('Content-Encoding') || !ctx.response.is(COMPRESSIBLE_TYPES)) return;
    const cacheControl = ctx.response.get('Cache-Control');
    if (/\bno-transform\b/i.test(cacheControl)) return;
    const encoding = preferredEncoding(ctx);
    if (!encoding) return;
    const etag = ctx.response.get('ETag');
    const key = cacheControl === PUBLIC_CACHE_CONTROL && etag.startsWith('W/') ? `${encoding} ${etag}` : undefined;
    let output = key === undefined ? undefined : compressed.get(key);
    if (!output) {
      const input = typeof body === 'string' ? Buffer.from(body) : body;
      output =
        encoding === 'br'
          ? brotliCompressSync(input, brotliOptions(size, SMALL_BROTLI_QUALITY))
          : gzipSync(input, gzipOptions(size, SMALL_GZIP_MEM_LEVEL));
      if (key !== undefined) {
        output = ownBuffer(output);
        compressed.set(key, output);
      }
    }
    ctx.body = output;
    ctx.set('Content-Encoding', encoding);
  };
}

/**
 * The bytes (or a string's UTF-8) in a buffer of their own, for anything kept. zlib's synchronous
 * output is a slice of its 16 KB output chunk and a small `Buffer.from` a slice of an 8 KB pool,
 * and a kept slice keeps all of it: a cache of 2 KB answers held eight times the memory it counted.
 */
export function ownBuffer(content: Buffer | string): Buffer {
  const copy = Buffer.allocUnsafeSlow(typeof content === 'string' ? Buffer.byteLength(content) : content.length);
  if (typeof content === 'string') copy.write(content);
  else content.copy(copy);
  return copy;
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
