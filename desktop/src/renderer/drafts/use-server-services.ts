import { useCallback, useMemo } from 'react';
import { useDesktopNotify } from '../app/desktop-notify';
import { useDesktopPlatform } from '../app/desktop-platform';
import { useDesktopSession } from '../app/desktop-session';
import type { ApiClient, Notify } from '../web-admin';
import { createApiClient } from '../web-admin';

export interface ServerServices {
  /** The signed-in client of the active server, as the admin's own. */
  api: ApiClient;
  notify: Notify;
  /** The server's origin: the editor's pages are not on it, and the addresses it shows are. */
  serverUrl: string;
  /** Whether the server answers now and the owner is signed in to it. */
  reachable: boolean;
}

/**
 * What the admin's server-backed pieces (预览链接, 链接名) need in the desktop's draft editor,
 * outside AdminApp: null until the platform is known.
 */
export function useServerServices(): ServerServices | null {
  const platform = useDesktopPlatform();
  const { online, status } = useDesktopSession();
  const desktopNotify = useDesktopNotify();
  const api = useMemo(
    () =>
      platform &&
      createApiClient({ baseUrl: platform.apiBaseUrl, fetch: platform.transport, getToken: platform.tokenStorage.get }),
    [platform],
  );
  const notify = useCallback<Notify>(
    (message, intent, durationMs) => desktopNotify({ message, intent, durationMs }),
    [desktopNotify],
  );
  const reachable = online && status?.signedIn === true;
  return useMemo(
    () => (platform && api ? { api, notify, serverUrl: platform.apiBaseUrl, reachable } : null),
    [platform, api, notify, reachable],
  );
}
