import { readFile } from 'node:fs/promises';
import { LIMITS } from '@folio/shared';
import { isDiagramName } from './diagram-files.js';
import type { ArticleRecord, DiagramRecord } from './records.js';
import type { Store } from './store.js';

/** A diagram drawn in both themes, cleaned, ready to store. */
export interface DrawnDiagram {
  source: string;
  width: number;
  height: number;
  lightSvg: string;
  darkSvg: string;
}

/** A saved drawing comes with its article, which the store writes because the mutation returns it. */
export type DiagramSaveOutcome =
  | { status: 'saved'; diagram: DiagramRecord; article: ArticleRecord }
  | { status: 'missing' }
  | { status: 'not_in_body' }
  | { status: 'full' };

/**
 * Pre-rendered Mermaid diagrams: the images are files (see DiagramFiles), each article's record
 * lists the ones drawn for its body. The drawing of a fence the body no longer holds is dropped
 * when the body changes (ArticlesRepository.update).
 */
export class DiagramsRepository {
  constructor(private readonly store: Store) {}

  /** The drawings an article's page shows: those of text its body still holds, with both files present. */
  shownFor(article: ArticleRecord, body: string): DiagramRecord[] {
    return this.withFiles(article).filter((diagram) => body.includes(diagram.source));
  }

  /** An article's drawings whose two image files are both present. */
  withFiles(article: ArticleRecord): DiagramRecord[] {
    const files = this.store.diagrams;
    return (article.diagrams ?? []).filter((diagram) => files.has(diagram.light) && files.has(diagram.dark));
  }

  /**
   * A diagram image that a live article shows (binned articles' are not served), or undefined,
   * also when its file went meanwhile (an edit dropped the diagram and the sweep removed it).
   */
  async readLiveImage(name: string): Promise<Buffer | undefined> {
    if (!isDiagramName(name)) return undefined;
    const shown = this.store.state.articles.items.some(
      (article) =>
        article.deleted_at === null && article.diagrams?.some((diagram) => diagram.light === name || diagram.dark === name),
    );
    const filePath = shown ? this.store.diagrams.filePath(name) : undefined;
    return filePath === undefined ? undefined : readFile(filePath).catch(() => undefined);
  }

  /**
   * Stores a drawing for a live article whose body holds its source, replacing an earlier
   * drawing of the same source. Checked inside the mutation, so an edit that removed the fence
   * meanwhile wins and the new files are swept.
   */
  save(articleId: number, drawn: DrawnDiagram): Promise<DiagramSaveOutcome> {
    return this.store.diagrams.writeAndPoint([drawn.lightSvg, drawn.darkSvg], ([light = '', dark = '']) =>
      this.store.mutate(['articles'], (): DiagramSaveOutcome => {
        const article = this.store.findArticle(articleId);
        if (!article || article.deleted_at !== null) return { status: 'missing' };
        if (!this.store.bodies.get(articleId)?.includes(drawn.source)) return { status: 'not_in_body' };
        const others = (article.diagrams ?? []).filter((diagram) => diagram.source !== drawn.source);
        if (others.length >= LIMITS.articleDiagrams) return { status: 'full' };
        const diagram: DiagramRecord = { source: drawn.source, width: drawn.width, height: drawn.height, light, dark };
        article.diagrams = [...others, diagram];
        return { status: 'saved', diagram, article };
      }),
    );
  }
}
