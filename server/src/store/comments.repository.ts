import type { Store } from './store.js';
import { takeNextId } from './store.js';
import type { CommentRecord } from './records.js';
import { isoNow } from './clock.js';

export type NewComment = Omit<CommentRecord, 'id' | 'created_at'>;

const newestFirst = (a: CommentRecord, b: CommentRecord) =>
  a.created_at < b.created_at ? 1 : a.created_at > b.created_at ? -1 : b.id - a.id;

export class CommentsRepository {
  constructor(private readonly store: Store) {}

  /** All comments, newest first. */
  list(): CommentRecord[] {
    return [...this.store.state.comments.items].sort(newestFirst);
  }

  listForArticle(articleId: number): CommentRecord[] {
    return this.store.state.comments.items.filter((comment) => comment.article_id === articleId).sort(newestFirst);
  }

  find(id: number): CommentRecord | undefined {
    return this.store.state.comments.items.find((comment) => comment.id === id);
  }

  /** Comment counts by article id, computed from memory so no count is ever stored twice. */
  countsByArticle(): Map<number, number> {
    const counts = new Map<number, number>();
    for (const comment of this.store.state.comments.items) {
      counts.set(comment.article_id, (counts.get(comment.article_id) ?? 0) + 1);
    }
    return counts;
  }

  create(fields: NewComment): Promise<CommentRecord> {
    return this.store.mutate(['comments'], (state) => {
      const record: CommentRecord = { ...fields, id: takeNextId(state.comments), created_at: isoNow() };
      state.comments.items.push(record);
      return record;
    });
  }

  remove(id: number): Promise<CommentRecord | undefined> {
    const comment = this.find(id);
    if (!comment) return Promise.resolve(undefined);
    return this.store.mutate(['comments'], (state) => {
      state.comments.items = state.comments.items.filter((candidate) => candidate.id !== id);
      return comment;
    });
  }
}
