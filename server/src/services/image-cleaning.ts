import pLimit from 'p-limit';
import type { Sharp } from 'sharp';
import { MAX_IMAGE_PIXELS, ServerMessages as M } from '@folio/shared';
import { badRequest, payloadTooLarge } from '../errors.js';
import { loadImageLibrary, sharp } from './on-demand-libraries.js';

/**
 * The most pixels an upload may decode to. A flat 10000×10000 PNG is a few hundred KB on disk
 * yet 300 MB once decoded; the file size limit alone does not stop such a bomb.
 */
export const MAX_INPUT_PIXELS = MAX_IMAGE_PIXELS;

/**
 * How a JPEG is written again: quality 85 (visually lossless for photos) with mozjpeg's
 * quantisation tables, but without its trellis quantisation and scan search. Those two made a
 * 12-megapixel photo take 1.6 s to encode instead of 0.3 s (on the two-core server), for a file
 * about 8% smaller; the upload waits for this encode, so speed wins. Only file size differs:
 * trellis quantisation drops coefficients, so leaving it out never makes the picture worse.
 */
export const JPEG_OPTIONS = { quality: 85, mozjpeg: true, trellisQuantisation: false, optimiseScans: false } as const;
const WEBP_QUALITY = 85;

/** An image as stored: cleaned bytes and their upright dimensions (of one frame, for an animation). */
export interface CleanedImage {
  bytes: Buffer;
  width: number;
  height: number;
}

/** The formats an upload may be (images.ts admits nothing else). */
export type CleanableFormat = 'jpg' | 'png' | 'gif' | 'webp';

/**
 * sharp does its work on libuv's thread pool, so the event loop stays free; one image at a
 * time keeps a burst of uploads from taking every core and the memory of several decodes.
 */
const oneAtATime = pLimit(1);

/**
 * How an upload is read: untrusted input, so a decode error or a truncated file refuses it
 * (`failOn: 'error'`; libvips' mere warnings, common in cameras' JPEGs, pass), the pixel limit
 * refuses a bomb, and every frame of an animation is read so the animation survives. Only after
 * {@link loadImageLibrary} resolved, as in every operation below.
 */
export function openUntrusted(bytes: Uint8Array): Sharp {
  return sharp(bytes, { failOn: 'error', limitInputPixels: MAX_INPUT_PIXELS, animated: true });
}

function encodeAs(image: Sharp, format: CleanableFormat): Sharp {
  switch (format) {
    case 'jpg':
      return image.jpeg(JPEG_OPTIONS);
    case 'png':
      return image.png();
    case 'webp':
      return image.webp({ quality: WEBP_QUALITY });
    case 'gif':
      return image.gif();
  }
}

/**
 * True when an image could not be handled for want of memory, file handles or disk space, not
 * because of its bytes: a failed system call carries its errno `code` (ENOSPC, EMFILE, EIO), and
 * libvips and V8 name a failed allocation in their message. Such a failure is worth trying again.
 */
export function isTransientFailure(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  if (typeof (error as NodeJS.ErrnoException).code === 'string') return true;
  return /out of memory|insufficient memory|cannot allocate|allocation failed|too many open files|no space left/i.test(
    error.message,
  );
}

/**
 * A sharp failure as the uploader's 4xx: too many pixels, or bytes that do not decode. A
 * transient failure is no fault of the image and stays what it is (a 5xx).
 */
export function refusalOf(error: unknown): Error {
  if (isTransientFailure(error)) return error as Error;
  const message = error instanceof Error ? error.message : '';
  if (/pixel limit/i.test(message)) return payloadTooLarge(M.imageTooManyPixels);
  return badRequest(M.imageDamaged);
}

/**
 * Decodes an image and writes it again in its own format: turned upright by its EXIF
 * orientation, its colours converted to sRGB, and every piece of metadata (EXIF with its GPS
 * and serial numbers, XMP, IPTC, the ICC profile once applied) left behind, since sharp writes
 * none unless told to. Animated GIF and WebP keep every frame and their timing.
 */
export function cleanImage(bytes: Uint8Array, format: CleanableFormat): Promise<CleanedImage> {
  return oneAtATime(async () => {
    try {
      await loadImageLibrary();
      const metadata = await openUntrusted(bytes).metadata();
      const animated = (metadata.pages ?? 1) > 1;
      // Orientation only exists on still images; libvips cannot rotate a stack of frames.
      const upright = animated ? openUntrusted(bytes) : openUntrusted(bytes).rotate();
      const { data, info } = await encodeAs(upright.toColourspace('srgb'), format).toBuffer({ resolveWithObject: true });
      return { bytes: data, width: info.width, height: info.pageHeight ?? info.height };
    } catch (error) {
      throw refusalOf(error);
    }
  });
}

/** True when stored bytes still carry what cleaning removes (an upload from before it existed, or restored from a backup). */
export async function needsCleaning(bytes: Uint8Array): Promise<boolean> {
  await loadImageLibrary();
  const metadata = await openUntrusted(bytes).metadata();
  const orientation = metadata.orientation ?? 1;
  return Boolean(metadata.exif ?? metadata.xmp ?? metadata.iptc ?? metadata.icc ?? metadata.comments) || orientation !== 1;
}

/** Stored bytes as cleaning leaves them: the same bytes when they are clean already, else a cleaned copy. */
export async function cleanIfNeeded(bytes: Buffer, format: CleanableFormat): Promise<Buffer> {
  return (await needsCleaning(bytes)) ? (await cleanImage(bytes, format)).bytes : bytes;
}
