/**
 * Images of the Folio servers (covers, avatars, uploads), served to the page from the app's own
 * origin: `app://folio/server-files/<profileId>/uploads/x.png` is fetched by main from that
 * profile's server. A document's Content-Security-Policy is fixed when the page loads, so a
 * server signed in to afterwards could never be listed in `img-src`; images from `'self'` always
 * load, and the saved profiles are looked up per request instead.
 *
 * Electron-free: takes a fetch Request and answers a Response (routed by app-protocol.ts, and by
 * the Playwright harness), so it is tested under Node.
 */
import { SERVER_FILES_PATH, serverFilesBase } from '../common/server-files-path';
import { createHttpClient } from '../core/http';
import type { FetchFunction } from '../core/http';

/**
 * The image types a Folio server stores (its uploads are checked by magic bytes). SVG is not
 * among them, and must never be: served from the app's origin, it could carry script.
 */
const IMAGE_TYPES = new Set(['image/jpeg', 'image/png', 'image/gif', 'image/webp']);

export interface ServerFilesOptions {
  /** The saved profile's server URL, read at request time (a profile added later works at once). */
  serverUrl: (profileId: string) => string | undefined;
  /** Electron's net.fetch in the app (the system's proxy settings apply); Node's fetch in tests. */
  fetch?: FetchFunction;
  timeoutMs?: number;
}

/** Images may be large and the network slow: longer than an API call may take. */
const SERVER_FILE_TIMEOUT_MS = 30_000;

const refuse = (status: number) =>
  new Response(null, { status, headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' } });

/**
 * The server and the file's path on it for a request, or undefined when it names no saved
 * profile or leaves the server's path.
 */
function upstreamFile(request: Request, options: ServerFilesOptions): { server: string; path: string } | undefined {
  const url = new URL(request.url);
  if (!url.pathname.startsWith(SERVER_FILES_PATH)) return undefined;
  const rest = url.pathname.slice(SERVER_FILES_PATH.length);
  const slash = rest.indexOf('/');
  if (slash <= 0) return undefined;
  let profileId: string;
  try {
    profileId = decodeURIComponent(rest.slice(0, slash));
  } catch {
    return undefined;
  }
  const server = options.serverUrl(profileId);
  if (server === undefined) return undefined;
  const base = server.replace(/\/+$/, '');
  const target = new URL(`${base}${rest.slice(slash)}${url.search}`);
  // URL parsing has resolved `..` and `%2e%2e`: what is left must still be under the server's base.
  return target.href.startsWith(`${base}/`) ? { server: base, path: target.href.slice(base.length) } : undefined;
}

export function createServerFilesHandler(options: ServerFilesOptions): (request: Request) => Promise<Response> {
  return async (request) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return refuse(405);
    const target = upstreamFile(request, options);
    if (target === undefined) return refuse(404);
    const client = createHttpClient({
      baseUrl: target.server,
      fetch: options.fetch,
      timeoutMs: options.timeoutMs ?? SERVER_FILE_TIMEOUT_MS,
    });
    let answer: Response;
    try {
      answer = await client.fetchPublicFile(target.path, request.method);
    } catch {
      return refuse(502);
    }
    const type = (answer.headers.get('content-type') ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
    if (answer.status !== 200 || !IMAGE_TYPES.has(type)) {
      await answer.body?.cancel();
      return refuse(answer.status === 200 ? 415 : 404);
    }
    const headers = new Headers({ 'Content-Type': type, 'X-Content-Type-Options': 'nosniff' });
    // Not content-length: fetch has already undone any content-encoding.
    for (const name of ['cache-control', 'etag', 'last-modified']) {
      const value = answer.headers.get(name);
      if (value !== null) headers.set(name, value);
    }
    return new Response(request.method === 'HEAD' ? null : answer.body, { status: 200, headers });
  };
}

/**
 * `/uploads/...` asked of the app's own origin: an image an article body links to the way the
 * server writes its links (root-relative), which the editor's preview loads from the page's
 * origin. It is the active profile's, fetched as `/server-files/<profileId>/uploads/...`.
 */
export function createActiveUploadsHandler(
  serverFiles: (request: Request) => Promise<Response>,
  activeProfileId: () => string | undefined | Promise<string | undefined>,
): (request: Request) => Promise<Response> {
  return async (request) => {
    const profileId = await activeProfileId();
    if (profileId === undefined) return refuse(404);
    const url = new URL(request.url);
    // Not url.origin: a custom scheme's origin is "null".
    const upstream = `${url.protocol}//${url.host}${serverFilesBase(profileId)}${url.pathname}${url.search}`;
    return serverFiles(new Request(upstream, { method: request.method }));
  };
}
