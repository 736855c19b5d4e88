import type { AdminArticleDetail, RecycleBinItem } from '@folio/shared';
import type { ApiClient } from '../../../../lib/api-client';

export function listRecycleBin(api: ApiClient, page: number, perPage: number) {
  return api.get<RecycleBinItem[]>('/api/admin/recycle-bin', { query: { page, per_page: perPage } });
}

export function restoreArticle(api: ApiClient, id: number) {
  return api.post<AdminArticleDetail>(`/api/admin/recycle-bin/${id}/restore`);
}

export function purgeArticle(api: ApiClient, id: number) {
  return api.delete<{ id: number }>(`/api/admin/recycle-bin/${id}`);
}

export function emptyRecycleBin(api: ApiClient) {
  return api.delete<{ purged: number }>('/api/admin/recycle-bin');
}
