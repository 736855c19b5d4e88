import type { BlogImportJob, BlogImportOptions } from '@folio/shared';
import type { ApiClient } from '../../../../lib/api-client';

/**
 * Starts an import (server/API.md §E21): the file as it is (the server tells the format from its
 * content) and the options as one JSON text field, only those the owner filled in.
 */
export async function startBlogImport(api: ApiClient, file: File, options: BlogImportOptions): Promise<BlogImportJob> {
  const form = new FormData();
  form.append('file', file, file.name);
  form.append('options', JSON.stringify(options));
  return (await api.upload<BlogImportJob>('/api/admin/imports', form)).data;
}

export async function fetchBlogImport(api: ApiClient, id: string, signal?: AbortSignal): Promise<BlogImportJob> {
  return (await api.get<BlogImportJob>(`/api/admin/imports/${encodeURIComponent(id)}`, { signal })).data;
}

/** Asks the job to stop; it ends as `cancelled` with nothing applied (server/API.md §E21). */
export async function cancelBlogImport(api: ApiClient, id: string): Promise<BlogImportJob> {
  return (await api.post<BlogImportJob>(`/api/admin/imports/${encodeURIComponent(id)}/cancel`)).data;
}
