import { LRUCache } from 'lru-cache';
import { checkedNextId } from './record-ids.js';
import type { CollectionFile, CommentRecord } from './records.js';

/** Reads an article's comment file as it is on disk; `null` when there is none. */
export type CommentFileReader = (articleId: number) => CollectionFile<CommentRecord> | null;

/**
 * Estimated bytes of recently read articles' comments kept in memory, beside the articles whose
 * changes are not written yet. Beyond it, the least recently read articles' comments are read
 * from their files again when asked for. 8 MB holds about 12,000 comments of the usual size
 * (a short text and a browser's user agent, some 650 bytes each), near the 20,000 small ones
 * the table kept when it counted comments. Counting bytes also bounds comments with long
 * fields: when it counted them, 1,500 comments with a 15.5 KB user agent grew the process by 70 MB.
 */
export const RECENT_COMMENT_BYTES = 8 * 1024 * 1024;

/** What a comment object costs V8 besides its text: the object, its fields and six string headers. */
const COMMENT_OVERHEAD_BYTES = 160;

/**
 * An estimate of a comment's memory: two bytes per UTF-16 code unit of its text (Chinese text is
 * stored so; ASCII takes one, so the estimate errs on the safe side) plus the object itself.
 */
export function estimateCommentBytes(comment: CommentRecord): number {
  const { author, email, content, ip_address, user_agent, created_at } = comment;
  const units = author.length + email.length + content.length + ip_address.length + user_agent.length + created_at.length;
  return COMMENT_OVERHEAD_BYTES + 2 * units;
}

const estimateGroupBytes = (group: readonly CommentRecord[]): number =>
  group.reduce((total, comment) => total + estimateCommentBytes(comment), 1);

/**
 * The site's comments, grouped by article. On disk each article's group is one file
 * (`comments/<articleId>.json`), so storing a comment rewrites that article's comments only,
 * however many the site holds.
 *
 * In memory the table holds each article's count and the article of every comment id, not the
 * comments (besides the few ids of held comments and of the owner's replies, so that the counts
 * readers see and the admin's unread count need no file read): a site with 100,000 comments held about 30 MB of them. An article's comments are
 * read from its file when asked for (synchronously, as the store's article bodies are) and kept
 * while recently used. A group changed since it was written stays in memory until the store's
 * commit has written it ({@link committed}): until then it, not the file, is the truth.
 */
export class CommentTable {
  private readonly counts = new Map<number, number>();
  private readonly articleOf = new Map<number, number>();
  /** Held comments (server/API.md §E12): their article by id, and how many each article has. */
  private readonly held = new Map<number, number>();
  private readonly heldCounts = new Map<number, number>();
  /** The owner's replies, which never count as unread. */
  private readonly ownerIds = new Set<number>();
  private readonly unwritten = new Map<number, CommentRecord[]>();
  /** Recently read articles' comments, up to a budget of estimated bytes; a group larger than all of it is not kept. */
  private readonly recent: LRUCache<number, CommentRecord[]>;
  private readonly changed = new Set<number>();
  /** Comments found in another article's file while loading, until their own group is rebuilt. */
  private strays: CommentRecord[] = [];
  private nextId = 1;

  constructor(
    private readonly readFile: CommentFileReader,
    budgetBytes = RECENT_COMMENT_BYTES,
  ) {
    this.recent = new LRUCache<number, CommentRecord[]>({ maxSize: budgetBytes, sizeCalculation: estimateGroupBytes });
  }

  /** The estimated bytes of recently read comments kept now (see {@link RECENT_COMMENT_BYTES}). */
  get keptBytes(): number {
    return this.recent.calculatedSize;
  }

  /** The next comment id of the site; ids are never reused, even after a delete or purge. */
  get next_id(): number {
    return this.nextId;
  }

  get size(): number {
    return this.articleOf.size;
  }

  find(id: number): CommentRecord | undefined {
    const articleId = this.articleOf.get(id);
    return articleId === undefined ? undefined : this.group(articleId).find((comment) => comment.id === id);
  }

  /** The article's comments in stored order; callers copy before sorting. */
  forArticle(articleId: number): readonly CommentRecord[] {
    return this.counts.has(articleId) ? this.group(articleId) : [];
  }

