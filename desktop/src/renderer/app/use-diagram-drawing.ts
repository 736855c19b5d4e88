import { useCallback, useEffect } from 'react';
import { call, folioBridge } from '../bridge/folio-bridge';
import { createApiClient, drawDiagramsOfArticles } from '../web-admin';
import { useDesktopPlatform } from './desktop-platform';

/**
 * Draws, in the background, the Mermaid diagrams of articles the desktop just wrote to the server
 * (published drafts, a folder import), as the admin's editor does after a save: visitors then
 * get images instead of running Mermaid. Offline or signed out, it does nothing; the admin draws
 * them when it next starts.
 */
export function useDiagramDrawing(): (articleIds: readonly number[]) => void {
  const platform = useDesktopPlatform();
  return useCallback(
    (articleIds) => {
      if (!platform || articleIds.length === 0) return;
      const api = createApiClient({
        baseUrl: platform.apiBaseUrl,
        fetch: platform.transport,
        getToken: platform.tokenStorage.get,
      });
      void drawDiagramsOfArticles(api, articleIds);
    },
    [platform],
  );
}

/**
 * Draws the diagrams of every draft that became 已同步 as a published article: one published from
 * the editor, and one queued while offline that the background sync sent once the server was back. Both report
 * through the `sync` event. Mounted once, for the app's life: the owner may be on any screen
 * when the connection returns.
 */
export function useDrawingAfterSync(): void {
  const drawDiagrams = useDiagramDrawing();
  useEffect(
    () =>
      folioBridge().on('sync', ({ changedDraftIds }) => {
        if (changedDraftIds.length === 0) return;
        const changed = new Set(changedDraftIds);
        call(folioBridge().drafts.list())
          .then((drafts) =>
            drawDiagrams(
              drafts.flatMap((draft) =>
                // Drawings are for the site: a server draft the background sync keeps up to date
                // is drawn when it is published, not at every push of half-typed text.
                changed.has(draft.id) && draft.state === 'synced' && draft.articleId !== null && draft.serverStatus !== 'draft'
                  ? [draft.articleId]
                  : [],
              ),
            ),
          )
          // The draft list could not be read: the admin draws them when it next starts.
          .catch(() => undefined);
      }),
    [drawDiagrams],
  );
}
