/**
 * The admin-article calls the desktop core makes (mirror, sync, folder import), over the one
 * HTTP adapter. Answers are returned, not thrown: sync must tell 412 from 400 from "offline".
 *
 * API:
 * - `createArticlesApi(http): ArticlesApi`
 *   - `list({ page?, perPage?, search? })`, `listAll()` — admin list items with `revision`
 *   - `get(id)` — `{ ok: true, article }`, or a failure with status 404 when gone
 *   - `create(fields, { idempotencyKey? })` — POST with `Idempotency-Key`; `fields` may carry
 *     `created_at` / `updated_at` ({@link ArticleDates})
 *   - `update(id, fields, { ifMatch? })` — PUT with `If-Match: "<revision>"` (or `*`); `fields`
 *     may carry `status` (server/API.md §E8), absent = unchanged
 *   - `autosave(id, fields, baseRevision)` — `PUT .../autosave` (server/API.md §E9.1): the
 *     editor's text kept beside a published article without changing what readers see
 *   - `revision(id, revision)` — the six fields as they were at that server revision
 *     (server/API.md §E10.2), the base a three-way merge starts from
 *   Every write names the desktop as its client (`X-Folio-Source: desktop`, server/API.md §E10).
 *   - `uploadImage(bytes, filename)` / `uploadCover(bytes, filename)` — the uploaded URL
 *   Each rejects only with `NetworkError` (no answer); an HTTP error is `{ ok: false, status,
 *   message, body }`.
 * - `ServerArticle` (admin detail + `revision`, null when the server predates revisions); the
 *   editable fields are `ArticleFields` of `@folio/shared`.
 * - `revisionOf(headers, data)` — the revision from `data.revision` or the `ETag` header.
 */
import type { AdminArticleDetail, AdminArticleListItem, ArticleFields, ArticleStatus, AutosaveReceipt } from '@folio/shared';
import { ADMIN_ARTICLES_PAGE_SIZE, MAX_PER_PAGE, pickArticleFields, REVISION_SOURCE_HEADER } from '@folio/shared';
import { envelopeMessage } from './http.js';
import type { HttpClient, HttpResponse } from './http.js';

/**
 * Dates an import keeps (timestamps as in server/API.md §1.4). Folio servers honour them on
 * create only (server/API.md §E4); a server that predates them ignores them and stamps the time
 * of creation.
 */
export interface ArticleDates {
  created_at?: string;
  updated_at?: string;
}

/** The status a create may ask for (server/API.md §E8); without one the server publishes at once. */
export interface ArticlePublication {
  status?: ArticleStatus;
}

export interface ServerArticle extends Omit<AdminArticleDetail, 'revision'> {
  /** The article's revision (ETag), or null when the server does not send one. */
  revision: number | null;
}

export interface ServerListItem extends Omit<AdminArticleListItem, 'revision'> {
  revision: number | null;
}

export type ApiResult<T> =
  | { ok: true; status: number; value: T; headers: Headers }
  | { ok: false; status: number; message: string; body: unknown; headers: Headers };

export interface ArticlesApi {
  list(query?: {
    page?: number;
    perPage?: number;
    search?: string;
  }): Promise<ApiResult<{ items: ServerListItem[]; pages: number }>>;
  listAll(): Promise<ApiResult<ServerListItem[]>>;
  get(id: number): Promise<ApiResult<ServerArticle>>;
  revision(id: number, revision: number): Promise<ApiResult<ArticleFields>>;
  create(
    fields: ArticleFields & ArticleDates & ArticlePublication,
    options?: { idempotencyKey?: string },
  ): Promise<ApiResult<ServerArticle>>;
  update(
    id: number,
    fields: Partial<ArticleFields> & { status?: ArticleStatus },
    options?: { ifMatch?: number | '*' },
  ): Promise<ApiResult<ServerArticle>>;
  autosave(id: number, fields: ArticleFields, baseRevision: number): Promise<ApiResult<AutosaveReceipt>>;
  uploadImage(bytes: Uint8Array, filename: string): Promise<ApiResult<string>>;
  uploadCover(bytes: Uint8Array, filename: string): Promise<ApiResult<string>>;
}

/** `"12"` or `W/"12"` → 12. */
function parseEtag(etag: string | null): number | null {
  const match = etag ? /^(?:W\/)?"(\d+)"$/.exec(etag.trim()) : null;
  return match ? Number(match[1]) : null;
}

export function revisionOf(headers: Headers | null, data: unknown): number | null {
  const fromBody = (data as { revision?: unknown } | null)?.revision;
  if (typeof fromBody === 'number' && Number.isInteger(fromBody)) return fromBody;
  return parseEtag(headers?.get('etag') ?? null);
}

/** The history records which client wrote each version. */
const WRITE_HEADERS: Readonly<Record<string, string>> = { [REVISION_SOURCE_HEADER]: 'desktop' };

