import type { AdminComment, Pagination } from '@folio/shared';
import type { ApiClient } from '../../../../lib/api-client';

export function listComments(api: ApiClient, query: { page: number; perPage: number; search: string }) {
  return api.get<{ comments: AdminComment[] } & Pagination>('/api/admin/comments', {
    query: { page: query.page, per_page: query.perPage, search: query.search },
  });
}

export function deleteComment(api: ApiClient, id: number) {
  return api.delete<{ id: number }>(`/api/admin/comments/${id}`);
}
