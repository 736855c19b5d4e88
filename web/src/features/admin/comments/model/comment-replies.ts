/** A comment as far as the conversation's shape goes. */
export interface CommentLink {
  id: number;
  parent_id: number | null;
}

/**
 * How many comments answer `rootId`, directly or through other replies: deleting a comment deletes
 * them with it (server/API.md §E12). `comments` may hold the same comment twice (a visible and a
 * held list merged); each counts once.
 */
export function countRepliesUnder(rootId: number, comments: readonly CommentLink[]): number {
  const children = new Map<number, Set<number>>();
  for (const { id, parent_id: parentId } of comments) {
    if (parentId === null) continue;
    let ids = children.get(parentId);
    if (!ids) children.set(parentId, (ids = new Set()));
    ids.add(id);
  }
  const counted = new Set<number>();
  const waiting = [rootId];
  for (let next = waiting.pop(); next !== undefined; next = waiting.pop()) {
    for (const child of children.get(next) ?? []) {
      if (child === rootId || counted.has(child)) continue;
      counted.add(child);
      waiting.push(child);
    }
  }
  return counted.size;
}

/**
 * The list with each of `placed` (the owner's replies sent from this page) right under the comment
 * it answers, when that comment is in the list: the server orders by time, and a reply that
 * jumped to the top at the next refresh would leave the owner looking for it.
 */
export function placeRepliesUnderParents<C extends CommentLink>(comments: readonly C[], placed: ReadonlySet<number>): C[] {
  const ids = new Set(comments.map((comment) => comment.id));
  const moving = (comment: C) => placed.has(comment.id) && comment.parent_id !== null && ids.has(comment.parent_id);
  const under = new Map<number, C[]>();
  for (const comment of comments) {
    if (!moving(comment) || comment.parent_id === null) continue;
    under.set(comment.parent_id, [...(under.get(comment.parent_id) ?? []), comment]);
  }
  const ordered: C[] = [];
  const add = (comment: C) => {
    ordered.push(comment);
    for (const reply of under.get(comment.id) ?? []) add(reply);
  };
  for (const comment of comments) if (!moving(comment)) add(comment);
  return ordered;
}
