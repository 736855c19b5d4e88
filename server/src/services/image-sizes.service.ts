import { createHash } from 'node:crypto';
import type { Sharp } from 'sharp';
import type { PublicImage } from '@folio/shared';
import type { Logger } from '../logger.js';
import { presentImageFacts } from '../presenters/images.presenter.js';
import { isSettled } from '../store/image-sizes.repository.js';
import type {
  ImageManifest,
  ImageSizeRecord,
  ImageSizesRepository,
  UnreadableUploadServing,
} from '../store/image-sizes.repository.js';
import type { OpenedUpload, UploadsRepository } from '../store/uploads.repository.js';
import { factsOfUploadPath } from './article-images.js';
import { JPEG_OPTIONS, cleanIfNeeded, isTransientFailure, openUntrusted } from './image-cleaning.js';
import { stripMetadataWithoutDecoding } from './image-metadata-stripping.js';
import { sharp } from './on-demand-libraries.js';
import { detectImageType } from './images.js';

/** The widths a page picks from (`srcset`); an image narrower than the widest also gets its own width. */
export const IMAGE_SIZE_WIDTHS: readonly number[] = [480, 960, 1600];
const WIDEST_SIZE = 1600;

/**
 * AVIF at 50 looks like WebP at 80 and weighs less. Effort 1 of 9: a 12-megapixel photo's
 * 1600-wide size takes 0.5 s of CPU instead of effort 3's 1.6 s, for a file 5% larger and 0.3 dB
 * lower PSNR. Effort 0 is faster still but visibly blurs text in screenshots (31 dB against 38).
 * WebP at effort 2 of 6 takes half the CPU of the default 4 for files 3% larger and the same look.
 */
const AVIF_OPTIONS = { quality: 50, effort: 1 };
const WEBP_OPTIONS = { quality: 80, effort: 2 };
/** The width link previews ask for (Open Graph, Twitter cards); made only from images at least this wide. */
export const SOCIAL_IMAGE_WIDTH = 1200;

/** The widths to make for an image this wide: never wider than the image (no upscaling). */
export function sizeWidthsFor(width: number): number[] {
  const widths = IMAGE_SIZE_WIDTHS.filter((candidate) => candidate < width);
  const widest = Math.min(width, WIDEST_SIZE);
  return widths.includes(widest) ? widths : [...widths, widest];
}

function nameByContent(bytes: Uint8Array, extension: string): string {
  return `${createHash('sha256').update(bytes).digest('hex').slice(0, 32)}.${extension}`;
}

/**
 * An image's page sizes, AVIF and WebP for each width, with the files to write (named by their
 * content). The upload is decoded once, straight to the widest size (a JPEG is then decoded at a
 * fraction of its size, libvips' shrink-on-load), and every size is made from those pixels.
 */
async function deriveSizes(bytes: Uint8Array): Promise<{ manifest: Omit<ImageManifest, 'source'>; files: Map<string, Buffer> }> {
  const metadata = await openUntrusted(bytes).metadata();
  const animated = (metadata.pages ?? 1) > 1;
  const width = metadata.autoOrient?.width ?? metadata.width ?? 0;
  const height = metadata.pageHeight ?? metadata.autoOrient?.height ?? metadata.height ?? 0;
  const files = new Map<string, Buffer>();
  const sizes: ImageSizeRecord[] = [];
  const add = async (image: Sharp, format: ImageSizeRecord['format'], extension: string) => {
    const { data, info } = await image.toBuffer({ resolveWithObject: true });
    const filename = nameByContent(data, extension);
    files.set(filename, data);
    sizes.push({ width: info.width, height: info.height, format, filename });
  };
  // An animation is served as it was sent (cleaned): AVIF sizes would lose its frames.
  if (!animated) {
    const widest = await openUntrusted(bytes)
      .rotate()
      .resize({ width: Math.min(width, WIDEST_SIZE), withoutEnlargement: true })
      .toColourspace('srgb')
      .raw({ depth: 'uchar' })
      .toBuffer({ resolveWithObject: true });
    const { width: rawWidth, height: rawHeight, channels } = widest.info;
    const resized = (sizeWidth: number) =>
      sharp(widest.data, { raw: { width: rawWidth, height: rawHeight, channels } }).resize({ width: sizeWidth });
    for (const sizeWidth of sizeWidthsFor(width)) {
      await add(resized(sizeWidth).avif(AVIF_OPTIONS), 'avif', 'avif');
      await add(resized(sizeWidth).webp(WEBP_OPTIONS), 'webp', 'webp');
    }
    if (width >= SOCIAL_IMAGE_WIDTH) await add(resized(SOCIAL_IMAGE_WIDTH).jpeg(JPEG_OPTIONS), 'jpeg', 'jpg');
  }
  return { manifest: { width, height, animated, unreadable: false, sizes }, files };
}

