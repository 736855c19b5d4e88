import type { Event, HandlerDetails, Session, WebContents, WindowOpenHandlerResponse } from 'electron';
import { isAppUrl, isExternalWebUrl } from './app-origin';

/** The parts of Electron's objects the guards use (injected: tests pass fakes). */
export type GuardedContents = Pick<WebContents, 'on' | 'setWindowOpenHandler'>;
export interface ExternalOpener {
  openExternal(url: string): Promise<void>;
}

/**
 * Keeps the window on the app (Electron security checklist 13 and 14): no new windows ever
 * (http(s) links open in the default browser instead), no navigation or redirect away from
 * app://folio (an http(s) link clicked in a page opens in the browser), no <webview>.
 */
export function installNavigationGuards(contents: GuardedContents, shell: ExternalOpener): void {
  const openOutside = (url: string) => {
    if (isExternalWebUrl(url)) {
      shell.openExternal(url).catch((error: unknown) => console.error('Folio: could not open an external link', error));
    }
  };
  contents.setWindowOpenHandler((details: HandlerDetails): WindowOpenHandlerResponse => {
    openOutside(details.url);
    return { action: 'deny' };
  });
  const keepOnApp = (event: Event, url: string) => {
    if (isAppUrl(url)) return;
    event.preventDefault();
    openOutside(url);
  };
  contents.on('will-navigate', (event, url) => keepOnApp(event, url));
  contents.on('will-redirect', (event, url) => keepOnApp(event, url));
  contents.on('will-attach-webview', (event) => event.preventDefault());
}

/**
 * The page may ask for nothing but notifications and clipboard writes (copy buttons); camera,
 * geolocation and the rest are refused without a prompt (checklist 5).
 */
export const ALLOWED_PERMISSIONS: ReadonlySet<string> = new Set(['notifications', 'clipboard-sanitized-write']);

export function installPermissionGuard(
  session: Pick<Session, 'setPermissionRequestHandler' | 'setPermissionCheckHandler'>,
): void {
  session.setPermissionRequestHandler((contents, permission, callback) => {
    callback(ALLOWED_PERMISSIONS.has(permission) && isAppUrl(contents.getURL()));
  });
  session.setPermissionCheckHandler((_contents, permission, requestingOrigin) => {
    return ALLOWED_PERMISSIONS.has(permission) && isAppUrl(requestingOrigin);
  });
}
