import type { RedirectList, RedirectRule } from '@folio/shared';
import type { ApiClient } from '../../../../lib/api-client';

/** The owner's redirects (server/API.md §E19), in their order. */
export async function fetchRedirects(api: ApiClient, signal?: AbortSignal): Promise<RedirectRule[]> {
  return (await api.get<RedirectList>('/api/admin/redirects', { signal })).data.redirects;
}

/** Replaces the whole list; resolves with it as stored. */
export async function saveRedirects(api: ApiClient, redirects: readonly RedirectRule[]): Promise<RedirectRule[]> {
  return (await api.put<RedirectList>('/api/admin/redirects', { redirects })).data.redirects;
}
