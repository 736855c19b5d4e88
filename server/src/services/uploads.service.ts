import type { OpenedUpload, UploadsRepository } from '../store/uploads.repository.js';
import { checkUploadedImage, servedContentType } from './images.js';
import type { UploadedFile } from './images.js';

/** Enough bytes for file-type to recognise every image format it knows. */
const SNIFF_BYTES = 4100;

/** An upload ready to serve: the open handle (the caller's to close), its size and type. */
export interface ServedUpload extends OpenedUpload {
  contentType: string;
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
}
