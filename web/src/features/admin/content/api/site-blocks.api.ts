import type { SiteBlock, SiteBlockContent } from '@folio/shared';
import type { AdminApiClient } from '../../api/admin-api-client';

export function fetchSiteBlocks(api: AdminApiClient) {
  return api.get<SiteBlock[]>('/api/admin/site-blocks');
}

export function saveSiteBlocks(api: AdminApiClient, blocks: { name: string; content: SiteBlockContent }[]) {
  return api.put<SiteBlock[]>('/api/admin/site-blocks', { blocks });
}
