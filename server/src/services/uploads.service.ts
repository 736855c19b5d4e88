import type { OpenedUpload, UploadsRepository } from '../store/uploads.repository.js';
import { isTransientFailure, needsCleaning } from './image-cleaning.js';
import { stripMetadataWithoutDecoding } from './image-metadata-stripping.js';
import { checkUploadedImage, detectImageType, servedContentType } from './images.js';
import type { UploadedFile } from './images.js';

/** Enough bytes for file-type to recognise every image format it knows. */
const SNIFF_BYTES = 4100;

/** An upload ready to serve: the open handle (the caller's to close), its size and type. */
export interface ServedUpload extends OpenedUpload {
  contentType: string;
}

/** An upload's bytes read whole, ready to serve as they are. */
export interface ServedBytes {
  bytes: Buffer;
  contentType: string;
}

/** Reads an opened file whole from its start, then closes it. */
async function readWhole({ handle, size }: OpenedUpload): Promise<Buffer> {
  try {
    const bytes = Buffer.alloc(size);
    let filled = 0;
    while (filled < size) {
      const { bytesRead } = await handle.read(bytes, filled, size - filled, filled);
      if (bytesRead === 0) break;
      filled += bytesRead;
    }
    return bytes.subarray(0, filled);
  } finally {
    await handle.close();
  }
}

/** The upload folder as the routes see it: store a checked image, open a file to serve (server/API.md §12). */
export class UploadsService {
  constructor(
    private readonly uploads: UploadsRepository,
    /** `MAX_IMAGE_MB` in bytes. */
    readonly maxImageBytes: number,
  ) {}

  /** Where multipart uploads are streamed before a handler reads them (inside the data directory). */
  get tempDir(): string {
    return this.uploads.tempDir;
  }

  /**
   * Checks and cleans a cover or body image (images.ts) and stores it once by content: the
   * same bytes uploaded again resolve with the stored file's name. Avatars keep a file each
   * (avatars.service.ts), since deleting an avatar deletes its file.
   */
  async storeImage(file: UploadedFile | undefined): Promise<string> {
    const { sent, type, cleaned } = await checkUploadedImage(file, this.maxImageBytes);
    return this.uploads.saveByContent(cleaned.bytes, type.extension, sent);
  }

  /**
   * Opens a stored file with the type to serve it as; `undefined` when there is none. The
   * repository only accepts FILENAME_PATTERN names, so `..`, slashes (even encoded) and
   * dot-files never become paths; links inside the folder are not followed either.
   */
  async open(filename: string): Promise<ServedUpload | undefined> {
    const opened = await this.uploads.open(filename);
    if (!opened) return undefined;
    try {
      const head = new Uint8Array(Math.min(SNIFF_BYTES, opened.size));
      await opened.handle.read(head, 0, head.length, 0);
      return { ...opened, contentType: await servedContentType(head) };
    } catch (error) {
      await opened.handle.close();
      throw error;
    }
  }

  /**
   * An upload not known to be clean yet (server/API.md §E11.1) as it may be served: an old or
   * restored photo may still carry its EXIF (GPS) until the background catch-up cleans it in
   * place, so its metadata is cut out of the bytes read, by the file's structure and without
   * decoding (image-metadata-stripping.ts), which costs no image decode per request. A GIF, which
   * that does not walk, is served as stored only when it carries no metadata. A file that is no
   * image is served as stored, as processing leaves it. `undefined` when the metadata cannot be
   * cut out (a structure broken before the picture data): such a file is not served. Closes the
   * opened file.
   */
  async withoutMetadata(opened: ServedUpload): Promise<ServedBytes | undefined> {
    const bytes = await readWhole(opened);
    const type = await detectImageType(bytes);
    if (!type) return { bytes, contentType: opened.contentType };
    const stripped =
      type.extension === 'gif' ? await gifWithoutMetadata(bytes) : stripMetadataWithoutDecoding(bytes, type.extension);
    return stripped && { bytes: stripped, contentType: await servedContentType(stripped.subarray(0, SNIFF_BYTES)) };
  }
}

/** A GIF as stored when its header names no metadata (comments, XMP, ICC); `undefined` otherwise, or when it does not read. */
async function gifWithoutMetadata(bytes: Buffer): Promise<Buffer | undefined> {
  try {
    return (await needsCleaning(bytes)) ? undefined : bytes;
  } catch (error) {
    if (isTransientFailure(error)) throw error;
    return undefined;
  }
}
