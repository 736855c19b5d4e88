import type { PublicComment } from '@folio/shared';

/** A reply as shown under its thread: `replyTo` names the comment it answers when that is not the thread's first. */
export interface ShownReply {
  comment: PublicComment;
  replyTo: string | null;
}

/** A top-level comment and every reply under it, of any depth, in one flat list. */
export interface CommentThread {
  comment: PublicComment;
  replies: ShownReply[];
}

/** By creation time, then by id (two comments can share a millisecond). */
const oldestFirst = (a: PublicComment, b: PublicComment) =>
  a.created_at < b.created_at ? -1 : a.created_at > b.created_at ? 1 : a.id - b.id;

/**
 * The comments as docs/spec.md §2.3 shows them: two levels. Top-level comments newest first;
 * under each, all its replies oldest first, those answering a reply marked with that reply's
 * nickname. A reply whose chain does not reach a top-level comment in `comments` (its thread is
 * on a page not loaded) is left out.
 */
export function threadsOf(comments: readonly PublicComment[]): CommentThread[] {
  const byId = new Map(comments.map((comment) => [comment.id, comment]));
  const rootOf = (reply: PublicComment): PublicComment | undefined => {
    let current = reply;
    // Bounded by the number of comments, so a malformed cycle cannot hang the page.
    for (let step = 0; step < comments.length && current.parent_id !== null; step += 1) {
      const parent = byId.get(current.parent_id);
      if (!parent) return undefined;
      current = parent;
    }
    return current.parent_id === null ? current : undefined;
  };

  const sorted = [...byId.values()].sort(oldestFirst);
  const threads = new Map<number, CommentThread>();
  for (const comment of sorted.filter((shown) => shown.parent_id === null).reverse()) {
    threads.set(comment.id, { comment, replies: [] });
  }
  for (const comment of sorted) {
    if (comment.parent_id === null) continue;
    const root = rootOf(comment);
    const thread = root && threads.get(root.id);
    if (!thread) continue;
    const replyTo = comment.parent_id === root.id ? null : (byId.get(comment.parent_id)?.author ?? null);
    thread.replies.push({ comment, replyTo });
  }
  return [...threads.values()];
}
