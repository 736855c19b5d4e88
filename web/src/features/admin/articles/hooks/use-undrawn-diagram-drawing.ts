import { useEffect } from 'react';
import { useAdminApi } from '../../hooks/admin-services';

/**
 * How long the admin is open before it draws, so the first screen's requests and rendering go
 * first: drawing loads Mermaid (about 800 KB) and lays each diagram out twice.
 */
const START_DELAY_MS = 3000;

/**
 * Draws, in the background, the Mermaid diagrams that still have no image on the whole site,
 * once the owner is signed in and the admin has been open a moment. Visitors of those articles
 * then get images instead of loading Mermaid. Does nothing visible.
 */
export function useUndrawnDiagramDrawing(): void {
  const api = useAdminApi();
  useEffect(() => {
    const timer = window.setTimeout(() => {
      // Loaded when needed: the drawing code (and the Markdown renderer and Mermaid it loads
      // itself) stays out of the admin's first download.
      void import('../model/draw-diagrams').then(({ drawUndrawnDiagrams }) => drawUndrawnDiagrams(api));
    }, START_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [api]);
}
