import type { ArticleRecord } from './records.js';

/** A question about one article, asked of every stored article (see {@link StoredArticleViews.idsWhere}). */
export type ArticlePick = (record: ArticleRecord) => boolean;

const drawingsOf = (record: ArticleRecord): string[] =>
  (record.diagrams ?? []).flatMap((diagram) => [diagram.light, diagram.dark]);

/**
 * What some readers need from every stored article, kept up to date by each commit from the
 * records it writes rather than gathered from all articles on every save: the diagram files
 * articles point at (the diagram sweep's list of files to keep), and the ids of the articles
 * a pick holds for (the scheduled ones, for the publishing timer). Built from the records as
 * each commit writes them, so it tells what is stored.
 */
export class StoredArticleViews {
  /** The diagram files each article with drawings points at. */
  private readonly drawings = new Map<number, string[]>();
  private readonly picked = new Map<ArticlePick, Set<number>>();

  constructor(private records: () => readonly ArticleRecord[]) {}

  /** Builds every view again from all records (at start, after a migration rewrote them). */
  rebuild(): void {
    this.drawings.clear();
    for (const record of this.records()) this.setDrawings(record.id, drawingsOf(record));
    for (const [pick, ids] of this.picked) this.fill(pick, ids);
  }

  /** Every diagram file some stored article points at (binned ones' too: a restore shows them again). */
  *diagramFiles(): Iterable<string> {
    for (const names of this.drawings.values()) yield* names;
  }

  /**
   * The ids of the stored articles `pick` holds for. The first call with a function builds its
   * set from every article; commits keep it up to date after that, so pass a function defined
   * once (at module level), not a new one on each call. Check each record again when reading it:
   * a change not yet committed is not in the set.
   */
  idsWhere(pick: ArticlePick): ReadonlySet<number> {
    let ids = this.picked.get(pick);
    if (!ids) {
      ids = new Set();
      this.fill(pick, ids);
      this.picked.set(pick, ids);
    }
    return ids;
  }

  /**
   * Reads the views' part of records a commit writes, as they are now (they may change again
   * before it ends); the returned function applies it, with the ids it removes, once it is on disk.
   */
  capture(put: readonly ArticleRecord[]): (removed: readonly number[]) => void {
    const drawings = put.map((record) => [record.id, drawingsOf(record)] as const);
    const picks = [...this.picked].map(([pick, ids]) => [ids, put.map((record) => [record.id, pick(record)] as const)] as const);
    return (removed) => {
      for (const [id, names] of drawings) this.setDrawings(id, names);
      for (const [ids, answers] of picks) {
        for (const [id, holds] of answers) {
          if (holds) ids.add(id);
          else ids.delete(id);
        }
      }
      for (const id of removed) {
        this.drawings.delete(id);
        for (const ids of this.picked.values()) ids.delete(id);
      }
    };
  }

  private fill(pick: ArticlePick, ids: Set<number>): void {
    ids.clear();
    for (const record of this.records()) if (pick(record)) ids.add(record.id);
  }

  private setDrawings(id: number, names: string[]): void {
    if (names.length > 0) this.drawings.set(id, names);
    else this.drawings.delete(id);
  }
}