  /** Every comment of the site: reads the files of articles not in memory (an export, the admin's list). */
  all(): CommentRecord[] {
    return [...this.counts.keys()].flatMap((articleId) => this.group(articleId, false));
  }

  /** Whether some comment passes `test`: reads one article's file at a time, and stops at the first found. */
  some(test: (comment: CommentRecord) => boolean): boolean {
    for (const articleId of this.counts.keys()) if (this.group(articleId, false).some(test)) return true;
    return false;
  }

  countFor(articleId: number): number {
    return this.counts.get(articleId) ?? 0;
  }

  /** The article's comments readers see: all but the held ones. */
  visibleCountFor(articleId: number): number {
    return this.countFor(articleId) - (this.heldCounts.get(articleId) ?? 0);
  }

  /** How many comments of the site wait for review. */
  get heldCount(): number {
    return this.held.size;
  }

  /** Visitors' comments (not the owner's) with an id of at least `firstId`: ids grow with time. */
  visitorCountFrom(firstId: number): number {
    let count = 0;
    for (const id of this.articleOf.keys()) if (id >= firstId && !this.ownerIds.has(id)) count += 1;
    return count;
  }

  takeNextId(): number {
    const id = checkedNextId(this.nextId);
    this.nextId = id + 1;
    return id;
  }

  /** Raises the next id to at least `nextId`, after ids were taken elsewhere (load, import). */
  raiseNextId(nextId: number): void {
    if (nextId > this.nextId) this.nextId = nextId;
  }

  /** Adds a comment, or replaces the one with its id (moving it when its article changed). */
  put(record: CommentRecord): void {
    const previous = this.find(record.id);
    // A second record with the same id (only a damaged directory has one) replaces the first.
    if (previous) this.detach(previous);
    this.changing(record.article_id).push(record);
    this.index(record);
  }

  /**
   * Adds the comments of an article that has none, as {@link put} would one by one, in one step:
   * a blog import adds thousands inside its one mutation. Comments of another article, or ids
   * already stored, go through {@link put}.
   */
  putNewGroup(articleId: number, comments: readonly CommentRecord[]): void {
    const fits =
      !this.counts.has(articleId) &&
      comments.every((comment) => comment.article_id === articleId && !this.articleOf.has(comment.id));
    if (!fits || new Set(comments.map((comment) => comment.id)).size !== comments.length) {
      for (const comment of comments) this.put(comment);
      return;
    }
    if (comments.length === 0) return;
    this.recent.delete(articleId);
    this.unwritten.set(articleId, [...comments]);
    this.changed.add(articleId);
    // As index() does for each, with the article's counts set once.
    let held = 0;
    let lastId = 0;
    for (const comment of comments) {
      this.articleOf.set(comment.id, articleId);
      if (comment.status === 'pending') {
        this.held.set(comment.id, articleId);
        held += 1;
      }
      if (comment.is_owner === true) this.ownerIds.add(comment.id);
      lastId = Math.max(lastId, comment.id);
    }
    this.counts.set(articleId, comments.length);
    if (held > 0) this.heldCounts.set(articleId, held);
    this.raiseNextId(lastId + 1);
  }

  remove(id: number): CommentRecord | undefined {
    const comment = this.find(id);
    if (comment) this.detach(comment);
    return comment;
  }

  /** Removes every comment of an article (a purge); its file goes with the next commit. */
  removeArticle(articleId: number): void {
    if (!this.counts.has(articleId)) return;
    for (const comment of this.group(articleId)) this.unindex(comment.id, articleId);
    this.recent.delete(articleId);
    this.unwritten.set(articleId, []);
    this.changed.add(articleId);
  }

  /**
   * Counts one stored article file at start, keeping none of its comments in memory. A comment
   * filed under another article, or a second record of an id, is put right by {@link settle}
   * and written where it belongs by the next commit.
   */
  load(fileArticleId: number, file: CollectionFile<CommentRecord>): void {
    this.raiseNextId(file.next_id);
    for (const comment of file.items) {
      const previousArticle = this.articleOf.get(comment.id);
      if (previousArticle !== undefined) {
        // The later record of an id replaces the earlier, as put does.
        this.unindex(comment.id, previousArticle);
        this.changed.add(previousArticle);
      }
      this.index(comment);
      if (comment.article_id !== fileArticleId) {
        this.strays.push(comment);
        this.changed.add(fileArticleId).add(comment.article_id);
      } else if (previousArticle !== undefined) {
        this.changed.add(fileArticleId);
      }
    }
  }

