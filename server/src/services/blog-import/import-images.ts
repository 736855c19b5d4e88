import { randomBytes } from 'node:crypto';
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { BlogImportImageMessages as M } from '@folio/shared';
import type { BlogImportImageFailure } from '@folio/shared';
import { AppError } from '../../errors.js';
import { servedContentType } from '../images.js';
import type { UploadsService } from '../uploads.service.js';
import { ImageFetchError } from './image-fetcher.js';
import type { ImageFetcher } from './image-fetcher.js';
import { IMAGE_FILE, imageUrlSpans, replaceImageUrls } from './image-urls.js';
import type { ImageUrlSpan } from './image-urls.js';
import type { ImportedImages } from './import-steps.js';
import type { ArchivedImage, BlogSource } from './source.js';

/** What bringing the images over needs: the upload pipeline and a safe fetcher. */
export interface ImportImagesDeps {
  uploads: Pick<UploadsService, 'storeImage' | 'tempDir'>;
  fetcher: Pick<ImageFetcher, 'fetch'>;
}

/** Told after each distinct image is done: `done` of `total`. */
export type ImageProgress = (done: number, total: number) => void;

/** The images of an import, stored; the job rewrites the articles with it before applying them. */
export interface StoredImages extends ImportedImages {
  /** Each old address as the posts wrote it (relative ones too) → `/uploads/<file>`. */
  urls: ReadonlyMap<string, string>;
  /** The stored files, each once. Nothing refers to them until the articles are applied. */
  filenames: string[];
}

/** How an image is got: from the uploaded file, or from the web. */
type ImageJob = { kind: 'archive'; image: ArchivedImage; shown: string } | { kind: 'fetch'; url: string };

type JobResult = { filename: string } | { reason: string };

/** Where an address is found and why it cannot be used, before anything is read. */
type Plan = { key: string; job: ImageJob } | { key: string; reason: string; shown: string };

/** The old site, to tell its images (redirected from their old paths) from images elsewhere. */
class OldSite {
  readonly url: URL | undefined;

  constructor(siteUrl: string | null) {
    try {
      this.url = siteUrl ? new URL(siteUrl) : undefined;
    } catch {
      this.url = undefined;
    }
    if (this.url && this.url.protocol !== 'http:' && this.url.protocol !== 'https:') this.url = undefined;
  }

  /** The absolute address a post's address means, `undefined` when it cannot be known. */
  resolve(address: string): URL | undefined {
    try {
      if (this.url) return new URL(address, this.url);
      // Without the old site only absolute addresses are known; `//host/x` is taken as https.
      return new URL(address.startsWith('//') ? `https:${address}` : address);
    } catch {
      return undefined;
    }
  }

