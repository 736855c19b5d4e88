import type { CollectionName, Store, StoreState } from './store.js';
import type { CommentRecord } from './records.js';
import { isoNow } from './clock.js';

export type NewComment = Omit<CommentRecord, 'id' | 'created_at'>;

/**
 * What else a comment's commit does, in the same store commit (the notices of the comment,
 * server/API.md §E12): the collections it changes, and the change, given the stored comment.
 */
export interface AlongWithComment {
  collections: readonly CollectionName[];
  change(state: StoreState, stored: CommentRecord): void;
}

const nothingAlong: AlongWithComment = { collections: [], change: () => undefined };

const newestFirst = (a: CommentRecord, b: CommentRecord) =>
  a.created_at < b.created_at ? 1 : a.created_at > b.created_at ? -1 : b.id - a.id;

const isVisible = (comment: CommentRecord) => comment.status !== 'pending';

/** The comment and every reply under it (any depth), from the article's comments. */
function withReplies(comment: CommentRecord, articleComments: readonly CommentRecord[]): CommentRecord[] {
  const found = [comment];
  const ids = new Set([comment.id]);
  // Replies come after what they answer in time, but an import may have put them anywhere: loop until none is added.
  for (let added = true; added;) {
    added = false;
    for (const candidate of articleComments) {
      if (candidate.parent_id != null && ids.has(candidate.parent_id) && !ids.has(candidate.id)) {
        ids.add(candidate.id);
        found.push(candidate);
        added = true;
      }
    }
  }
  return found;
}

/** Comments: one file per article under `comments/`, so a new comment rewrites only its article's. */
export class CommentsRepository {
  constructor(private readonly store: Store) {}

  /** All comments, newest first. */
  list(): CommentRecord[] {
    return this.store.state.comments.all().sort(newestFirst);
  }

  listForArticle(articleId: number): CommentRecord[] {
    return [...this.store.state.comments.forArticle(articleId)].sort(newestFirst);
  }

  /** The article's comments readers see (held ones left out), newest first. */
  listVisibleForArticle(articleId: number): CommentRecord[] {
    return this.listForArticle(articleId).filter(isVisible);
  }

  find(id: number): CommentRecord | undefined {
    return this.store.state.comments.find(id);
  }

  /** How many of an article's comments readers see, from memory so no count is ever stored twice. */
  countFor(articleId: number): number {
    return this.store.state.comments.visibleCountFor(articleId);
  }

  /** How many comments wait for review. */
  heldCount(): number {
    return this.store.state.comments.heldCount;
  }

  /** The id the next comment will get: a mark that every later comment is at or above. */
  nextId(): number {
    return this.store.state.comments.next_id;
  }

  /** Visitors' comments stored from the mark on (see {@link nextId}). */
  visitorCountFrom(firstId: number): number {
    return this.store.state.comments.visitorCountFrom(firstId);
  }

  /**
   * Whether some shown visitor comment of the site passes `test`. It may read every article's
   * comments, one article at a time: only the `first` review rule asks, once per new comment.
   */
  someShown(test: (comment: CommentRecord) => boolean): boolean {
    return this.store.state.comments.some((comment) => isVisible(comment) && comment.is_owner !== true && test(comment));
  }

  create(fields: NewComment, along: AlongWithComment = nothingAlong): Promise<CommentRecord> {
    return this.store.mutate(['comments', ...along.collections], (state) => {
      const record: CommentRecord = { ...fields, id: state.comments.takeNextId(), created_at: isoNow() };
      state.comments.put(record);
      along.change(state, record);
      return record;
    });
  }

  /** Shows a held comment; `undefined` when there is none, the comment itself when it was shown already. */
  async approve(id: number, along: AlongWithComment = nothingAlong): Promise<CommentRecord | undefined> {
    const comment = this.find(id);
    if (!comment || isVisible(comment)) return comment;
    return this.store.mutate(['comments', ...along.collections], (state) => {
      // Shown now: why it was held no longer describes it.
      const { held_reason: _reason, ...rest } = comment;
      const approved: CommentRecord = { ...rest, status: 'published' };
      state.comments.put(approved);
      along.change(state, approved);
      return approved;
    });
  }

  /** Deletes a comment with every reply under it; the removed ones, none when it did not exist. */
  async remove(id: number): Promise<CommentRecord[]> {
    const comment = this.find(id);
    if (!comment) return [];
    const removed = withReplies(comment, this.store.state.comments.forArticle(comment.article_id));
    return this.store.mutate(['comments'], (state) => {
      for (const each of removed) state.comments.remove(each.id);
      return removed;
    });
  }

  /** How many replies (any depth) deleting the comment would take with it. */
  replyCount(comment: CommentRecord): number {
    return withReplies(comment, this.store.state.comments.forArticle(comment.article_id)).length - 1;
  }
}
