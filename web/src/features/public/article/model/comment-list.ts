import type { PublicComment } from '@folio/shared';

/**
 * The threads loaded so far (server/API.md §E12, `?threads=1`): each top-level comment followed
 * by its replies, and how many comments the article has in all, replies included.
 */
export interface CommentsPage {
  comments: PublicComment[];
  total: number;
}

/**
 * The page as shown: `fetched` with the visitor's own `posted` comments that it may have missed
 * (each POST's answer is the comment as stored, shown at once without a fetch). A comment the
 * page already holds is not added twice. Where each one shows is `threadsOf`'s business.
 */
export function withOwnComments(fetched: CommentsPage, posted: readonly PublicComment[]): CommentsPage {
  const listed = new Set(fetched.comments.map((comment) => comment.id));
  const missing = posted.filter((comment) => !listed.has(comment.id));
  if (missing.length === 0) return fetched;
  return { comments: [...fetched.comments, ...missing], total: fetched.total + missing.length };
}

/**
 * Whether threads remain to load. A page holds every reply of its threads, so any comment of the
 * article it lacks belongs to a thread further on.
 */
export const hasMoreThreads = (page: CommentsPage): boolean => page.total > page.comments.length;
