import { DesktopUiMessages as M } from '@folio/shared';
import type { Draft } from '../../channels';
import { SlugField } from '../web-admin';
import { useServerServices } from './use-server-services';

/**
 * The admin's 链接名 (server/API.md §E19) in the desktop's draft editor, for a draft of an article
 * the server holds, whatever its status. The slug is not part of a draft: it is read from the
 * server and saved there alone, so offline the field stays greyed out and says it needs the server.
 */
export function DraftSlugField({ draft }: { draft: Pick<Draft, 'articleId'> }) {
  const server = useServerServices();
  if (!server || draft.articleId === null) return null;
  return (
    <SlugField
      articleId={draft.articleId}
      api={server.api}
      notify={server.notify}
      serverUrl={server.serverUrl}
      unavailableReason={server.reachable ? undefined : M.slugNeedsOnline}
    />
  );
}