/** How long a job that failed for want of disk, memory or file handles waits before its first retry; each retry doubles it. */
const FIRST_RETRY_DELAY_MS = 30 * 1000;
/** The longest wait between two retries: a disk that stays full costs one attempt an hour. */
const MAX_RETRY_DELAY_MS = 60 * 60 * 1000;

export interface ImageSizesOptions {
  /** The wait before the first retry of a failed job (tests shorten it). */
  firstRetryDelayMs?: number;
}

/**
 * Makes the page sizes of uploads in the background, one image at a time, after the upload was
 * answered; until they exist a page shows the original. At start it also processes every upload
 * without a manifest (stored before this existed, or restored from a backup): it cleans the file
 * in place when it still carries metadata, then makes its sizes. The manifest records that it
 * was done, so a restart does not do it again.
 */
export class ImageSizesService {
  private queue: Promise<void> = Promise.resolve();
  private queued = new Set<string>();
  /** Queued uploads waiting for their turn, in order, with how many attempts failed for want of resources. */
  private waiting = new Map<string, number>();
  /**
   * Waiting uploads a visitor asked for while not known to be clean: taken before the rest, so
   * the file that is served with its metadata cut out on the fly, or not at all, is settled first.
   */
  private wanted = new Set<string>();
  /** Queued uploads known to be clean already: stored through an upload route, not found at start. */
  private cleanedInQueue = new Set<string>();
  private stopped = false;
  /** Jobs waiting to be tried again after a transient failure. */
  private retries = new Set<NodeJS.Timeout>();
  private readonly firstRetryDelayMs: number;

  constructor(
    private readonly sizes: ImageSizesRepository,
    private readonly uploads: UploadsRepository,
    private readonly logger: Logger,
    options: ImageSizesOptions = {},
  ) {
    this.firstRetryDelayMs = options.firstRetryDelayMs ?? FIRST_RETRY_DELAY_MS;
  }

  /** An upload's facts as a page uses them, once its sizes exist; `undefined` before, and for a file that is no image. */
  facts(source: string): PublicImage | undefined {
    const manifest = this.sizes.get(source);
    return manifest && !manifest.unreadable ? presentImageFacts(manifest) : undefined;
  }

  /** The facts of the upload a cover or image path points at; `undefined` for any other path. */
  factsOfPath(uploadPath: string): PublicImage | undefined {
    return factsOfUploadPath(uploadPath, (filename) => this.facts(filename));
  }

  /**
   * True when an upload's bytes are known to be clean: stored by an upload route since the start,
   * or processed (cleaned if it needed it, its metadata cut out if it does not decode). Otherwise
   * it may be an old or restored file still carrying its metadata, which the catch-up is about
   * to clean in place.
   */
  isKnownClean(source: string): boolean {
    if (this.cleanedInQueue.has(source)) return true;
    const manifest = this.sizes.get(source);
    return manifest !== undefined && isSettled(manifest) && manifest.served !== 'withheld';
  }

  /** True for an upload that does not decode and whose metadata could not be removed: it is not served. */
  isWithheld(source: string): boolean {
    return this.sizes.get(source)?.served === 'withheld';
  }

  open(filename: string): Promise<OpenedUpload | undefined> {
    return this.sizes.open(filename);
  }

  /** Queues an upload just stored (cleaned on its way in, images.ts) for its sizes. */
  processLater(source: string): void {
    this.queueProcessing(source, true);
  }

  /**
   * Puts an upload a visitor asked for ahead of every other waiting one (server/API.md §E11.1):
   * until it is processed it is served with its metadata cut out on each request, or not at all.
   * One the catch-up has not queued yet is queued now; one under way or processed is left alone.
   */
  processSoon(source: string): void {
    this.queueProcessing(source, false);
    if (this.waiting.has(source)) this.wanted.add(source);
  }

  /** Queues an upload; a name already queued or processed is left alone. */
  private queueProcessing(source: string, cleaned: boolean): void {
    if (this.stopped || this.queued.has(source) || this.sizes.get(source)) return;
    this.queued.add(source);
    if (cleaned) this.cleanedInQueue.add(source);
    this.attempt(source, 0);
  }

  /**
   * Gives an upload its turn in the queue. The job that runs then takes whichever waiting upload
   * comes first, a wanted one before the rest ({@link processSoon}), so each turn runs one job.
   */
  private attempt(source: string, failures: number): void {
    this.waiting.set(source, failures);
    void this.enqueue('make the sizes of an upload', () => this.processNext());
  }

  private takeNext(): [string, number] | undefined {
    const [wanted] = this.wanted;
    const source = wanted ?? this.waiting.keys().next().value;
    if (source === undefined) return undefined;
    const failures = this.waiting.get(source) ?? 0;
    this.wanted.delete(source);
    this.waiting.delete(source);
    return [source, failures];
  }

