import type { SiteBlock } from '@folio/shared';
import { publicApi } from '../../api/public-api';

export const fetchSiteBlocks = (signal: AbortSignal) => publicApi.data<SiteBlock[]>('/api/site-blocks', { signal });
