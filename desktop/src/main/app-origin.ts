/**
 * The renderer is served from a privileged custom scheme (`app://folio/...`) rather than file://,
 * as Electron's security checklist advises: file:// pages share one origin with every local
 * file, while `app://folio` is an origin of its own that the CSP, the navigation guard and the
 * IPC sender check can name exactly.
 */
export const APP_SCHEME = 'app';
export const APP_HOST = 'folio';
export const APP_ORIGIN = `${APP_SCHEME}://${APP_HOST}`;
export const APP_ENTRY_URL = `${APP_ORIGIN}/index.html`;

function parse(url: string): URL | undefined {
  try {
    return new URL(url);
  } catch {
    return undefined;
  }
}

/** True for a page of the app itself (`app://folio/...`). */
export function isAppUrl(url: string): boolean {
  const parsed = parse(url);
  // Custom schemes have an opaque `origin` ("null") in WHATWG URL, so compare scheme and host.
  return parsed !== undefined && parsed.protocol === `${APP_SCHEME}:` && parsed.host === APP_HOST;
}

/** True for a link the default browser should open (http and https only: no file:, no custom schemes). */
export function isExternalWebUrl(url: string): boolean {
  const parsed = parse(url);
  return parsed !== undefined && (parsed.protocol === 'http:' || parsed.protocol === 'https:');
}
