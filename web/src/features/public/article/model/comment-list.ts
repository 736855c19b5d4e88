import { COMMENTS_PAGE_SIZE } from '@folio/shared';
import type { PublicComment } from '@folio/shared';

/** The first page of an article's comments, newest first, and how many there are in all. */
export interface CommentsPage {
  comments: PublicComment[];
  total: number;
}

/** Newest first, as the server lists them: by creation time, then by id. */
const newestFirst = (a: PublicComment, b: PublicComment) =>
  a.created_at < b.created_at ? 1 : a.created_at > b.created_at ? -1 : b.id - a.id;

/**
 * The page as shown: `fetched` with the visitor's own `posted` comments that it may have missed
 * (each POST's answer is the comment as stored, shown at once without a fetch). A comment the
 * page already holds is not added twice, and the page keeps its size.
 */
export function withOwnComments(fetched: CommentsPage, posted: readonly PublicComment[]): CommentsPage {
  const listed = new Set(fetched.comments.map((comment) => comment.id));
  const missing = posted.filter((comment) => !listed.has(comment.id));
  if (missing.length === 0) return fetched;
  return {
    comments: [...missing, ...fetched.comments].sort(newestFirst).slice(0, COMMENTS_PAGE_SIZE),
    total: fetched.total + missing.length,
  };
}