  /**
   * Runs the next upload's job. A failed read or write, or a want of memory, says nothing about
   * the image: nothing is recorded and the job is tried again later, the wait doubling each time;
   * a restart tries it again too, since the upload still has no manifest.
   */
  private async processNext(): Promise<void> {
    const next = this.takeNext();
    if (!next) return;
    const [source, failures] = next;
    let retrying = false;
    try {
      await this.process(source);
    } catch (error) {
      if (this.stopped || !isTransientFailure(error)) {
        this.logger.error(`Could not make the sizes of ${source}`, error);
        return;
      }
      retrying = true;
      const delay = Math.min(this.firstRetryDelayMs * 2 ** failures, MAX_RETRY_DELAY_MS);
      this.logger.error(`Could not make the sizes of ${source}; trying again in ${Math.round(delay / 1000)} s`, error);
      const timer = setTimeout(() => {
        this.retries.delete(timer);
        if (this.stopped) this.settle(source);
        else this.attempt(source, failures + 1);
      }, delay);
      // A pending retry alone must not keep the process alive.
      timer.unref();
      this.retries.add(timer);
    } finally {
      if (!retrying) this.settle(source);
    }
  }

  private settle(source: string): void {
    this.queued.delete(source);
    this.cleanedInQueue.delete(source);
  }

  /** Runs a job after those queued before it; a failure is logged and the queue goes on. */
  private enqueue(what: string, job: () => Promise<void>): Promise<void> {
    this.queue = this.queue
      .then(() => (this.stopped ? undefined : job()))
      .catch((error: unknown) => this.logger.error(`Could not ${what}`, error));
    return this.queue;
  }

  /**
   * Forgets the sizes of uploads that are gone (the start-up sweep removed them, or a backup
   * import replaced them), then queues every upload without a manifest.
   */
  catchUp(): Promise<void> {
    return this.enqueue('queue the image sizes', async () => {
      const present = new Set(await this.uploads.list());
      for (const source of this.sizes.sources()) {
        const manifest = this.sizes.get(source);
        // An older server's "unreadable" may have been a full disk, and its file was never stripped.
        if (!present.has(source) || (manifest && !isSettled(manifest))) await this.sizes.forget(source);
      }
      for (const source of present) this.queueProcessing(source, false);
    });
  }

  /** Resolves once nothing is queued (tests, the bench, a graceful stop). */
  async whenIdle(): Promise<void> {
    let seen: Promise<void> | undefined;
    while (seen !== this.queue) {
      seen = this.queue;
      await seen;
    }
  }

  /** Stops taking work and waits for the image under way; a job waiting for its retry is done at the next start. */
  async stop(): Promise<void> {
    this.stopped = true;
    for (const timer of this.retries) clearTimeout(timer);
    this.retries.clear();
    await this.whenIdle();
  }

  private async process(source: string): Promise<void> {
    const bytes = await this.uploads.read(source);
    if (!bytes) return;
    const type = await detectImageType(bytes);
    // No image (a file an old deployment left): none of a picture's metadata to remove.
    if (!type) return this.recordUnreadable(source, 'as-stored');
    let cleaned: Buffer;
    let derived: Awaited<ReturnType<typeof deriveSizes>>;
    try {
      cleaned = await cleanIfNeeded(bytes, type.extension);
      derived = await deriveSizes(cleaned);
    } catch (error) {
      if (isTransientFailure(error)) throw error;
      return this.keepUndecodable(source, bytes, type.extension, error);
    }
    if (cleaned !== bytes) await this.uploads.write(source, cleaned);
    // Deleted while its sizes were being made: nothing may name it any more.
    if (!(await this.uploads.exists(source))) return;
    await this.sizes.record({ source, ...derived.manifest }, derived.files);
  }

  /**
   * An old file that does not decode (a copy cut short) cannot be cleaned by re-encoding: its
   * metadata is cut out of its structure instead and it is served so, or, when that cannot be
   * done, it is not served at all (server/API.md §E11.1). Either is settled for good.
   */
  private async keepUndecodable(
    source: string,
    bytes: Buffer,
    format: Parameters<typeof stripMetadataWithoutDecoding>[1],
    error: unknown,
  ): Promise<void> {
    const stripped = stripMetadataWithoutDecoding(bytes, format);
    this.logger.error(
      stripped
        ? `Upload ${source} does not decode; it is served with its metadata cut out`
        : `Upload ${source} does not decode and its metadata cannot be cut out; it is not served`,
      error,
    );
    if (stripped && !stripped.equals(bytes)) await this.uploads.write(source, stripped);
    await this.recordUnreadable(source, stripped ? 'stripped' : 'withheld');
  }

  private async recordUnreadable(source: string, served: UnreadableUploadServing): Promise<void> {
    if (!(await this.uploads.exists(source))) return;
    await this.sizes.record({ source, width: 0, height: 0, animated: false, unreadable: true, served, sizes: [] }, new Map());
  }
}
