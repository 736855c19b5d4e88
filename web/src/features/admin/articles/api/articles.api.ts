import type {
  AdminArticleDetail,
  AdminArticleListItem,
  AiAnalysis,
  ArticleFields,
  DiagramRenderingRequest,
  MarkdownImportSummary,
  PublicDiagram,
  UndrawnDiagrams,
} from '@folio/shared';
import type { ApiClient, RequestOptions } from '../../../../lib/api-client';

export function listArticles(api: ApiClient, query: { page: number; perPage: number; search: string }) {
  return api.get<AdminArticleListItem[]>('/api/admin/articles', {
    query: { page: query.page, per_page: query.perPage, search: query.search },
  });
}

export function getArticle(api: ApiClient, id: number, options?: RequestOptions) {
  return api.get<AdminArticleDetail>(`/api/admin/articles/${id}`, options);
}

export function createArticle(api: ApiClient, fields: ArticleFields) {
  return api.post<AdminArticleDetail>('/api/admin/articles', fields);
}

/** `options.headers` can carry `If-Match` so a save from a stale copy is refused. */
export function updateArticle(api: ApiClient, id: number, fields: Partial<ArticleFields>, options?: RequestOptions) {
  return api.put<AdminArticleDetail>(`/api/admin/articles/${id}`, fields, options);
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
