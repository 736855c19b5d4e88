import { COMMENTS_PAGE_SIZE } from '@folio/shared';
import type { PublicArticleDetail, PublicComment } from '@folio/shared';
import { publicApi } from '../../api/public-api';

/**
 * An article's detail, which counts a view; a `refresh` (the page already open, refetched after
 * a realtime hint) does not.
 */
export const fetchArticle = (id: number, signal: AbortSignal, refresh = false) =>
  publicApi.data<PublicArticleDetail>(`/api/articles/${id}`, { signal, query: refresh ? { refresh: 1 } : undefined });

export async function fetchComments(id: number, signal: AbortSignal): Promise<PublicComment[]> {
  const data = await publicApi.data<{ comments: PublicComment[] }>(`/api/articles/${id}/comments`, {
    signal,
    query: { page: 1, per_page: COMMENTS_PAGE_SIZE },
  });
  return data.comments;
}

/** Posts a comment; the spec's comment form has no e-mail field, so it is sent empty (docs/spec.md §3). */
export function postComment(id: number, author: string, content: string): Promise<unknown> {
  return publicApi.post(`/api/articles/${id}/comments`, { author: author.trim(), email: '', content: content.trim() });
}
