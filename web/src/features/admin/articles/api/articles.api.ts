import type {
  AdminArticleDetail,
  AdminArticleListItem,
  AiAnalysis,
  ArticleFields,
  ArticleStatus,
  AutosaveReceipt,
  DiagramRenderingRequest,
  MarkdownImportSummary,
  PublicDiagram,
  UndrawnDiagrams,
  UploadLimits,
} from '@folio/shared';
import type { ApiClient, RequestOptions } from '../../../../lib/api-client';

export interface ArticleListQuery {
  page: number;
  perPage: number;
  search: string;
  /** Only articles with this status (server/API.md §E8); every article when absent. */
  status?: ArticleStatus;
}

export function listArticles(api: ApiClient, query: ArticleListQuery) {
  return api.get<AdminArticleListItem[]>('/api/admin/articles', {
    query: { page: query.page, per_page: query.perPage, search: query.search, status: query.status },
  });
}

export function getArticle(api: ApiClient, id: number, options?: RequestOptions) {
  return api.get<AdminArticleDetail>(`/api/admin/articles/${id}`, options);
}

/**
 * Status and schedule a save may set (server/API.md §E8): absent on a create it is published now,
 * absent on an update it stays as it is. `publish_at` is an ISO 8601 UTC time.
 */
export interface ArticlePublicationChange {
  status?: ArticleStatus;
  publish_at?: string;
  /** `false` is 不通知订阅者 (server/API.md §E23.11); absent keeps the stored choice. */
  notify_subscribers?: boolean;
}

/** `options.headers` can carry an `Idempotency-Key` (server/API.md §E2), so a retry creates nothing twice. */
export function createArticle(api: ApiClient, fields: ArticleFields & ArticlePublicationChange, options?: RequestOptions) {
  return api.post<AdminArticleDetail>('/api/admin/articles', fields, options);
}

/** `options.headers` can carry `If-Match` so a save from a stale copy is refused. */
export function updateArticle(
  api: ApiClient,
  id: number,
  fields: Partial<ArticleFields> & ArticlePublicationChange,
  options?: RequestOptions,
) {
  return api.put<AdminArticleDetail>(`/api/admin/articles/${id}`, fields, options);
}

/**
 * Keeps the editor's unsaved fields on the server without changing the article
 * (server/API.md §E9); `baseRevision` is the article revision the editor started from.
 */
export function saveAutosave(api: ApiClient, id: number, fields: ArticleFields, baseRevision: number) {
  return api.put<AutosaveReceipt>(`/api/admin/articles/${id}/autosave`, { ...fields, base_revision: baseRevision });
}

export function discardAutosave(api: ApiClient, id: number) {
  return api.delete<unknown>(`/api/admin/articles/${id}/autosave`);
}

/** `If-Match` for the revision an editor loaded (the article's ETag); nothing when it is unknown. */
export function ifMatchRevision(revision: number | undefined): RequestOptions | undefined {
  return revision === undefined ? undefined : { headers: { 'If-Match': `"${revision}"` } };
}

export function deleteArticle(api: ApiClient, id: number) {
  return api.delete<{ id: number }>(`/api/admin/articles/${id}`);
}

export function batchDeleteArticles(api: ApiClient, ids: number[]) {
  return api.post<{ deleted: number[]; not_found: number[] }>('/api/admin/articles/batch-delete', { ids });
}

/** The largest image the server takes, and its pixel limit (server/API.md §E14). */
export function getUploadLimits(api: ApiClient) {
  return api.get<UploadLimits>('/api/admin/upload-limits');
}

export function uploadCover(api: ApiClient, file: File) {
  const form = new FormData();
  form.append('file', file);
  return api.upload<{ url: string; filename: string }>('/api/admin/articles/cover', form);
}

export function importMarkdown(api: ApiClient, files: File[]) {
  const form = new FormData();
  for (const file of files) form.append('files', file, file.name);
  return api.upload<MarkdownImportSummary>('/api/admin/articles/import-md', form);
}

export function analyzeArticle(api: ApiClient, input: { title: string; content: string; summary: string }, signal?: AbortSignal) {
  return api.post<AiAnalysis>('/api/admin/articles/ai-analyze', input, { signal });
}

/** Live articles with a Mermaid diagram that has no pre-rendered image yet. */
export function listUndrawnDiagrams(api: ApiClient) {
  return api.get<UndrawnDiagrams>('/api/admin/diagrams/undrawn');
}

/** Stores one pre-rendered Mermaid diagram of an article (both themes' SVG). */
export function saveDiagram(api: ApiClient, id: number, drawing: DiagramRenderingRequest) {
  return api.post<PublicDiagram>(`/api/admin/articles/${id}/diagrams`, drawing);
}
