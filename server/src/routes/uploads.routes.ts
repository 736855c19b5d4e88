import type { Context } from 'koa';
import type { Router } from '@koa/router';
import { MAX_IMAGE_PIXELS, ServerMessages as M } from '@folio/shared';
import type { UploadedImage, UploadLimits } from '@folio/shared';
import type { AppContext } from '../app-context.js';
import { forbidden, notFound } from '../errors.js';
import { multipartBody, uploadedFiles } from '../http/body.js';
import { sendCreated, sendOk } from '../http/envelope.js';
import { uploadUrl } from '../presenters/avatars.presenter.js';
import { imageTooLargeMessage } from '../services/images.js';
import type { UploadedFile } from '../services/images.js';
import type { ImageSizesService } from '../services/image-sizes.service.js';
import type { ServedUpload } from '../services/uploads.service.js';

/** The three public paths that serve the upload folder (server/API.md §12). */
const FILE_ROUTES = ['/uploads', '/api/admin/avatars/file', '/api/admin/articles/cover'] as const;

/**
 * Parses a one-image multipart form of at most `maxBytes` (`MAX_IMAGE_MB`) into `tempDir` (its
 * temp file is removed after the handler, see multipartBody).
 */
export function imageUploadBody(tempDir: string, maxBytes: number) {
  return multipartBody({ maxFileBytes: maxBytes, maxTotalBytes: maxBytes, maxFiles: 1 }, imageTooLargeMessage(maxBytes), tempDir);
}

/** The multipart part named `file` (the first, if several were sent). */
export function uploadedFile(ctx: Context): UploadedFile | undefined {
  return uploadedFiles(ctx, 'file')[0];
}

/** A multipart text field as formidable leaves it. */
export function formField(ctx: Context, name: string): string | string[] | undefined {
  const body: unknown = ctx.request.body;
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return undefined;
  const value = (body as Record<string, unknown>)[name];
  if (typeof value === 'string') return value;
  if (Array.isArray(value) && value.every((item) => typeof item === 'string')) return value as string[];
  return undefined;
}

/** A name always holds the same bytes (random, or the hash of the image's bytes), so a file can be cached for good. */
const CACHED_FOR_GOOD = 'public, max-age=31536000, immutable';

/**
 * Serves an upload. One not known to be clean yet (server/API.md §E11.1) may be an old or
 * restored file the background catch-up is about to clean in place, under the same name: it is
 * served with its metadata (EXIF, GPS) cut out of the bytes read, `no-store`, so no browser or
 * proxy keeps a copy for a year under a name that will soon hold the cleaned bytes, and it is
 * moved to the front of the catch-up. One whose metadata could not be cut out is not served.
 */
async function serveUpload(
  ctx: Context,
  { uploads, imageSizes }: AppContext['services'],
  filename: string | undefined,
): Promise<void> {
  if (filename === undefined) throw notFound(M.fileNotFound);
  // Asked before the file is opened: processing writes the cleaned bytes before it records them
  // clean, so a file known clean now is opened with its cleaned bytes.
  const clean = imageSizes.isKnownClean(filename);
  const withheld = imageSizes.isWithheld(filename);
  const opened = await uploads.open(filename);
  if (clean || !opened) return sendStoredFile(ctx, opened, CACHED_FOR_GOOD);
  // A file that neither decodes nor lets its metadata be cut out is never served (server/API.md §E11.1).
  if (withheld) {
    await opened.handle.close();
    throw forbidden(M.imageWithheld);
  }
  imageSizes.processSoon(filename);
  const served = await uploads.withoutMetadata(opened);
  if (!served) throw forbidden(M.imageWithheld);
  answerFile(ctx, served.contentType, 'no-store');
  ctx.body = served.bytes;
}

/** A page size of an upload (server/API.md §E11): AVIF or WebP, named by its content. */
async function serveImageSize(ctx: Context, sizes: ImageSizesService, filename: string | undefined): Promise<void> {
  const opened = filename === undefined ? undefined : await sizes.open(filename);
  const contentType = filename?.endsWith('.avif') ? 'image/avif' : filename?.endsWith('.jpg') ? 'image/jpeg' : 'image/webp';
  await sendStoredFile(ctx, opened && { ...opened, contentType }, CACHED_FOR_GOOD);
}

/** The headers of every served file (server/API.md §12). */
function answerFile(ctx: Context, contentType: string, cacheControl: string): void {
  ctx.status = 200;
  ctx.type = contentType;
  ctx.set('X-Content-Type-Options', 'nosniff');
  ctx.set('Cache-Control', cacheControl);
}

async function sendStoredFile(ctx: Context, opened: ServedUpload | undefined, cacheControl: string): Promise<void> {
  if (!opened) throw notFound(M.fileNotFound);
  const { handle, size, contentType } = opened;
  let handed = false;
  try {
    answerFile(ctx, contentType, cacheControl);
    ctx.length = size;
    if (ctx.method !== 'HEAD') {
      ctx.body = handle.createReadStream({ start: 0, autoClose: true });
      handed = true;
    }
  } finally {
    if (!handed) await handle.close();
  }
}

/** File serving (canonical path and the two compatibility aliases), the cover and body-image uploads. */
export function registerUploadRoutes(router: Router, { services, requireAdmin }: AppContext): void {
  const { uploads } = services;
  const missing = () => {
    throw notFound(M.fileNotFound);
  };

  const uploadImage = async (ctx: Context) => {
    const filename = await uploads.storeImage(uploadedFile(ctx));
    const data: UploadedImage = { url: uploadUrl(filename), filename };
    sendCreated(ctx, data, { msg: M.avatarUploaded, legacy: { url: data.url } });
    services.imageSizes.processLater(filename);
  };
  const imageBody = imageUploadBody(uploads.tempDir, uploads.maxImageBytes);
  // What an editor checks before it sends an image (server/API.md §E14), so a refusal comes first.
  router.get('/api/admin/upload-limits', requireAdmin, (ctx) => {
    const limits: UploadLimits = { image_bytes: uploads.maxImageBytes, image_pixels: MAX_IMAGE_PIXELS };
    sendOk(ctx, limits);
  });
  router.post('/api/admin/articles/cover', requireAdmin, imageBody, uploadImage);
  // Images inside article bodies (server/API.md §E3, for the desktop's folder import): the same checks and answer as a cover.
  router.post('/api/admin/articles/images', requireAdmin, imageBody, uploadImage);

  // Registered before the folder's catch-all, which answers 404 for deeper paths.
  router.get('/uploads/sizes/:filename', (ctx) => serveImageSize(ctx, services.imageSizes, ctx.params.filename));
  router.get('/api/images/:filename', (ctx) => {
    const facts = services.imageSizes.facts(ctx.params.filename ?? '');
    if (!facts) throw notFound(M.fileNotFound);
    sendOk(ctx, facts);
  });

  for (const base of FILE_ROUTES) {
    router.get(`${base}/:filename`, (ctx) => serveUpload(ctx, services, ctx.params.filename));
    // Deeper paths and the bare folder: a JSON 404, never a listing or an HTML page.
    router.get(`${base}/*rest`, missing);
    if (base === '/uploads') router.get(base, missing);
  }
}
