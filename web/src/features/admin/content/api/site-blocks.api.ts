import type { SiteBlock, SiteBlockContent } from '@folio/shared';
import type { ApiClient } from '../../../../lib/api-client';

export function fetchSiteBlocks(api: ApiClient) {
  return api.get<SiteBlock[]>('/api/admin/site-blocks');
}

export function saveSiteBlocks(api: ApiClient, blocks: { name: string; content: SiteBlockContent }[]) {
  return api.put<SiteBlock[]>('/api/admin/site-blocks', { blocks });
}
