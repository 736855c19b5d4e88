import { useCallback, useEffect, useRef, useState } from 'react';
import { ADMIN_COMMENTS_PAGE_SIZE, SNACKBAR_MS, UiMessages } from '@folio/shared';
import type { AdminComment } from '@folio/shared';
import { errorMessage } from '../../../../lib/api-client';
import { useAdminApi, useNotify } from '../../hooks/admin-services';
import { listComments } from '../api/comments.api';
import type { CommentStatusFilter } from '../api/comments.api';
import { placeRepliesUnderParents } from '../model/comment-replies';

const duration = SNACKBAR_MS.articles;

/** The comment page's list: held comments first (the server's order), one page at a time. */
export function useCommentList() {
  const api = useAdminApi();
  const notify = useNotify();
  const [comments, setComments] = useState<AdminComment[] | null>(null);
  const [total, setTotal] = useState(0);
  const [page, setPage] = useState(1);
  const [perPage, setPerPage] = useState(ADMIN_COMMENTS_PAGE_SIZE);
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<CommentStatusFilter>('all');
  const latest = useRef(0);
  const sentReplies = useRef(new Set<number>());

  const load = useCallback(async () => {
    const call = ++latest.current;
    try {
      const response = await listComments(api, { page, perPage, search, status });
      if (call !== latest.current) return;
      setComments(placeRepliesUnderParents(response.data.comments, sentReplies.current));
      setTotal(response.data.total);
      if (response.data.comments.length === 0 && page > 1) setPage(page - 1);
    } catch (error) {
      if (call !== latest.current) return;
      setComments((current) => current ?? []);
      notify(errorMessage(error, UiMessages.networkError), 'error', duration);
    }
  }, [api, notify, page, perPage, search, status]);

  useEffect(() => {
    void load();
  }, [load]);

  /** The owner's reply, shown at once under the comment it answers (which it also approved). */
  const showReply = useCallback((reply: AdminComment) => {
    sentReplies.current.add(reply.id);
    setComments((current) => {
      if (!current) return current;
      const answered = current.map((comment) =>
        comment.id === reply.parent_id ? { ...comment, status: 'published' as const } : comment,
      );
      return placeRepliesUnderParents([reply, ...answered], sentReplies.current);
    });
  }, []);

  return {
    comments,
    total,
    page,
    perPage,
    status,
    load,
    showReply,
    setPage,
    setPerPage: (value: number) => {
      setPerPage(value);
      setPage(1);
    },
    setSearch: (text: string) => {
      setSearch(text);
      setPage(1);
    },
    setStatus: (value: CommentStatusFilter) => {
      setStatus(value);
      setPage(1);
    },
  };
}
