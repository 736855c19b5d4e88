import { LIMITS, ServerMessages } from '@folio/shared';
import { bytesToBase64 } from '../bridge/bridge-fetch';
import { call, folioBridge } from '../bridge/folio-bridge';
import { IMAGE_UPLOAD_PATHS, imageUploader } from '../web-admin';
import type { AdminPlatform, UploadImage } from '../web-admin';

/** The request never reached the server (offline, unreachable): the admin client's ApiError with status 0. */
function neverReachedServer(error: unknown): boolean {
  return error instanceof Error && error.name === 'ApiError' && (error as Error & { status?: unknown }).status === 0;
}

/** Keeps the image with the drafts on this disk (main writes it before answering) and resolves with its link. */
async function keepWithDraft(file: File): Promise<string> {
  const base64 = bytesToBase64(new Uint8Array(await file.arrayBuffer()));
  return (await call(folioBridge().drafts.keepImage({ base64 }))).url;
}

/**
 * The body editor's image upload on the desktop: to the active server while it answers; while
 * offline, or when the upload finds the server unreachable, the image is kept with the drafts
 * on this disk and the text links to that copy, which goes up when the draft next syncs. The
 * server's size limit is checked first either way, with its message. Undefined with no server
 * profile: the editor then says there is nothing to upload to.
 */
export function draftImageUpload(platform: AdminPlatform | null, online: boolean): UploadImage | undefined {
  if (!platform) return undefined;
  const toServer = imageUploader(platform, IMAGE_UPLOAD_PATHS.body);
  return async (file, onProgress) => {
    if (file.size > LIMITS.imageBytes) throw new Error(ServerMessages.imageTooLarge);
    if (online) {
      try {
        return await toServer(file, onProgress);
      } catch (error) {
        if (!neverReachedServer(error)) throw error;
      }
    }
    const url = await keepWithDraft(file);
    onProgress(1);
    return url;
  };
}
