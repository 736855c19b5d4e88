import type { CreatedPreviewLink, PreviewLink } from '@folio/shared';
import type { ApiClient } from '../../../../lib/api-client';

const linksPath = (articleId: number) => `/api/admin/articles/${articleId}/preview-links`;

/** A new preview link of a draft or scheduled article (server/API.md §E17.1); its `url` is shown this once. */
export async function createPreviewLink(api: ApiClient, articleId: number): Promise<CreatedPreviewLink> {
  return (await api.post<CreatedPreviewLink>(linksPath(articleId))).data;
}

/** The article's links that still work, without their tokens (server/API.md §E17.2). */
export async function listPreviewLinks(api: ApiClient, articleId: number, signal?: AbortSignal): Promise<PreviewLink[]> {
  return (await api.get<PreviewLink[]>(linksPath(articleId), { signal })).data;
}

/** Revokes a link at once (server/API.md §E17.3). */
export async function revokePreviewLink(api: ApiClient, articleId: number, linkId: number): Promise<void> {
  await api.delete(`${linksPath(articleId)}/${linkId}`);
}
