import { useCallback, useMemo } from 'react';
import { DesktopUiMessages as M } from '@folio/shared';
import type { Draft } from '../../channels';
import { useDesktopNotify } from '../app/desktop-notify';
import { useDesktopPlatform } from '../app/desktop-platform';
import { useDesktopSession } from '../app/desktop-session';
import type { Notify } from '../web-admin';
import { createApiClient, PreviewLinksButton } from '../web-admin';

/**
 * The admin's 预览链接 (server/API.md §E17) in the desktop's draft editor, for a draft of an
 * article the server holds unpublished: the links live on the server, so offline the button stays
 * but cannot be used, and says why.
 */
export function DraftPreviewLinks({ draft }: { draft: Pick<Draft, 'articleId' | 'serverStatus'> }) {
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
  const unpublished = draft.serverStatus === 'draft' || draft.serverStatus === 'scheduled';
  if (!platform || !api || draft.articleId === null || !unpublished) return null;
  return (
    <PreviewLinksButton
      articleId={draft.articleId}
      status={draft.serverStatus ?? undefined}
      api={api}
      notify={notify}
      serverUrl={platform.apiBaseUrl}
      unavailableReason={online && status?.signedIn ? undefined : M.previewLinksNeedOnline}
    />
  );
}
