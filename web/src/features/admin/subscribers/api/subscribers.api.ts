import type { Subscriber } from '@folio/shared';
import type { ApiClient } from '../../../../lib/api-client';
import { ApiError } from '../../../../lib/api-client';
import type { AdminPlatform } from '../../platform';

/** `data` of `GET /api/admin/subscribers` (server/API.md §E23.12). */
export interface SubscriberList {
  subscribers: Subscriber[];
  /** Whether readers can subscribe: mail is configured. */
  open: boolean;
}

export async function fetchSubscribers(api: ApiClient, signal?: AbortSignal): Promise<SubscriberList> {
  return (await api.get<SubscriberList>('/api/admin/subscribers', { signal })).data;
}

export async function removeSubscriber(api: ApiClient, id: number): Promise<string> {
  return (await api.delete<null>(`/api/admin/subscribers/${id}`)).msg;
}

/**
 * The list as the server's CSV (`?format=csv`), fetched through the platform's transport with the
 * owner's token: the API client reads JSON envelopes only.
 */
export async function fetchSubscribersCsv(platform: AdminPlatform): Promise<Blob> {
  const transport = platform.transport ?? ((input, init) => fetch(input, init));
  const token = platform.tokenStorage.get();
  const response = await transport(`${platform.apiBaseUrl}/api/admin/subscribers?format=csv`, {
    method: 'GET',
    headers: { Accept: 'text/csv', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
  });
  if (!response.ok) throw new ApiError(`HTTP ${response.status}`, response.status);
  return new Blob([await response.text()], { type: 'text/csv;charset=utf-8' });
}
