import { AdminCommentMessages as A, DesktopCommentMessages as C } from '@folio/shared';
import type { AdminCommentNotice } from '@folio/shared';

/**
 * The words of a new comment, the same in main's native notification and the renderer's toast
 * (and as the admin's own toast words): who wrote on which article, whether it waits for review,
 * and the start of the text.
 */
export function commentNoticeText(notice: AdminCommentNotice): { title: string; body: string } {
  const pending = notice.status === 'pending';
  const words =
    notice.parent_id === null ? (pending ? A.newPendingComment : A.newComment) : pending ? C.repliedPending : C.replied;
  return { title: words(notice.author, notice.article_title), body: notice.excerpt };
}
