import { MAX_PER_PAGE } from '@folio/shared';
import type { AdminComment, AdminMailStatus, CommentSettings, CommentUnread, Pagination, PublicComment } from '@folio/shared';
import type { ApiClient } from '../../../../lib/api-client';

export type CommentStatusFilter = 'all' | 'pending';

export function listComments(
  api: ApiClient,
  query: { page: number; perPage: number; search: string; status: CommentStatusFilter },
) {
  return api.get<{ comments: AdminComment[] } & Pagination>('/api/admin/comments', {
    query: {
      page: query.page,
      per_page: query.perPage,
      search: query.search,
      status: query.status === 'pending' ? 'pending' : undefined,
    },
  });
}

export function deleteComment(api: ApiClient, id: number) {
  return api.delete<{ id: number }>(`/api/admin/comments/${id}`);
}

export function approveComment(api: ApiClient, id: number) {
  return api.post<unknown>(`/api/admin/comments/${id}/approve`);
}

export function replyToComment(api: ApiClient, id: number, content: string) {
  return api.post<AdminComment>(`/api/admin/comments/${id}/replies`, { content });
}

/** Every item of a paged comment list, page after page. */
async function everyPage<C>(fetchPage: (page: number) => Promise<{ comments: C[]; pages: number }>): Promise<C[]> {
  const comments: C[] = [];
  for (let page = 1; ; page += 1) {
    const answer = await fetchPage(page);
    comments.push(...answer.comments);
    if (page >= answer.pages || answer.comments.length === 0) return comments;
  }
}

/** Every visible comment of an article, flat (the public list, server/API.md §11.1). */
export function listArticleComments(api: ApiClient, articleId: number): Promise<PublicComment[]> {
  return everyPage(async (page) => {
    const query = { page, per_page: MAX_PER_PAGE };
    return (await api.get<{ comments: PublicComment[] } & Pagination>(`/api/articles/${articleId}/comments`, { query })).data;
  });
}

/** Every held comment (they come first in the admin list). */
export function listPendingComments(api: ApiClient): Promise<AdminComment[]> {
  return everyPage(
    async (page) => (await listComments(api, { page, perPage: MAX_PER_PAGE, search: '', status: 'pending' })).data,
  );
}

export function getCommentSettings(api: ApiClient, signal?: AbortSignal) {
  return api.get<CommentSettings>('/api/admin/settings/comments', { signal });
}

export function saveCommentSettings(api: ApiClient, settings: CommentSettings) {
  return api.put<CommentSettings>('/api/admin/settings/comments', settings);
}

export function getUnread(api: ApiClient) {
  return api.get<CommentUnread>('/api/admin/comments/unread');
}

export function markCommentsSeen(api: ApiClient) {
  return api.post<CommentUnread>('/api/admin/comments/seen');
}

export function getMailStatus(api: ApiClient) {
  return api.get<AdminMailStatus>('/api/admin/mail');
}