  /** After every file was loaded: rebuilds, from the files, the groups that loading found out of place. */
  settle(): void {
    for (const articleId of this.changed) this.unwritten.set(articleId, this.readGroup(articleId));
    this.strays = [];
  }

  /** Forgets everything, before a migration rebuilds the table from the old single file. */
  clear(): void {
    this.counts.clear();
    this.articleOf.clear();
    this.held.clear();
    this.heldCounts.clear();
    this.ownerIds.clear();
    this.unwritten.clear();
    this.recent.clear();
    this.changed.clear();
    this.strays = [];
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

  /** The articles' files now hold their groups: those not changed since may be read from disk again. */
  committed(articleIds: Iterable<number>): void {
    for (const articleId of articleIds) {
      if (this.changed.has(articleId)) continue;
      const group = this.unwritten.get(articleId);
      this.unwritten.delete(articleId);
      if (group && group.length > 0) this.recent.set(articleId, group);
    }
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
    const items = this.unwritten.get(articleId) ?? this.group(articleId);
    return items.length > 0 ? { next_id: this.nextId, items: [...items] } : null;
  }

  /** The article's comments: unwritten ones, recently read ones, or read from its file (and kept when `keep`). */
  private group(articleId: number, keep = true): CommentRecord[] {
    const inMemory = this.unwritten.get(articleId) ?? this.recent.get(articleId);
    if (inMemory) return inMemory;
    const group = this.readGroup(articleId);
    if (keep && group.length > 0) this.recent.set(articleId, group);
    return group;
  }

  /** The comments the article's file holds that belong to it, and those loading found filed elsewhere. */
  private readGroup(articleId: number): CommentRecord[] {
    const belongs = (comment: CommentRecord) => comment.article_id === articleId && this.articleOf.get(comment.id) === articleId;
    const found = [...(this.readFile(articleId)?.items ?? []), ...this.strays].filter(belongs);
    // Of two records with one id, the later one (as put keeps it).
    const byId = new Map(found.map((comment) => [comment.id, comment]));
    return byId.size === found.length ? found : [...byId.values()];
  }

  /** The article's group, to change in place: held in memory until the next commit writes it. */
  private changing(articleId: number): CommentRecord[] {
    let group = this.unwritten.get(articleId);
    if (!group) {
      group = this.counts.has(articleId) ? this.group(articleId) : [];
      this.recent.delete(articleId);
      this.unwritten.set(articleId, group);
    }
    this.changed.add(articleId);
    return group;
  }

  private detach(comment: CommentRecord): void {
    const rest = this.changing(comment.article_id).filter((candidate) => candidate.id !== comment.id);
    this.unwritten.set(comment.article_id, rest);
    this.unindex(comment.id, comment.article_id);
  }

  /** Records which article a comment belongs to, and counts it there. */
  private index(comment: CommentRecord): void {
    this.articleOf.set(comment.id, comment.article_id);
    addToCount(this.counts, comment.article_id, 1);
    if (comment.status === 'pending') {
      this.held.set(comment.id, comment.article_id);
      addToCount(this.heldCounts, comment.article_id, 1);
    }
    if (comment.is_owner === true) this.ownerIds.add(comment.id);
    this.raiseNextId(comment.id + 1);
  }

  /** Forgets a comment's place in the counts (it was counted under `articleId`). */
  private unindex(id: number, articleId: number): void {
    this.articleOf.delete(id);
    addToCount(this.counts, articleId, -1);
    const heldIn = this.held.get(id);
    if (heldIn !== undefined) {
      this.held.delete(id);
      addToCount(this.heldCounts, heldIn, -1);
    }
    this.ownerIds.delete(id);
  }
}

/** Moves an article's count; an article left with none has no entry, so `counts` lists only articles with comments. */
function addToCount(counts: Map<number, number>, articleId: number, delta: number): void {
  const count = (counts.get(articleId) ?? 0) + delta;
  if (count > 0) counts.set(articleId, count);
  else counts.delete(articleId);
}
