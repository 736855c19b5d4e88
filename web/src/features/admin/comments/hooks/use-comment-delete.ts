import { useState } from 'react';
import { SNACKBAR_MS, UiMessages } from '@folio/shared';
import type { AdminComment } from '@folio/shared';
import { errorMessage } from '../../../../lib/api-client';
import { useAdminApi, useNotify } from '../../hooks/admin-services';
import { deleteComment, listArticleComments, listPendingComments } from '../api/comments.api';
import { countRepliesUnder } from '../model/comment-replies';

const duration = SNACKBAR_MS.articles;

export interface DeleteTarget {
  comment: AdminComment;
  /** The replies that go with it; null while they are being counted or when they could not be. */
  replies: number | null;
  counting: boolean;
}

/**
 * Deleting a comment deletes its replies (server/API.md §E12), so the confirmation counts them
 * first: the article's visible comments and every held one, as a reply may still wait for review.
 */
export function useCommentDelete(afterDelete: () => Promise<void>) {
  const api = useAdminApi();
  const notify = useNotify();
  const [target, setTarget] = useState<DeleteTarget | null>(null);
  const [busy, setBusy] = useState(false);

  const ask = (comment: AdminComment) => {
    setTarget({ comment, replies: null, counting: true });
    void Promise.all([listArticleComments(api, comment.article_id), listPendingComments(api)])
      .then(([visible, held]) => countRepliesUnder(comment.id, [...visible, ...held]))
      .catch(() => null)
      .then((replies) =>
        setTarget((current) => (current?.comment.id === comment.id ? { ...current, replies, counting: false } : current)),
      );
  };

  const confirm = async () => {
    if (!target) return;
    setBusy(true);
    try {
      const response = await deleteComment(api, target.comment.id);
      notify(response.msg || UiMessages.deleted, 'success', duration);
    } catch (error) {
      notify(`${UiMessages.deleteFailed}: ${errorMessage(error, UiMessages.networkError)}`, 'error', duration);
    } finally {
      setTarget(null);
      setBusy(false);
      await afterDelete();
    }
  };

  return { target, busy, ask, confirm, cancel: () => setTarget(null) };
}
