import { ServerMessages as M } from '@folio/shared';
import { conflict, notFound, validationFailed } from '../errors.js';
import type { Logger } from '../logger.js';
import type { AvatarsRepository } from '../store/avatars.repository.js';
import type { AvatarRecord } from '../store/records.js';
import type { UploadsRepository } from '../store/uploads.repository.js';
import { storeUploadedImage } from './images.js';
import type { UploadedFile } from './images.js';

/** `cropped_info` arrives as JSON text in a form field; it is stored as parsed and never interpreted. */
export function parseCroppedInfo(raw: string | string[] | undefined): unknown {
  const text = Array.isArray(raw) ? raw[0] : raw;
  if (text === undefined || text.trim() === '') return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw validationFailed([{ field: 'cropped_info', msg: M.croppedInfoInvalid }]);
  }
}

/** Avatar rules that span the row and its file (server/API.md §7). */
export class AvatarsService {
  constructor(
    private readonly avatars: AvatarsRepository,
    private readonly uploads: UploadsRepository,
    private readonly logger: Logger,
    /** `MAX_IMAGE_MB` in bytes. */
    private readonly maxImageBytes: number,
  ) {}

  /** Every avatar, current first, then in the owner's order. */
  list(): AvatarRecord[] {
    return this.avatars.list();
  }

  /** Applies a whole-list order (the first becomes current); 409 unless `ids` names every avatar once. */
  reorder(ids: readonly number[]): Promise<AvatarRecord[]> {
    if (!this.avatars.matchesAll(ids)) throw conflict(M.orderMismatch);
    return this.avatars.reorder(ids);
  }

  /** Makes an avatar current and first; 404 when there is none. */
  async setCurrent(id: number): Promise<AvatarRecord[]> {
    const list = await this.avatars.setCurrent(id);
    if (!list) throw notFound(M.avatarNotFound);
    return list;
  }

  /** Stores the image, then the row; the new avatar becomes current. */
  async upload(file: UploadedFile | undefined, croppedInfoText: string | string[] | undefined): Promise<AvatarRecord> {
    const croppedInfo = parseCroppedInfo(croppedInfoText);
    const filename = await storeUploadedImage(this.uploads, file, this.maxImageBytes);
    try {
      return await this.avatars.create(filename, croppedInfo);
    } catch (error) {
      await this.uploads.remove(filename).catch(() => {});
      throw error;
    }
  }

  /** Deletes the row (404 when there is none), then the file unless an imported row or a cover still points at it. */
  async remove(id: number): Promise<AvatarRecord> {
    const removed = await this.avatars.remove(id);
    if (!removed) throw notFound(M.avatarNotFound);
    if (!this.uploads.isReferenced(removed.filename)) {
      // The row is gone either way; a file left behind is only wasted space.
      await this.uploads
        .remove(removed.filename)
        .catch((error: unknown) => this.logger.error(`Could not delete ${removed.filename}`, error));
    }
    return removed;
  }
}
