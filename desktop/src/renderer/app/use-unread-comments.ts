import { useEffect, useState } from 'react';
import type { CommentUnread } from '@folio/shared';
import { folioBridge } from '../bridge/folio-bridge';
import { createApiClient } from '../web-admin';
import { useDesktopPlatform } from './desktop-platform';

/**
 * How many visitor comments the owner has not seen (server/API.md §E12.4), for the desktop's own
 * bar on every screen, not only inside 管理后台: fetched once signed in and again at each new
 * comment or change of the counts that main forwards from its connection to the server.
 */
export function useUnreadComments(signedIn: boolean): number {
  const platform = useDesktopPlatform();
  const [unread, setUnread] = useState(0);
  useEffect(() => {
    if (!platform || !signedIn) {
      setUnread(0);
      return;
    }
    const api = createApiClient({ baseUrl: platform.apiBaseUrl, fetch: platform.transport, getToken: platform.tokenStorage.get });
    let active = true;
    const refresh = () => {
      api.get<CommentUnread>('/api/admin/comments/unread').then(
        (answer) => active && setUnread(answer.data.unread),
        // Offline or refused: the count keeps what it showed; it is a hint, not worth an error.
        () => undefined,
      );
    };
    refresh();
    const bridge = folioBridge();
    const stopCreated = bridge.on('comments.created', refresh);
    const stopChanged = bridge.on('comments.changed', refresh);
    return () => {
      active = false;
      stopCreated();
      stopChanged();
    };
  }, [platform, signedIn]);
  return unread;
}
