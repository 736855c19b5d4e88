import type { FeedSettings } from '@folio/shared';
import type { ApiClient } from '../../../../lib/api-client';

/** The RSS feeds' full text or excerpt choice (server/API.md §E18). */
export function fetchFeedSettings(api: ApiClient) {
  return api.get<FeedSettings>('/api/admin/settings/feed');
}

export function saveFeedSettings(api: ApiClient, settings: FeedSettings) {
  return api.put<FeedSettings>('/api/admin/settings/feed', settings);
}
