import type { AdminComment, Pagination } from '@folio/shared';
import type { AdminApiClient } from '../../api/admin-api-client';

export function listComments(api: AdminApiClient, query: { page: number; perPage: number; search: string }) {
  return api.get<{ comments: AdminComment[] } & Pagination>('/api/admin/comments', {
    query: { page: query.page, per_page: query.perPage, search: query.search },
  });
}

export function deleteComment(api: AdminApiClient, id: number) {
  return api.delete<{ id: number }>(`/api/admin/comments/${id}`);
}
