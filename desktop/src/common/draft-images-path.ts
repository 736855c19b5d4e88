/**
 * Images kept with the offline drafts of a server profile load from the app's own origin at
 * `/draft-images/<profileId>/<sha256>.<ext>` (main reads them from that profile's draft folder,
 * desktop/src/main/draft-image-files.ts). The name is the SHA-256 of the bytes and one of the
 * four image types a Folio server stores: nothing else is ever a draft image, so no other name
 * (and no `..`) can reach the disk.
 */
export const DRAFT_IMAGES_PATH = '/draft-images/';

/** `<sha256>.<ext>` with one of the four types a server accepts (server/API.md §E3). */
export const DRAFT_IMAGE_NAME = /^[0-9a-f]{64}\.(?:jpg|png|gif|webp)$/;

/** The link a draft's text holds for a kept image. */
export function draftImageUrl(profileId: string, name: string): string {
  return `${DRAFT_IMAGES_PATH}${encodeURIComponent(profileId)}/${name}`;
}

/** The profile and file a draft-image path names, or undefined for anything else. */
export function parseDraftImagePath(pathname: string): { profileId: string; name: string } | undefined {
  if (!pathname.startsWith(DRAFT_IMAGES_PATH)) return undefined;
  const parts = pathname.slice(DRAFT_IMAGES_PATH.length).split('/');
  if (parts.length !== 2) return undefined;
  const [rawProfile = '', name = ''] = parts;
  let profileId: string;
  try {
    profileId = decodeURIComponent(rawProfile);
  } catch {
    return undefined;
  }
  if (!/^[A-Za-z0-9_-]{1,64}$/.test(profileId) || !DRAFT_IMAGE_NAME.test(name)) return undefined;
  return { profileId, name };
}
