/**
 * Images of a saved server load from the app's own origin at `/server-files/<profileId>/...`
 * (main fetches them, desktop/src/main/server-files.ts): the page's CSP, fixed at load, need not
 * know servers added later.
 */
export const SERVER_FILES_PATH = '/server-files/';

/** `/server-files/<profileId>`: where the admin's root-relative file URLs (covers, avatars) load from. */
export function serverFilesBase(profileId: string): string {
  return `${SERVER_FILES_PATH}${encodeURIComponent(profileId)}`;
}