  /**
   * Whether an address names a path on the old site: relative from its root, or absolute on its
   * host (`www.` or not). A page-relative one (`photo.jpg`) is not: which page it was relative to
   * is not known here.
   */
  holds(address: string): boolean {
    if (address.startsWith('/') && !address.startsWith('//')) return true;
    if (!/^(?:[a-z][a-z0-9+.-]*:)?\/\//i.test(address)) return false;
    const url = this.url && this.resolve(address);
    return !!url && !!this.url && hostOf(url) === hostOf(this.url);
  }
}

const hostOf = (url: URL) => url.host.toLowerCase().replace(/^www\./, '');

const isPageRelative = (address: string) => !/^(?:[a-z][a-z0-9+.-]*:|\/)/i.test(address);

/** Addresses that name no file to bring over. */
const NOT_AN_ADDRESS = /^(?:data:|blob:|#|mailto:|javascript:)/i;

/** The addresses a post's body shows as images: images, `<img>`, and links to image files on the old site. */
function imageSpansOf(markdown: string, site: OldSite): ImageUrlSpan[] {
  return imageUrlSpans(markdown).filter((span) => {
    if (!span.url || NOT_AN_ADDRESS.test(span.url)) return false;
    if (span.kind !== 'link') return true;
    return (site.holds(span.url) || isPageRelative(span.url)) && IMAGE_FILE.test(span.url.replace(/[?#].*$/, ''));
  });
}

/** The archive's copy of an address, by every form a reader may have keyed it by. */
function archivedCopy(address: string, absolute: URL | undefined, site: OldSite, source: BlogSource): ArchivedImage | undefined {
  const keys = [address];
  if (absolute) keys.push(absolute.href, `${absolute.origin}${absolute.pathname}`);
  if (absolute && site.holds(address)) {
    const bare = absolute.pathname.replace(/^\/+/, '');
    keys.push(bare);
    try {
      keys.push(decodeURIComponent(bare));
    } catch {
      // A malformed escape is only ever its own text.
    }
  } else if (isPageRelative(address)) {
    keys.push(address.replace(/^\.?\/+/, ''));
  }
  for (const key of keys) {
    const image = source.archivedImages.get(key);
    if (image) return image;
  }
  return undefined;
}

function planFor(address: string, site: OldSite, source: BlogSource): Plan {
  const absolute = site.resolve(address);
  const archived = archivedCopy(address, absolute, site, source);
  if (archived) return { key: `archive:${archived.path}`, job: { kind: 'archive', image: archived, shown: address } };
  if (!absolute) {
    const scheme = /^[a-z][a-z0-9+.-]*:/i.test(address);
    return { key: `invalid:${address}`, reason: scheme ? M.invalidAddress : M.relativeWithoutSite, shown: address };
  }
  if (absolute.protocol !== 'http:' && absolute.protocol !== 'https:') {
    return { key: `invalid:${address}`, reason: M.notWebAddress, shown: address };
  }
  absolute.hash = '';
  return { key: `fetch:${absolute.href}`, job: { kind: 'fetch', url: absolute.href } };
}

/** Runs `work` on every item, `width` at a time; on the first failure the others stop, and all have ended before it rejects. */
async function eachAtMost<T>(
  items: readonly T[],
  width: number,
  signal: AbortSignal,
  work: (item: T, signal: AbortSignal) => Promise<void>,
): Promise<void> {
  const stop = new AbortController();
  const either = AbortSignal.any([signal, stop.signal]);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      either.throwIfAborted();
      const item = items[next] as T;
      next += 1;
      await work(item, either);
    }
  };
  const outcomes = await Promise.allSettled(
    Array.from({ length: Math.min(width, items.length) }, () =>
      worker().catch((error: unknown) => {
        stop.abort(error);
        throw error;
      }),
    ),
  );
  signal.throwIfAborted();
  const failed = outcomes.find((outcome): outcome is PromiseRejectedResult => outcome.status === 'rejected');
  if (failed) throw failed.reason;
}

/** How many posts are searched for images between two turns of the event loop. */
const POSTS_PER_TURN = 200;

/**
 * Brings over every image the posts of an imported blog use (server/API.md §E21): Markdown
 * images, `<img>` left in bodies, links to image files on the old site, and covers. Each is taken
 * from the uploaded file when it carries it, else fetched (once per address, however often used);
 * then it goes through the same pipeline as an upload (type checked by its bytes, metadata
 * stripped, stored once by content), so the same picture at two addresses is one file.
 *
 * Files are stored as uploads are, logged in the upload log until something refers to them: if
 * the job is cancelled or fails before its articles are applied, nothing ever does, and the
 * start-up sweep removes them once their grace has passed, as it does an upload whose form was
 * abandoned. A cancelled `signal` rejects with its reason; an image that fails is listed instead.
 */
export async function importImages(
  source: BlogSource,
  deps: ImportImagesDeps,
  signal: AbortSignal,
  progress: ImageProgress = () => undefined,
): Promise<StoredImages> {
  const site = new OldSite(source.siteUrl);
  const found = new Set<string>();
  for (const [index, post] of source.posts.entries()) {
    // A big blog's posts are searched in short steps, so pages are answered meanwhile (server/API.md §E21.5).
    if (index % POSTS_PER_TURN === POSTS_PER_TURN - 1) await new Promise((resolve) => setImmediate(resolve));
    for (const span of imageSpansOf(post.content, site)) found.add(span.url);
    const cover = post.cover.trim();
    if (cover && !NOT_AN_ADDRESS.test(cover)) found.add(cover);
  }

  const plans = new Map<string, Plan>();
  const jobs = new Map<string, ImageJob>();
  for (const address of found) {
    const plan = planFor(address, site, source);
    plans.set(address, plan);
    if ('job' in plan && !jobs.has(plan.key)) jobs.set(plan.key, plan.job);
  }

  const results = new Map<string, JobResult>();
  let done = 0;
  progress(0, jobs.size);
  await eachAtMost([...jobs], 4, signal, async ([key, job], jobSignal) => {
    results.set(key, await runJob(job, deps, jobSignal));
    done += 1;
    progress(done, jobs.size);
  });

  const urls = new Map<string, string>();
  const failures = new Map<string, BlogImportImageFailure>();
  const redirects = new Map<string, string>();
  for (const [address, plan] of plans) {
    const result = results.get(plan.key);
    if (result && 'filename' in result) {
      const to = `/uploads/${result.filename}`;
      urls.set(address, to);
      const from = site.holds(address) ? site.resolve(address)?.pathname : undefined;
      if (from && from !== '/' && !redirects.has(from)) redirects.set(from, to);
      continue;
    }
    if (failures.has(plan.key)) continue;
    const reason = result && 'reason' in result ? result.reason : 'reason' in plan ? plan.reason : M.invalidAddress;
    const shown = 'shown' in plan ? plan.shown : plan.job.kind === 'fetch' ? plan.job.url : plan.job.shown;
    failures.set(plan.key, { url: shown, reason });
  }

  let fetched = 0;
  let fromArchive = 0;
  const filenames = new Set<string>();
  for (const [key, result] of results) {
    if (!('filename' in result)) continue;
    filenames.add(result.filename);
    if (jobs.get(key)?.kind === 'archive') fromArchive += 1;
    else fetched += 1;
  }

  return {
    urls,
    failures: [...failures.values()],
    fetched,
    fromArchive,
    redirects: [...redirects].map(([from, to]) => ({ from, to })),
    filenames: [...filenames],
    rewrite: (markdown) => replaceImageUrls(markdown, imageUrlSpans(markdown), (span) => urls.get(span.url)),
    rewriteCover: (url) => urls.get(url.trim()) ?? url,
  };
}

/** One image got and stored, or the reason it was not; a cancellation or a storage failure rejects. */
async function runJob(job: ImageJob, deps: ImportImagesDeps, signal: AbortSignal): Promise<JobResult> {
  let bytes: Buffer;
  if (job.kind === 'archive') {
    try {
      bytes = await job.image.read();
    } catch {
      signal.throwIfAborted();
      return { reason: M.archiveUnreadable };
    }
  } else {
    try {
      bytes = (await deps.fetcher.fetch(job.url, signal)).bytes;
    } catch (error) {
      if (error instanceof ImageFetchError) return { reason: error.message };
      throw error;
    }
  }
  signal.throwIfAborted();
  return storeBytes(bytes, deps.uploads);
}

/** Stores bytes through the upload pipeline (uploads.service.ts), from a file in its temp folder as an upload is. */
async function storeBytes(bytes: Buffer, uploads: ImportImagesDeps['uploads']): Promise<JobResult> {
  if (bytes.length === 0) return { reason: M.notAnImage };
  // The temp folder is emptied at every start, so a crash here leaves nothing behind.
  const filepath = path.join(uploads.tempDir, `blog-import-${randomBytes(12).toString('hex')}`);
  try {
    await fs.writeFile(filepath, bytes);
    return { filename: await uploads.storeImage({ filepath, size: bytes.length }) };
  } catch (error) {
    if (!(error instanceof AppError) || error.status >= 500) throw error;
    // The pipeline names what it refused; a page or a text is simply no image.
    const isImage = (await servedContentType(bytes.subarray(0, 4100))).startsWith('image/');
    return { reason: error.status === 415 && !isImage ? M.notAnImage : error.message };
  } finally {
    await fs.rm(filepath, { force: true });
  }
}
