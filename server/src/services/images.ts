import { promises as fs } from 'node:fs';
import { fileTypeFromBuffer } from 'file-type';
import { LIMITS, ServerMessages as M } from '@folio/shared';
import { badRequest, payloadTooLarge, unsupportedMediaType } from '../errors.js';
import type { UploadsRepository } from '../store/uploads.repository.js';
import { cleanImage } from './image-cleaning.js';
import type { CleanableFormat, CleanedImage } from './image-cleaning.js';

/** The only image types we accept (server/API.md §1.5). SVG is never allowed: it can carry script. */
const ALLOWED_IMAGE_TYPES: Readonly<Record<string, ImageType>> = {
  'image/jpeg': { extension: 'jpg', mime: 'image/jpeg' },
  'image/png': { extension: 'png', mime: 'image/png' },
  'image/gif': { extension: 'gif', mime: 'image/gif' },
  'image/webp': { extension: 'webp', mime: 'image/webp' },
};

export interface ImageType {
  extension: CleanableFormat;
  mime: string;
}

/** What file-type calls the HEIF family (iPhone photos), refused with a message of their own. */
const HEIF_TYPES = new Set(['image/heic', 'image/heif', 'image/heic-sequence', 'image/heif-sequence']);

/** Judges an image by its magic bytes only; the name and declared type are never trusted. */
export async function detectImageType(bytes: Uint8Array): Promise<ImageType | undefined> {
  const detected = await fileTypeFromBuffer(bytes);
  return detected ? ALLOWED_IMAGE_TYPES[detected.mime] : undefined;
}

/**
 * The `Content-Type` to serve a stored file with. Images keep their detected type; anything
 * else (for example a file copied over from an old deployment) is served as opaque bytes.
 */
export async function servedContentType(head: Uint8Array): Promise<string> {
  const detected = await fileTypeFromBuffer(head);
  return detected?.mime.startsWith('image/') && detected.mime !== 'image/svg+xml' ? detected.mime : 'application/octet-stream';
}

export const unsupportedImage = () => unsupportedMediaType(M.imageTypeUnsupported);

/** The parts of a formidable file the services need. */
export interface UploadedFile {
  filepath: string;
  size: number;
}

/** An upload that passed every check: the bytes as sent, its type, and the copy to store. */
export interface CheckedUpload {
  sent: Buffer;
  type: ImageType;
  cleaned: CleanedImage;
}

/**
 * Reads an uploaded temp file and checks it (size, magic bytes, a decode within the pixel
 * limit), resolving with the cleaned copy to store: upright, sRGB, without metadata
 * (image-cleaning.ts). A refusal stores nothing.
 */
export async function checkUploadedImage(
  file: UploadedFile | undefined,
  maxBytes: number = LIMITS.imageBytes,
): Promise<CheckedUpload> {
  const sent = await readUpload(file, maxBytes);
  const detected = await fileTypeFromBuffer(sent);
  if (detected && HEIF_TYPES.has(detected.mime)) throw unsupportedMediaType(M.imageHeicUnsupported);
  const type = detected ? ALLOWED_IMAGE_TYPES[detected.mime] : undefined;
  if (!type) throw unsupportedImage();
  return { sent, type, cleaned: await cleanImage(sent, type.extension) };
}

/** Checks and cleans an upload, then stores it under a new random name. Resolves with the stored filename. */
export async function storeUploadedImage(
  uploads: UploadsRepository,
  file: UploadedFile | undefined,
  maxBytes: number = LIMITS.imageBytes,
): Promise<string> {
  const { type, cleaned } = await checkUploadedImage(file, maxBytes);
  return uploads.saveNew(cleaned.bytes, type.extension);
}

/** The bytes of an upload; an absent or empty part counts as no file (browsers send one when nothing is picked). */
export async function readUpload(file: UploadedFile | undefined, maxBytes: number = LIMITS.imageBytes): Promise<Buffer> {
  if (!file || file.size === 0) throw badRequest(M.noFileUploaded);
  if (file.size > maxBytes) throw payloadTooLarge(imageTooLargeMessage(maxBytes));
  return fs.readFile(file.filepath);
}

/** `图片大小不能超过NMB` for this limit, N as the owner set `MAX_IMAGE_MB` (25 by default). */
export function imageTooLargeMessage(maxBytes: number): string {
  if (maxBytes === LIMITS.imageBytes) return M.imageTooLarge;
  return M.imageTooLargeFor(Number((maxBytes / (1024 * 1024)).toFixed(2)));
}
