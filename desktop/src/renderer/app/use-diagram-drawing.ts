import { useCallback } from 'react';
import { createApiClient, drawDiagramsOfArticles } from '../web-admin';
import { useDesktopPlatform } from './desktop-platform';

/**
 * Draws, in the background, the Mermaid diagrams of articles the desktop just wrote to the server
 * (a published draft, a folder import), as the admin's editor does after a save: visitors then
 * get images instead of running Mermaid. Offline or signed out, it does nothing; the editor
 * draws them when the article is next opened.
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
