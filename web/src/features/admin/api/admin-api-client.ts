import type { FieldError } from '@folio/shared';

/** An API failure carrying the server's Chinese `msg`, so screens can show it as is. */
export class AdminApiError extends Error {
  constructor(
    message: string,
    /** HTTP status, or 0 when the request never reached the server. */
    readonly status: number,
    readonly fieldErrors: FieldError[] = [],
    readonly data: unknown = null,
  ) {
    super(message);
    this.name = 'AdminApiError';
  }

  get isNetworkError(): boolean {
    return this.status === 0;
  }
}

export interface RequestOptions {
  query?: Record<string, string | number | undefined>;
  json?: unknown;
  form?: FormData;
  signal?: AbortSignal;
  /** Extra request headers, for example `If-Match` on a conditional save. */
  headers?: Record<string, string>;
  /** Skip the expired-session handling (login, verify and logout handle 401 themselves). */
  ignoreUnauthorized?: boolean;
}

/** The whole envelope of API.md 1.2: `data` plus the top-level pagination fields. */
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

export interface AdminApiClientOptions {
  baseUrl: string;
  getToken: () => string | null;
  /** Called when an admin call answers 401: the session is gone. */
  onUnauthorized: () => void;
}

export type AdminApiClient = ReturnType<typeof createAdminApiClient>;

function fieldErrorsOf(data: unknown): FieldError[] {
  if (data && typeof data === 'object' && 'errors' in data && Array.isArray(data.errors)) return data.errors as FieldError[];
  return [];
}

/** One client for every admin call: sends the bearer token and turns error envelopes into AdminApiError. */
export function createAdminApiClient({ baseUrl, getToken, onUnauthorized }: AdminApiClientOptions) {
  async function request<T>(method: string, path: string, options: RequestOptions = {}): Promise<EnvelopeResponse<T>> {
    const url = new URL(`${baseUrl}${path}`, window.location.origin);
    for (const [key, value] of Object.entries(options.query ?? {})) {
      if (value !== undefined && value !== '') url.searchParams.set(key, String(value));
    }
    const headers: Record<string, string> = { ...options.headers };
    const token = getToken();
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
      response = await fetch(url, { method, headers, body, signal: options.signal });
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') throw error;
      throw new AdminApiError('网络错误', 0);
    }
    let envelope: EnvelopeResponse<T> | null;
    try {
      envelope = (await response.json()) as EnvelopeResponse<T>;
    } catch {
      envelope = null;
    }
    if (!response.ok || !envelope || envelope.code !== 0) {
      if (response.status === 401 && !options.ignoreUnauthorized) onUnauthorized();
      const message = envelope?.msg || `HTTP ${response.status}`;
      throw new AdminApiError(message, response.status, fieldErrorsOf(envelope?.data), envelope?.data ?? null);
    }
    return envelope;
  }

  return {
    request,
    get: <T>(path: string, options?: RequestOptions) => request<T>('GET', path, options),
    post: <T>(path: string, json?: unknown, options?: RequestOptions) => request<T>('POST', path, { ...options, json }),
    put: <T>(path: string, json?: unknown, options?: RequestOptions) => request<T>('PUT', path, { ...options, json }),
    delete: <T>(path: string, options?: RequestOptions) => request<T>('DELETE', path, options),
    upload: <T>(path: string, form: FormData, options?: RequestOptions) => request<T>('POST', path, { ...options, form }),
  };
}

export function errorMessage(error: unknown, fallback: string): string {
  if (error instanceof AdminApiError) return error.message;
  if (error instanceof Error && error.message) return error.message;
  return fallback;
}
