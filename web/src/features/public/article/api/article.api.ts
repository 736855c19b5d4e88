import { COMMENTS_PAGE_SIZE } from '@folio/shared';
import type { PublicArticleDetail, PublicComment } from '@folio/shared';
import { publicApi } from '../../api/public-api';
import type { CommentsPage } from '../model/comment-list';

/**
 * An article's detail, which counts a view; a `refresh` (the page already open, refetched after
 * a realtime hint) does not.
 */
export const fetchArticle = (id: number, signal: AbortSignal, refresh = false) =>
  publicApi.data<PublicArticleDetail>(`/api/articles/${id}`, { signal, query: refresh ? { refresh: 1 } : undefined });

/** The article's newest comments and how many it has. */
export async function fetchComments(id: number, signal: AbortSignal): Promise<CommentsPage> {
  const data = await publicApi.data<{ comments: PublicComment[]; total: number }>(`/api/articles/${id}/comments`, {
    signal,
    query: { page: 1, per_page: COMMENTS_PAGE_SIZE },
  });
  return { comments: data.comments, total: data.total };
}

/**
 * Posts a comment and resolves with it as stored (cleaned and trimmed, with its id and time).
 * The spec's comment form has no e-mail field, so it is sent empty (docs/spec.md §3).
 */
export async function postComment(id: number, author: string, content: string): Promise<PublicComment> {
  const answer = await publicApi.post<PublicComment>(`/api/articles/${id}/comments`, {
    author: author.trim(),
    email: '',
    content: content.trim(),
  });
  return answer.data;
}
