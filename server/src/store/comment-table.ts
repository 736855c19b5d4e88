import type { CollectionFile, CommentRecord } from './records.js';

/**
 * Every comment in memory, grouped by article. On disk each article's group is one file
 * (`comments/<articleId>.json`), so storing a comment rewrites that article's comments only,
 * however many the site holds. The table remembers which groups changed since the store's last
 * commit; the store writes exactly those.
 */
export class CommentTable {
  private readonly byArticle = new Map<number, CommentRecord[]>();
  private readonly byId = new Map<number, CommentRecord>();
  private readonly changed = new Set<number>();
  private nextId = 1;

  /** The next comment id of the site; ids are never reused, even after a delete or purge. */
  get next_id(): number {
    return this.nextId;
  }

  get size(): number {
    return this.byId.size;
  }

  find(id: number): CommentRecord | undefined {
    return this.byId.get(id);
  }

  /** The article's comments in stored order; callers copy before sorting. */
  forArticle(articleId: number): readonly CommentRecord[] {
    return this.byArticle.get(articleId) ?? [];
  }

  all(): CommentRecord[] {
    return [...this.byId.values()];
  }

  countFor(articleId: number): number {
    return this.byArticle.get(articleId)?.length ?? 0;
  }

  takeNextId(): number {
    const id = this.nextId;
    this.nextId = id + 1;
    return id;
  }

  /** Raises the next id to at least `nextId`, after ids were taken elsewhere (load, import). */
  raiseNextId(nextId: number): void {
    if (nextId > this.nextId) this.nextId = nextId;
  }

  /** Adds a comment, or replaces the one with its id (moving it when its article changed). */
  put(record: CommentRecord): void {
    this.insert(record);
    this.changed.add(record.article_id);
  }

  remove(id: number): CommentRecord | undefined {
    const comment = this.byId.get(id);
    if (comment) this.detach(comment);
    return comment;
  }

  /** Removes every comment of an article (a purge); its file goes with the next commit. */
  removeArticle(articleId: number): void {
    const group = this.byArticle.get(articleId);
    if (!group) return;
    for (const comment of group) this.byId.delete(comment.id);
    this.byArticle.delete(articleId);
    this.changed.add(articleId);
  }

  /** Fills the table from one stored article file without marking anything for writing. */
  load(fileArticleId: number, file: CollectionFile<CommentRecord>): void {
    this.raiseNextId(file.next_id);
    for (const comment of file.items) {
      this.insert(comment);
      // A comment filed under another article is rewritten where it belongs by the next commit.
      if (comment.article_id !== fileArticleId) this.markChanged([fileArticleId, comment.article_id]);
    }
  }

  /** Forgets everything, before a migration rebuilds the table from the old single file. */
  clear(): void {
    this.byArticle.clear();
    this.byId.clear();
    this.changed.clear();
    this.nextId = 1;
  }

  /** Article ids whose file must be written (or removed), and forgets them until {@link markChanged}. */
  takeChanged(): number[] {
    const ids = [...this.changed];
    this.changed.clear();
    return ids;
  }

  /** Marks articles for the next commit again, after a commit that would have written them failed. */
  markChanged(articleIds: Iterable<number>): void {
    for (const id of articleIds) this.changed.add(id);
  }

  get hasChanges(): boolean {
    return this.changed.size > 0;
  }

  /**
   * What the article's file holds; `null` when it has no comments, so its file is removed. The
   * list is a copy, so the file can be written from it while new comments arrive (records are
   * never changed in place, only replaced).
   */
  fileOf(articleId: number): CollectionFile<CommentRecord> | null {
    const items = this.byArticle.get(articleId);
    return items && items.length > 0 ? { next_id: this.nextId, items: [...items] } : null;
  }

  /** Article ids that have comments, in no particular order. */
  articleIds(): number[] {
    return [...this.byArticle.keys()];
  }

  private insert(record: CommentRecord): void {
    const previous = this.byId.get(record.id);
    // A second record with the same id (only a damaged directory has one) replaces the first.
    if (previous) this.detach(previous);
    const group = this.byArticle.get(record.article_id);
    if (group) group.push(record);
    else this.byArticle.set(record.article_id, [record]);
    this.byId.set(record.id, record);
    this.raiseNextId(record.id + 1);
  }

  private detach(comment: CommentRecord): void {
    this.byId.delete(comment.id);
    const group = this.byArticle.get(comment.article_id);
    if (group) {
      const rest = group.filter((candidate) => candidate.id !== comment.id);
      if (rest.length > 0) this.byArticle.set(comment.article_id, rest);
      else this.byArticle.delete(comment.article_id);
    }
    this.changed.add(comment.article_id);
  }
}
