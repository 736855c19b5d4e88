import type { AdminArticleDetail } from '@folio/shared';
import type { ApiClient } from '../../../../lib/api-client';
import { loadMarkdownRenderer } from '../../../../lib/markdown/markdown-renderer';
import { renderMermaidImage } from '../../../../lib/markdown/mermaid-renderer';
import { getArticle, saveDiagram } from '../api/articles.api';

/** `<article id>\n<source>` of the diagrams being drawn, so an editor reopened meanwhile does not draw them twice. */
const drawing = new Set<string>();

/**
 * Draws the Mermaid diagrams of a saved article that have no image yet, in both themes, and
 * uploads them: visitors then get images instead of loading Mermaid. Runs in the background
 * after a save and when an editor opens an article (which also covers articles that came by
 * import, sync or another client). A diagram that fails to draw or upload is left as it is:
 * visitors' browsers draw it, as they always did. Resolves with how many were uploaded.
 */
export async function drawMissingDiagrams(
  api: ApiClient,
  article: Pick<AdminArticleDetail, 'id' | 'content' | 'drawn_diagrams'>,
): Promise<number> {
  // Most articles have no diagram: skip loading the Markdown renderer for them.
  if (!/mermaid/i.test(article.content)) return 0;
  const drawn = new Set(article.drawn_diagrams);
  const { mermaidSources } = await loadMarkdownRenderer();
  let uploaded = 0;
  for (const source of new Set(mermaidSources(article.content))) {
    const key = `${article.id}\n${source}`;
    if (drawn.has(source) || drawing.has(key)) continue;
    drawing.add(key);
    try {
      const light = await renderMermaidImage(source, 'light');
      const dark = await renderMermaidImage(source, 'dark');
      await saveDiagram(api, article.id, { source, light, dark });
      uploaded += 1;
    } catch {
      // Invalid Mermaid, an edit that removed the diagram meanwhile, no connection: see above.
    } finally {
      drawing.delete(key);
    }
  }
  return uploaded;
}

/**
 * {@link drawMissingDiagrams} for articles known by id (a Markdown or folder import, a desktop
 * publish), each read from the server first, one after another. Resolves with how many were uploaded.
 */
export async function drawDiagramsOfArticles(api: ApiClient, ids: readonly number[]): Promise<number> {
  let uploaded = 0;
  for (const id of ids) {
    try {
      uploaded += await drawMissingDiagrams(api, (await getArticle(api, id)).data);
    } catch {
      // Gone meanwhile, or no connection: visitors' browsers draw its diagrams.
    }
  }
  return uploaded;
}
