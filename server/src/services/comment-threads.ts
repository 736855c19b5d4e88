import type { CommentRecord } from '../store/records.js';
import { GenerationMemo } from './generation-memo.js';

/**
 * The top-level comment each comment's thread hangs from. A reply whose chain of parents breaks
 * (a parent not among `comments`: only an imported backup can leave one so) heads a thread of its
 * own; a cycle in damaged data is headed by the comment where the walk meets itself again.
 *
 * Each comment's head is found once: a walk stops at the first comment whose head is known and
 * gives its head to every comment it passed, so a reply chain thousands deep costs one step per
 * comment, not one per comment and ancestor. The walk is a loop, never a recursion, so no depth
 * of replies can exhaust the stack.
 */
function threadHeads(comments: readonly CommentRecord[]): Map<number, number> {
  const byId = new Map(comments.map((comment) => [comment.id, comment]));
  const heads = new Map<number, number>();
  for (const comment of comments) {
    const passed: number[] = [];
    const onWalk = new Set<number>();
    let current = comment;
    let head: number;
    for (;;) {
      const known = heads.get(current.id);
      if (known !== undefined) {
        head = known;
        break;
      }
      if (onWalk.has(current.id)) {
        head = current.id;
        break;
      }
      passed.push(current.id);
      onWalk.add(current.id);
      const parent = current.parent_id == null ? undefined : byId.get(current.parent_id);
      if (!parent) {
        head = current.id;
        break;
      }
      current = parent;
    }
    for (const id of passed) heads.set(id, head);
  }
  return heads;
}

/**
 * An article's visible comments as threads (server/API.md §E12): each top-level comment, newest
 * thread first, followed by all its replies of any depth, oldest first. `newestFirst` is the
 * article's visible comments in the public order.
 */
export function commentThreads(newestFirst: readonly CommentRecord[]): CommentRecord[][] {
  const heads = threadHeads(newestFirst);
  const headIds = new Set(heads.values());
  const threads = new Map<number, CommentRecord[]>();
  for (const comment of newestFirst) if (headIds.has(comment.id)) threads.set(comment.id, [comment]);
  for (const reply of [...newestFirst].reverse()) {
    if (!headIds.has(reply.id)) threads.get(heads.get(reply.id) ?? reply.id)?.push(reply);
  }
  return [...threads.values()];
}

/** An article's visible comments, newest first, and the same comments by threads. */
export interface ArticleComments {
  readonly newestFirst: readonly CommentRecord[];
  readonly threads: readonly (readonly CommentRecord[])[];
}

/**
 * Each article's comments by threads, built once per change of the data (a new, approved or
 * deleted comment moves the store's change count) rather than on every read: the article page
 * and the thread list would otherwise sort every comment again for each visitor.
 */
export class ArticleCommentsCache {
  private readonly memo: GenerationMemo<ArticleComments>;

  constructor(
    /** The store's change count; see {@link GenerationMemo}. */
    dataGeneration: () => number,
    /** An article's visible comments, newest first. */
    private readonly visibleOf: (articleId: number) => readonly CommentRecord[],
  ) {
    this.memo = new GenerationMemo(dataGeneration);
  }

  /** The article's comments; the same object until the data changes. */
  of(articleId: number): ArticleComments {
    return this.memo.get(String(articleId), () => {
      const newestFirst = this.visibleOf(articleId);
      return { newestFirst, threads: commentThreads(newestFirst) };
    });
  }
}
