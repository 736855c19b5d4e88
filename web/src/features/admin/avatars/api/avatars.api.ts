import type { AdminAvatar } from '@folio/shared';
import type { AdminApiClient } from '../../api/admin-api-client';

export function fetchAvatars(api: AdminApiClient) {
  return api.get<AdminAvatar[]>('/api/admin/avatars');
}

export function uploadAvatar(api: AdminApiClient, file: File) {
  const form = new FormData();
  form.append('file', file);
  return api.upload<AdminAvatar>('/api/admin/avatars', form);
}

/** Saves the whole order; the server makes the first avatar current (API.md 7). */
export function saveAvatarOrder(api: AdminApiClient, ids: number[]) {
  return api.put<AdminAvatar[]>('/api/admin/avatars/order', { ids });
}

export function deleteAvatar(api: AdminApiClient, id: number) {
  return api.delete<{ id: number }>(`/api/admin/avatars/${id}`);
}
