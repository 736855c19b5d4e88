import type { AdminAvatar } from '@folio/shared';
import type { ApiClient } from '../../../../lib/api-client';

export function fetchAvatars(api: ApiClient) {
  return api.get<AdminAvatar[]>('/api/admin/avatars');
}

export function uploadAvatar(api: ApiClient, file: File) {
  const form = new FormData();
  form.append('file', file);
  return api.upload<AdminAvatar>('/api/admin/avatars', form);
}

/** Saves the whole order; the server makes the first avatar current (server/API.md §7.4). */
export function saveAvatarOrder(api: ApiClient, ids: number[]) {
  return api.put<AdminAvatar[]>('/api/admin/avatars/order', { ids });
}

export function deleteAvatar(api: ApiClient, id: number) {
  return api.delete<{ id: number }>(`/api/admin/avatars/${id}`);
}
