import type { FieldError } from '@folio/shared';
import { CommonUiMessages } from '@folio/shared';

/**
 * The one HTTP client of Folio's front ends (public site, admin, desktop): JSON calls in the
 * envelope of server/API.md §1.2. Pure on purpose: no React and no DOM beyond fetch, AbortSignal and
 * FormData, so the desktop app can route it through its bridge and unit tests can run it in Node.
 */

/** What the client needs from `fetch`; the desktop passes its bridge, tests pass a fake. */
export type FetchLike = (input: string, init: RequestInit) => Promise<Response>;

/** A failed call. `message` is the server's Chinese `msg`, so screens can show it as it is. */
export class ApiError extends Error {
  constructor(
    message: string,
    /** HTTP status, or 0 when the request never reached the server. */
    readonly status: number,
    /** The parsed response body (usually the error envelope), or null when there was none. */
    readonly body: unknown = null,
  ) {
    super(message);
    this.name = 'ApiError';
  }

  get isNetworkError(): boolean {
    return this.status === 0;
  }

  /** The envelope's `data` (for example the rejected ids of a batch call). */
  get data(): unknown {
    return isRecord(this.body) && 'data' in this.body ? this.body.data : null;
  }

  /** Per-field validation problems of a 400 answer (server/API.md §1.2). */
  get fieldErrors(): FieldError[] {
    const data = this.data;
    return isRecord(data) && Array.isArray(data.errors) ? (data.errors as FieldError[]) : [];
  }
}

/** The whole envelope of server/API.md §1.2: `data` plus the top-level pagination and legacy fields. */
export interface EnvelopeResponse<T> {
  code: number;
  msg: string;
  data: T;
  total?: number;
  pages?: number;
  current_page?: number;
  per_page?: number;
  [key: string]: unknown;
}

/** An answer with what the envelope alone does not carry: status and headers (ETag, ...). */
export interface ApiResponse<T> {
  body: EnvelopeResponse<T>;
  status: number;
  headers: Headers;
}

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';
export type QueryValue = string | number | undefined | null;

export interface RequestOptions {
  query?: Record<string, QueryValue>;
  json?: unknown;
  form?: FormData;
  signal?: AbortSignal;
  /** Extra request headers, for example `If-Match` on a conditional save. */
  headers?: Record<string, string>;
  /** Skip the expired-session handling (login, verify and logout handle 401 themselves). */
  ignoreUnauthorized?: boolean;
}

export interface ApiClientOptions {
  /** Origin of the Folio server; '' (the default) calls the page's own origin. */
  baseUrl?: string;
  /** The transport; the global `fetch` when absent. */
  fetch?: FetchLike;
  /** The bearer token to send, read on every call. */
  getToken?: () => string | null;
  /** Called when a call answers 401 (unless the call opts out): the session is gone. */
  onUnauthorized?: () => void;
  /**
   * Headers every call that is not a GET sends, under the call's own: the admin names the client
   * that writes (`X-Folio-Source`, server/API.md §E10) once here instead of at each save.
   */
  writeHeaders?: Record<string, string>;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

export function isAbortError(error: unknown): boolean {
  return isRecord(error) && (error as { name?: unknown }).name === 'AbortError';
}

/** `path?query`, leaving out empty values so filters that are not set are not sent. */
export function buildPath(path: string, query?: Record<string, QueryValue>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  const search = params.toString();
  return search ? `${path}?${search}` : path;
}

// Looked up on each call, not captured at import, so a test or polyfill installed later is used.
const globalFetch: FetchLike = (input, init) => fetch(input, init);

export function createApiClient({
  baseUrl = '',
  fetch: transport = globalFetch,
  getToken,
  onUnauthorized,
  writeHeaders,
}: ApiClientOptions = {}) {
  /** Calls the API and resolves with body, status and headers; rejects with {@link ApiError}. */
  async function send<T>(method: HttpMethod, path: string, options: RequestOptions = {}): Promise<ApiResponse<T>> {
    const headers: Record<string, string> = {
      Accept: 'application/json',
      ...(method === 'GET' ? undefined : writeHeaders),
      ...options.headers,
    };
    const token = getToken?.();
    if (token) headers.Authorization = `Bearer ${token}`;
    let body: BodyInit | undefined;
    if (options.json !== undefined) {
      headers['Content-Type'] = 'application/json';
      body = JSON.stringify(options.json);
    } else if (options.form) {
      body = options.form;
    }
    let response: Response;
    try {
      response = await transport(`${baseUrl}${buildPath(path, options.query)}`, {
        method,
        headers,
        body,
        signal: options.signal,
      });
    } catch (error) {
      // A cancelled call is not a failure to report: callers check isAbortError and stay quiet.
      if (isAbortError(error) || options.signal?.aborted) throw error;
      throw new ApiError(CommonUiMessages.networkError, 0);
    }
    const parsed: unknown = await response.json().catch(() => null);
    const envelope = isRecord(parsed) ? (parsed as Partial<EnvelopeResponse<T>>) : null;
    if (!response.ok || !envelope || envelope.code !== 0) {
      if (response.status === 401 && !options.ignoreUnauthorized) onUnauthorized?.();
      const message = typeof envelope?.msg === 'string' && envelope.msg ? envelope.msg : `HTTP ${response.status}`;
      throw new ApiError(message, response.status, parsed);
    }
    return { body: envelope as EnvelopeResponse<T>, status: response.status, headers: response.headers };
  }

  /** The envelope of a successful call (pagination and legacy fields live at its top level). */
  async function request<T>(method: HttpMethod, path: string, options?: RequestOptions): Promise<EnvelopeResponse<T>> {
    return (await send<T>(method, path, options)).body;
  }

  return {
    send,
    request,
    get: <T>(path: string, options?: RequestOptions) => request<T>('GET', path, options),
    post: <T>(path: string, json?: unknown, options?: RequestOptions) => request<T>('POST', path, { ...options, json }),
    put: <T>(path: string, json?: unknown, options?: RequestOptions) => request<T>('PUT', path, { ...options, json }),
    delete: <T>(path: string, options?: RequestOptions) => request<T>('DELETE', path, options),
    upload: <T>(path: string, form: FormData, options?: RequestOptions) => request<T>('POST', path, { ...options, form }),
    /** The `data` payload of a successful GET. */
    data: async <T>(path: string, options?: RequestOptions) => (await request<T>('GET', path, options)).data,
  };
}

export type ApiClient = ReturnType<typeof createApiClient>;

/** The message to show for a failed call: the server's, else the error's, else `fallback`. */
export function errorMessage(error: unknown, fallback: string): string {
  if (error instanceof Error && error.message) return error.message;
  return fallback;
}
