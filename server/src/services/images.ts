import { promises as fs } from 'node:fs';
import { fileTypeFromBuffer } from 'file-type';
import { LIMITS, ServerMessages as M } from '@folio/shared';
import { badRequest, payloadTooLarge, unsupportedMediaType } from '../errors.js';
import type { UploadsRepository } from '../store/uploads.repository.js';

/** The only image types we accept (server/API.md §1.5). SVG is never allowed: it can carry script. */
const ALLOWED_IMAGE_TYPES: Readonly<Record<string, { extension: string; mime: string }>> = {
  'image/jpeg': { extension: 'jpg', mime: 'image/jpeg' },
  'image/png': { extension: 'png', mime: 'image/png' },
  'image/gif': { extension: 'gif', mime: 'image/gif' },
  'image/webp': { extension: 'webp', mime: 'image/webp' },
};

export interface ImageType {
  extension: string;
  mime: string;
}

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

/**
 * Checks an uploaded temp file (size and magic bytes) and stores it in the upload folder under
 * a new random name. Resolves with the stored filename.
 */
export async function storeUploadedImage(uploads: UploadsRepository, file: UploadedFile | undefined): Promise<string> {
  const bytes = await readUpload(file);
  const type = await detectImageType(bytes);
  if (!type) throw unsupportedImage();
  return uploads.saveNew(bytes, type.extension);
}

/** The bytes of an upload; an absent or empty part counts as no file (browsers send one when nothing is picked). */
export async function readUpload(file: UploadedFile | undefined): Promise<Buffer> {
  if (!file || file.size === 0) throw badRequest(M.noFileUploaded);
  if (file.size > LIMITS.imageBytes) throw payloadTooLarge(M.imageTooLarge);
  return fs.readFile(file.filepath);
}
