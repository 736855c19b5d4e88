import { DesktopUiMessages as M } from '@folio/shared';
import type { Draft } from '../../channels';
import { PreviewLinksButton } from '../web-admin';
import { useServerServices } from './use-server-services';

/**
 * The admin's 预览链接 (server/API.md §E17) in the desktop's draft editor, for a draft of an
 * article the server holds unpublished: the links live on the server, so offline the button stays
 * but cannot be used, and says why.
 */
export function DraftPreviewLinks({ draft }: { draft: Pick<Draft, 'articleId' | 'serverStatus'> }) {
  const server = useServerServices();
  const unpublished = draft.serverStatus === 'draft' || draft.serverStatus === 'scheduled';
  if (!server || draft.articleId === null || !unpublished) return null;
  return (
    <PreviewLinksButton
      articleId={draft.articleId}
      status={draft.serverStatus ?? undefined}
      api={server.api}
      notify={server.notify}
      serverUrl={server.serverUrl}
      unavailableReason={server.reachable ? undefined : M.previewLinksNeedOnline}
    />
  );
}