function failure(response: HttpResponse): ApiResult<never> {
  return {
    ok: false,
    status: response.status,
    message: envelopeMessage(response.body) ?? `HTTP ${response.status}`,
    body: response.body,
    headers: response.headers,
  };
}

function dataOf(response: HttpResponse): unknown {
  return (response.body as { data?: unknown } | null)?.data;
}

function succeeded(response: HttpResponse): boolean {
  return response.status >= 200 && response.status < 300 && (response.body as { code?: unknown } | null)?.code === 0;
}

function toServerArticle(response: HttpResponse): ServerArticle {
  const data = dataOf(response) as AdminArticleDetail;
  return { ...data, revision: revisionOf(response.headers, data) };
}

/** A 412's `data` is the server's current copy (desktop contract). */
export function conflictCopy(result: ApiResult<unknown>): ServerArticle | null {
  if (result.ok || result.status !== 412) return null;
  const data = (result.body as { data?: unknown } | null)?.data;
  if (!data || typeof data !== 'object' || typeof (data as { id?: unknown }).id !== 'number') return null;
  return { ...(data as AdminArticleDetail), revision: revisionOf(result.headers, data) };
}

export function createArticlesApi(http: HttpClient): ArticlesApi {
  const upload = async (endpoint: string, bytes: Uint8Array, filename: string): Promise<ApiResult<string>> => {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(bytes)]), filename);
    const response = await http.request({ method: 'POST', path: endpoint, form, headers: { ...WRITE_HEADERS } });
    if (!succeeded(response)) return failure(response);
    const url = (dataOf(response) as { url?: unknown } | null)?.url;
    if (typeof url !== 'string') return failure(response);
    return { ok: true, status: response.status, value: url, headers: response.headers };
  };

  const api: ArticlesApi = {
    async list(query = {}) {
      const params = new URLSearchParams({
        page: String(query.page ?? 1),
        per_page: String(query.perPage ?? ADMIN_ARTICLES_PAGE_SIZE),
      });
      if (query.search) params.set('search', query.search);
      const response = await http.request({ method: 'GET', path: `/api/admin/articles?${params}` });
      if (!succeeded(response)) return failure(response);
      const items = (dataOf(response) as AdminArticleListItem[]).map((item) => ({ ...item, revision: revisionOf(null, item) }));
      const pages = Number((response.body as { pages?: unknown }).pages) || 0;
      return { ok: true, status: response.status, value: { items, pages }, headers: response.headers };
    },
    async listAll() {
      const all: ServerListItem[] = [];
      for (let page = 1; ; page += 1) {
        const result = await api.list({ page, perPage: MAX_PER_PAGE });
        if (!result.ok) return result;
        all.push(...result.value.items);
        if (page >= result.value.pages) return { ok: true, status: 200, value: all, headers: result.headers };
      }
    },
    async get(id) {
      const response = await http.request({ method: 'GET', path: `/api/admin/articles/${id}` });
      if (!succeeded(response)) return failure(response);
      return { ok: true, status: response.status, value: toServerArticle(response), headers: response.headers };
    },
    async revision(id, revision) {
      const response = await http.request({ method: 'GET', path: `/api/admin/articles/${id}/revisions/${revision}` });
      if (!succeeded(response)) return failure(response);
      const version = pickArticleFields(dataOf(response) as ArticleFields);
      return { ok: true, status: response.status, value: version, headers: response.headers };
    },
    async create(fields, options = {}) {
      const headers: Record<string, string> = { ...WRITE_HEADERS };
      if (options.idempotencyKey) headers['Idempotency-Key'] = options.idempotencyKey;
      const response = await http.request({ method: 'POST', path: '/api/admin/articles', json: fields, headers });
      if (!succeeded(response)) return failure(response);
      return { ok: true, status: response.status, value: toServerArticle(response), headers: response.headers };
    },
    async update(id, fields, options = {}) {
      const headers: Record<string, string> = { ...WRITE_HEADERS };
      if (options.ifMatch !== undefined) headers['If-Match'] = options.ifMatch === '*' ? '*' : `"${options.ifMatch}"`;
      const response = await http.request({ method: 'PUT', path: `/api/admin/articles/${id}`, json: fields, headers });
      if (!succeeded(response)) return failure(response);
      return { ok: true, status: response.status, value: toServerArticle(response), headers: response.headers };
    },
    async autosave(id, fields, baseRevision) {
      const response = await http.request({
        method: 'PUT',
        path: `/api/admin/articles/${id}/autosave`,
        json: { ...pickArticleFields(fields), base_revision: baseRevision },
        headers: { ...WRITE_HEADERS },
      });
      if (!succeeded(response)) return failure(response);
      return { ok: true, status: response.status, value: dataOf(response) as AutosaveReceipt, headers: response.headers };
    },
    uploadImage: (bytes, filename) => upload('/api/admin/articles/images', bytes, filename),
    uploadCover: (bytes, filename) => upload('/api/admin/articles/cover', bytes, filename),
  };
  return api;
}
