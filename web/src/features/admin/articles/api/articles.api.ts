import type { AdminArticleDetail, AdminArticleListItem, AiAnalysis, MarkdownImportSummary } from '@folio/shared';
import type { AdminApiClient, RequestOptions } from '../../api/admin-api-client';

/** The fields the owner edits (API 9.1); tags travel as one comma string. */
export interface ArticleFields {
  title: string;
  category: string;
  tags: string;
  summary: string;
  cover: string;
  content: string;
}

export const emptyArticle = (): ArticleFields => ({ title: '', category: '', tags: '', summary: '', cover: '', content: '' });

export function fieldsOf(article: AdminArticleDetail): ArticleFields {
  const { title, category, tags, summary, cover, content } = article;
  return { title, category, tags, summary, cover, content };
}

export function listArticles(api: AdminApiClient, query: { page: number; perPage: number; search: string }) {
  return api.get<AdminArticleListItem[]>('/api/admin/articles', {
    query: { page: query.page, per_page: query.perPage, search: query.search },
  });
}

export function getArticle(api: AdminApiClient, id: number) {
  return api.get<AdminArticleDetail>(`/api/admin/articles/${id}`);
}

export function createArticle(api: AdminApiClient, fields: ArticleFields) {
  return api.post<AdminArticleDetail>('/api/admin/articles', fields);
}

/** `options.headers` can carry `If-Match` so a save from a stale copy is refused. */
export function updateArticle(api: AdminApiClient, id: number, fields: Partial<ArticleFields>, options?: RequestOptions) {
  return api.put<AdminArticleDetail>(`/api/admin/articles/${id}`, fields, options);
}

/** `If-Match` for the revision an editor loaded (the article's ETag); nothing when it is unknown. */
export function ifMatchRevision(revision: number | undefined): RequestOptions | undefined {
  return revision === undefined ? undefined : { headers: { 'If-Match': `"${revision}"` } };
}

export function deleteArticle(api: AdminApiClient, id: number) {
  return api.delete<{ id: number }>(`/api/admin/articles/${id}`);
}

export function batchDeleteArticles(api: AdminApiClient, ids: number[]) {
  return api.post<{ deleted: number[]; not_found: number[] }>('/api/admin/articles/batch-delete', { ids });
}

export function uploadCover(api: AdminApiClient, file: File) {
  const form = new FormData();
  form.append('file', file);
  return api.upload<{ url: string; filename: string }>('/api/admin/articles/cover', form);
}

export function importMarkdown(api: AdminApiClient, files: File[]) {
  const form = new FormData();
  for (const file of files) form.append('files', file, file.name);
  return api.upload<MarkdownImportSummary>('/api/admin/articles/import-md', form);
}

export function analyzeArticle(
  api: AdminApiClient,
  input: { title: string; content: string; summary: string },
  signal?: AbortSignal,
) {
  return api.post<AiAnalysis>('/api/admin/articles/ai-analyze', input, { signal });
}
