/**
 * The images kept with offline drafts, served read-only to the page from the app's own origin:
 * `app://folio/draft-images/<profileId>/<sha256>.<ext>` (core/draft-images.ts keeps them). Only
 * a saved profile's folder and only content-named JPEG, PNG, GIF or WebP files are ever read;
 * any other name, an encoded slash or `..` is a 404 before the disk is touched. An image whose
 * file went once the server had it (a revision restored after the sync may link to it again)
 * redirects to the server's copy.
 *
 * Electron-free: takes a fetch Request and answers a Response (routed by app-protocol.ts, and by
 * the Playwright harness), so it is tested under Node.
 */
import { parseDraftImagePath } from '../common/draft-images-path';
import { serverFilesBase } from '../common/server-files-path';
import { draftImagesDir, readKeptImage } from '../core/draft-images';

export interface DraftImageFilesOptions {
  /** The app's data folder (Electron: userData). */
  dataDir: string;
  /** Whether the profile is saved, read at request time. */
  hasProfile: (profileId: string) => boolean;
}

const CONTENT_TYPES: Readonly<Record<string, string>> = {
  jpg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  webp: 'image/webp',
};

const refuse = (status: number) =>
  new Response(null, { status, headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' } });

export function createDraftImageFilesHandler(options: DraftImageFilesOptions): (request: Request) => Promise<Response> {
  return async (request) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return refuse(405);
    // The path as sent (URL parsing resolves `..` but leaves `%2F` encoded): parsed strictly below.
    const target = parseDraftImagePath(new URL(request.url).pathname);
    if (target === undefined || !options.hasProfile(target.profileId)) return refuse(404);
    const kept = await readKeptImage(draftImagesDir(options.dataDir, target.profileId), target.name);
    if (kept === undefined) return refuse(404);
    if ('uploadedTo' in kept) {
      const location = /^https?:\/\//i.test(kept.uploadedTo)
        ? kept.uploadedTo
        : `${serverFilesBase(target.profileId)}${kept.uploadedTo.startsWith('/') ? '' : '/'}${kept.uploadedTo}`;
      return new Response(null, { status: 302, headers: { Location: location, 'Cache-Control': 'no-store' } });
    }
    const type = CONTENT_TYPES[target.name.slice(target.name.lastIndexOf('.') + 1)] ?? 'application/octet-stream';
    return new Response(request.method === 'HEAD' ? null : new Uint8Array(kept.bytes), {
      status: 200,
      // Named by content: the same URL always holds the same bytes.
      headers: {
        'Content-Type': type,
        'X-Content-Type-Options': 'nosniff',
        'Cache-Control': 'private, max-age=31536000, immutable',
      },
    });
  };
}
