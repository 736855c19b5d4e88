import type { ApiClient } from '../../../../lib/api-client';

export function exportBackup(api: ApiClient) {
  return api.get<unknown>('/api/admin/export');
}

/** The backup object is sent as is, which is what the server (and the original client) expect. */
export function importBackup(api: ApiClient, backup: unknown) {
  return api.post<unknown>('/api/admin/import', backup);
}
