import { useMemo } from 'react';
import { serverFilesBase } from '../../common/server-files-path';
import type { AdminPlatform } from '../web-admin';
import { pickFilesWithInput } from '../web-admin';
import { createBridgeFetch } from '../bridge/bridge-fetch';
import { folioBridge } from '../bridge/folio-bridge';
import { HomeBackupsPanel } from '../backups/home-backups-panel';
import { desktopCommentEvents } from './desktop-comment-events';
import { useDesktopNotify } from './desktop-notify';
import { useDesktopSession } from './desktop-session';

/**
 * What the admin client sends as its bearer token. The real token never leaves main: the
 * transport drops the Authorization header and main adds its own. The admin only needs to know
 * whether a session exists.
 */
const TOKEN_HELD_BY_MAIN = 'held-by-main-process';

/** The desktop's AdminPlatform: the active server, the session held by main, the bridge transport. */
export function useDesktopPlatform(): AdminPlatform | null {
  const session = useDesktopSession();
  const notify = useDesktopNotify();
  const { statusRef, applyStatus, markOffline } = session;
  const serverUrl = session.status?.profile?.serverUrl ?? null;
  const profileId = session.status?.profile?.id ?? null;

  return useMemo<AdminPlatform | null>(() => {
    if (serverUrl === null || profileId === null) return null;
    const bridge = folioBridge();
    return {
      // API calls go through the bridge (only the path counts); covers and avatars load from the
      // app's own origin, which main serves from this profile's server.
      apiBaseUrl: serverUrl.replace(/\/+$/, ''),
      fileBaseUrl: serverFilesBase(profileId),
      tokenStorage: {
        get: () => (statusRef.current?.signedIn ? TOKEN_HELD_BY_MAIN : null),
        // Signing in happens on the 连接 screen through main; the admin's own login page is not shown.
        set: () => undefined,
        clear: () => {
          const current = statusRef.current;
          if (current) applyStatus({ ...current, signedIn: false });
          void bridge.session.signOut().then((reply) => {
            if (reply.ok) applyStatus(reply.data);
          });
        },
      },
      transport: createBridgeFetch(bridge, markOffline),
      // In Electron an <input type="file"> opens the OS's native dialog already.
      pickFiles: pickFilesWithInput,
      notify,
      // The article history names the desktop as the client of these saves (X-Folio-Source).
      saveSource: 'desktop',
      // The 管理后台 tab's 新建 and 编辑 open the desktop's draft editor (the /admin/articles routes it takes over).
      editArticlesOnPage: true,
      // New comments and count changes come from main's connection to the server, over the bridge.
      commentEvents: desktopCommentEvents(),
      // The 备份 screen shows where this computer keeps its copies of the backups, and opens that folder.
      backupsPanel: HomeBackupsPanel,
    };
  }, [serverUrl, profileId, statusRef, applyStatus, markOffline, notify]);
}
