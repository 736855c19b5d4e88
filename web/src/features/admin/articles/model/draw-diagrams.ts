import type { AdminArticleDetail } from '@folio/shared';
import type { ApiClient } from '../../../../lib/api-client';
import { getArticle, listUndrawnDiagrams, saveDiagram } from '../api/articles.api';

/** `<article id>\n<source>` of the diagrams being drawn, so an editor reopened meanwhile does not draw them twice. */
const drawing = new Set<string>();
/** Keys (as above) of diagrams Mermaid could not draw: not tried again until the admin is reloaded. */
const undrawable = new Set<string>();
/** The run of {@link drawUndrawnDiagrams} in progress, which a second call joins. */
let siteWideRun: Promise<number> | undefined;

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
  // Both imported when needed, and never statically: this module has a chunk of its own (the
  // admin loads it a moment after it starts), and a module it shared with the article page's
  // chunk would become one more file for every visitor of an article.
  const { mermaidSources } = await import('../../../../lib/markdown/render-markdown');
  const { renderMermaidImage } = await import('../../../../lib/markdown/mermaid-renderer');
  let uploaded = 0;
  for (const source of new Set(mermaidSources(article.content))) {
    const key = `${article.id}\n${source}`;
    if (drawn.has(source) || drawing.has(key) || undrawable.has(key)) continue;
    drawing.add(key);
    try {
      let light: string;
      let dark: string;
      try {
        light = await renderMermaidImage(source, 'light');
        dark = await renderMermaidImage(source, 'dark');
      } catch {
        // Invalid Mermaid: the visitor's browser tries it and shows the error, as it always did.
        undrawable.add(key);
        continue;
      }
      await saveDiagram(api, article.id, { source, light, dark });
      uploaded += 1;
    } catch {
      // An edit that removed the diagram meanwhile, no connection: see above.
    } finally {
      drawing.delete(key);
    }
  }
  return uploaded;
}

/**
 * {@link drawMissingDiagrams} for articles known by id (a Markdown or folder import, desktop
 * publishes, the server's list of undrawn ones), each read from the server first, one after another. Resolves with how many were uploaded.
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

/**
 * Draws the missing diagrams of every live article, which the server lists: articles that came
 * by a path that does not draw (the original admin or another client, a backup import, a site
 * from before pre-rendering). Resolves with how many were uploaded; offline or on a server
 * without the list, with 0.
 */
export function drawUndrawnDiagrams(api: ApiClient): Promise<number> {
  siteWideRun ??= listUndrawnDiagrams(api)
    .then((response) => drawDiagramsOfArticles(api, response.data.article_ids))
    .catch(() => 0)
    .finally(() => (siteWideRun = undefined));
  return siteWideRun;
}
