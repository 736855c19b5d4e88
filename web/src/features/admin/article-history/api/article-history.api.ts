import type { AdminArticleDetail, ArticleRevision, ArticleRevisionListItem } from '@folio/shared';
import type { ApiClient } from '../../../../lib/api-client';
import { ifMatchRevision } from '../../articles/api/articles.api';

/** The article's previous versions, newest first (server/API.md §E10); the current one is the article. */
export function listRevisions(api: ApiClient, articleId: number, signal?: AbortSignal) {
  return api.get<ArticleRevisionListItem[]>(`/api/admin/articles/${articleId}/revisions`, { signal });
}

/** The whole version that was current at `revision`. */
export function getRevision(api: ApiClient, articleId: number, revision: number, signal?: AbortSignal) {
  return api.get<ArticleRevision>(`/api/admin/articles/${articleId}/revisions/${revision}`, { signal });
}

/**
 * Makes `revision` current again as a new change; `currentRevision` goes as `If-Match`, so a change
 * made elsewhere since the owner compared the versions is refused (412) rather than replaced.
 */
export function restoreRevision(api: ApiClient, articleId: number, revision: number, currentRevision: number) {
  return api.post<AdminArticleDetail>(
    `/api/admin/articles/${articleId}/revisions/${revision}/restore`,
    undefined,
    ifMatchRevision(currentRevision),
  );
}

/**
 * Puts `revision` in the article's autosave (server/API.md §E10.3, `into: "autosave"`): the editor
 * offers it, and readers keep seeing the article until the owner publishes it.
 */
export function restoreRevisionIntoAutosave(api: ApiClient, articleId: number, revision: number) {
  return api.post<AdminArticleDetail>(`/api/admin/articles/${articleId}/revisions/${revision}/restore`, { into: 'autosave' });
}
