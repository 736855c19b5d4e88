import type { CommentRecord } from '../store/records.js';

/**
 * The top-level comment each comment's thread hangs from. A reply whose chain of parents breaks
 * (a parent not among `comments`: only an imported backup can leave one so) heads a thread of its
 * own; the walk is bounded, so a cycle in damaged data ends too.
 */
function threadHeads(comments: readonly CommentRecord[]): Map<number, number> {
  const byId = new Map(comments.map((comment) => [comment.id, comment]));
  const heads = new Map<number, number>();
  for (const comment of comments) {
    let current = comment;
    for (let steps = 0; steps < byId.size && current.parent_id != null; steps++) {
      const parent = byId.get(current.parent_id);
      if (!parent) break;
      current = parent;
    }
    heads.set(comment.id, current.id);
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
