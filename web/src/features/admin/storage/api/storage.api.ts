import type { StorageHealthStatus } from '@folio/shared';
import type { ApiClient } from '../../../../lib/api-client';

/** Whether the server's data directory takes writes (server/API.md §E15). */
export function getStorageHealth(api: ApiClient) {
  return api.get<StorageHealthStatus>('/api/admin/storage');
}
