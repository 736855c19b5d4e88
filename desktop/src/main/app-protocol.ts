import path from 'node:path';
import { readFile } from 'node:fs/promises';
import { DRAFT_IMAGES_PATH } from '../common/draft-images-path';
import { SERVER_FILES_PATH } from '../common/server-files-path';

/**
 * Serves the built renderer for `app://folio/...` (registered with protocol.handle in main.ts).
 * Electron-free: takes a fetch Request and answers a Response, so it is tested under Node.
 * Every answer carries the CSP header; paths outside the renderer folder are refused; an unknown
 * path without a file extension falls back to index.html so client-side routes survive a reload.
 * `/server-files/...` is the servers' images, fetched by main (server-files.ts); `/draft-images/...`
 * the images kept with offline drafts (draft-image-files.ts); `/uploads/...` the active server's
 * body images, as the editor's preview asks for them.
 */
export interface AppProtocolOptions {
  rendererDir: string;
  /** Computed per request: the saved servers may have changed since the last page load. */
  contentSecurityPolicy: () => string;
  readFile?: (file: string) => Promise<Uint8Array>;
  /** Answers `/server-files/...` (the servers' images, see server-files.ts); 404 without it. */
  serverFiles?: (request: Request) => Promise<Response>;
  /** Answers `/draft-images/...` (see draft-image-files.ts); 404 without it. */
  draftImages?: (request: Request) => Promise<Response>;
  /** Answers `/uploads/...`, the active server's body images (server-files.ts); 404 without it. */
  activeUploads?: (request: Request) => Promise<Response>;
}

/** Where a server's body images are (server/API.md §12): never a file of the renderer. */
const UPLOADS_PATH = '/uploads/';

const CONTENT_TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.wasm': 'application/wasm',
  '.txt': 'text/plain; charset=utf-8',
};

export function createAppProtocolHandler(options: AppProtocolOptions): (request: Request) => Promise<Response> {
  const root = path.resolve(options.rendererDir);
  const read = options.readFile ?? ((file: string) => readFile(file));
  return async (request) => {
    const headers = (contentType: string) => ({
      'Content-Type': contentType,
      'Content-Security-Policy': options.contentSecurityPolicy(),
      'X-Content-Type-Options': 'nosniff',
    });
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      return new Response(null, { status: 405, headers: headers('text/plain; charset=utf-8') });
    }
    let pathname: string;
    try {
      pathname = decodeURIComponent(new URL(request.url).pathname);
    } catch {
      return new Response(null, { status: 400, headers: headers('text/plain; charset=utf-8') });
    }
    if (pathname.startsWith(SERVER_FILES_PATH)) {
      return options.serverFiles
        ? options.serverFiles(request)
        : new Response(null, { status: 404, headers: headers('text/plain; charset=utf-8') });
    }
    if (pathname.startsWith(DRAFT_IMAGES_PATH)) {
      return options.draftImages
        ? options.draftImages(request)
        : new Response(null, { status: 404, headers: headers('text/plain; charset=utf-8') });
    }
    if (pathname.startsWith(UPLOADS_PATH)) {
      return options.activeUploads
        ? options.activeUploads(request)
        : new Response(null, { status: 404, headers: headers('text/plain; charset=utf-8') });
    }
    const file = path.resolve(root, `.${pathname}`);
    if (file !== root && !file.startsWith(root + path.sep)) {
      return new Response(null, { status: 403, headers: headers('text/plain; charset=utf-8') });
    }
    const extension = path.extname(file).toLowerCase();
    const target = extension === '' || file === root ? path.join(root, 'index.html') : file;
    try {
      const body = await read(target);
      const type = CONTENT_TYPES[path.extname(target).toLowerCase()] ?? 'application/octet-stream';
      return new Response(request.method === 'HEAD' ? null : new Uint8Array(body), { status: 200, headers: headers(type) });
    } catch {
      return new Response(null, { status: 404, headers: headers('text/plain; charset=utf-8') });
    }
  };
}
