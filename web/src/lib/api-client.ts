/** The one HTTP client of the web app: same-origin JSON calls in the envelope of API.md 1.2. */

export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly body: unknown,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export type QueryValue = string | number | undefined | null;

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  query?: Record<string, QueryValue>;
  json?: unknown;
  signal?: AbortSignal;
  token?: string;
}

export function buildPath(path: string, query?: Record<string, QueryValue>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  const search = params.toString();
  return search ? `${path}?${search}` : path;
}

/**
 * Calls the API and resolves with the whole response body (pagination lives at its top level).
 * Rejects with {@link ApiError} on a network failure, a non-2xx status or a non-zero `code`.
 */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (options.json !== undefined) headers['Content-Type'] = 'application/json';
  if (options.token) headers.Authorization = `Bearer ${options.token}`;
  let response: Response;
  try {
    response = await fetch(buildPath(path, options.query), {
      method: options.method ?? 'GET',
      headers,
      body: options.json === undefined ? undefined : JSON.stringify(options.json),
      signal: options.signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(error instanceof Error ? error.message : 'network error', 0, null);
  }
  const body: unknown = await response.json().catch(() => null);
  const envelope = body as { code?: unknown; msg?: unknown } | null;
  if (!response.ok || !envelope || envelope.code !== 0) {
    const message = typeof envelope?.msg === 'string' ? envelope.msg : `HTTP ${response.status}`;
    throw new ApiError(message, response.status, body);
  }
  return body as T;
}

/** The `data` payload of a successful call. */
export async function apiData<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const body = await apiRequest<{ data: T }>(path, options);
  return body.data;
}
