import type { StorageHealthStatus } from '@folio/shared';
import type { ApiClient } from '../../../../lib/api-client';

/**
 * Whether the server's data directory takes writes (server/API.md §E15). A background probe: its
 * 401 does not end the session, which stays the session guard's call on its own schedule.
 */
export function getStorageHealth(api: ApiClient) {
  return api.get<StorageHealthStatus>('/api/admin/storage', { ignoreUnauthorized: true });
}
