import type { Store } from './store.js';
import type { CommentRecord } from './records.js';
import { isoNow } from './clock.js';

export type NewComment = Omit<CommentRecord, 'id' | 'created_at'>;

const newestFirst = (a: CommentRecord, b: CommentRecord) =>
  a.created_at < b.created_at ? 1 : a.created_at > b.created_at ? -1 : b.id - a.id;

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
    return this.listForArticle(articleId).filter((comment) => comment.status !== 'pending');
  }

  find(id: number): CommentRecord | undefined {
    return this.store.state.comments.find(id);
  }

  /** An article's comment count, from memory so no count is ever stored twice. */
  countFor(articleId: number): number {
    return this.store.state.comments.countFor(articleId);
  }

  create(fields: NewComment): Promise<CommentRecord> {
    return this.store.mutate(['comments'], (state) => {
      const record: CommentRecord = { ...fields, id: state.comments.takeNextId(), created_at: isoNow() };
      state.comments.put(record);
      return record;
    });
  }

  remove(id: number): Promise<CommentRecord | undefined> {
    const comment = this.find(id);
    if (!comment) return Promise.resolve(undefined);
    return this.store.mutate(['comments'], (state) => {
      state.comments.remove(id);
      return comment;
    });
  }
}
