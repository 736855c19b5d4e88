import type { ArticlePreview } from '@folio/shared';
import { publicApi } from '../../api/public-api';

/** The unpublished article a preview link shows (server/API.md §E17); a 404 when the link does not work. */
export const fetchPreview = (token: string, signal: AbortSignal) =>
  publicApi.data<ArticlePreview>(`/api/preview/${encodeURIComponent(token)}`, { signal });
