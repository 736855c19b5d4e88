/**
 * The desktop's one HTTP adapter: every call the core modules make to a Folio server goes
 * through here, so switching the transport (for example to web/src/lib/api-client.ts once it
 * can return status and headers) is one edit.
 *
 * API:
 * - `createHttpClient({ baseUrl, token?, timeoutMs?, fetch? }): HttpClient`, the one factory of
 *   clients to a server; every client has a time-out (DESKTOP_LIMITS.httpTimeoutMs by default).
 * - `HttpClient.request({ method, path, headers?, json?, form?, timeoutMs? }): Promise<HttpResponse>`
 *   resolves for EVERY HTTP status (callers decide what 412 or 401 means) and rejects only with
 *   {@link NetworkError} when no answer came (`kind`: 'timeout' | 'refused' | 'unreachable').
 * - `HttpClient.fetchPublicFile(path, method): Promise<Response>` — a public file (an image),
 *   its body left to stream.
 * - `HttpClient.fetchAdminFile(path): Promise<Response>` — an owner-only file (a stored backup),
 *   with the token, its body left to stream.
 * - `envelopeMessage(body): string | undefined` — the Chinese `msg` of an error envelope.
 * - `isNetworkError(error)`.
 */
import { DESKTOP_LIMITS } from '@folio/shared';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface HttpRequest {
  method: HttpMethod;
  /** Root-relative path with query, e.g. `/api/admin/articles?page=2`. */
  path: string;
  headers?: Record<string, string>;
  json?: unknown;
  form?: FormData;
  /** A body sent as is, with its type (a backup file, server/API.md §E22.7). */
  raw?: { body: Blob; contentType: string };
  timeoutMs?: number;
}

export interface HttpResponse {
  status: number;
  headers: Headers;
  /** Parsed JSON, or the raw text when the answer is not JSON (an HTML page, a proxy error). */
  body: unknown;
  /** True when the body was valid JSON. */
  isJson: boolean;
}

export type NetworkErrorKind = 'timeout' | 'refused' | 'unreachable';

/** No HTTP answer at all: the server is off, the network is down, or it took too long. */
export class NetworkError extends Error {
  constructor(
    readonly kind: NetworkErrorKind,
    options?: { cause?: unknown },
  ) {
    super(`network ${kind}`, options);
    this.name = 'NetworkError';
  }
}

export function isNetworkError(error: unknown): error is NetworkError {
  return error instanceof NetworkError;
}

/** Node's fetch, Electron's net.fetch (the system's proxy settings apply), or a test's. */
export type FetchFunction = (url: string, init: RequestInit) => Promise<Response>;

export interface HttpClientOptions {
  baseUrl: string;
  /** Bearer token, read on each call so a sign-in does not need a new client. */
  token?: string | (() => string | undefined);
  timeoutMs?: number;
  fetch?: FetchFunction;
}

export interface HttpClient {
  readonly baseUrl: string;
  request(request: HttpRequest): Promise<HttpResponse>;
  /**
   * A public file of the server (an image) as the server answered it, its body not yet read so
   * it can stream on. No token, no cookies, no redirects (they could lead anywhere); the time-out
   * covers the whole transfer.
   */
  fetchPublicFile(path: string, method: 'GET' | 'HEAD'): Promise<Response>;
  /**
   * A file only the signed-in owner may read (a stored backup, server/API.md §E22), with the
   * token, its body left to stream. The time-out covers the wait for the answer; a large body
   * then takes the time it takes.
   */
  fetchAdminFile(path: string): Promise<Response>;
}

const REFUSED_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'UND_ERR_SOCKET', 'UND_ERR_CLOSED']);

function causeCode(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current && typeof current === 'object'; depth += 1) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string') return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

function classify(error: unknown, timedOut: boolean): NetworkError {
  if (timedOut) return new NetworkError('timeout', { cause: error });
  const code = causeCode(error);
  if (code === 'ETIMEDOUT' || code === 'UND_ERR_CONNECT_TIMEOUT') return new NetworkError('timeout', { cause: error });
  if (code && REFUSED_CODES.has(code)) return new NetworkError('refused', { cause: error });
  return new NetworkError('unreachable', { cause: error });
}

export function createHttpClient(options: HttpClientOptions): HttpClient {
  const baseUrl = options.baseUrl.replace(/\/+$/, '');
  const doFetch: FetchFunction = options.fetch ?? ((url, init) => fetch(url, init));
  const clientTimeoutMs = options.timeoutMs ?? DESKTOP_LIMITS.httpTimeoutMs;
  const readToken = () => (typeof options.token === 'function' ? options.token() : options.token);
  return {
    baseUrl,
    async request(request) {
      const headers: Record<string, string> = { Accept: 'application/json', ...request.headers };
      const token = readToken();
      if (token) headers.Authorization = `Bearer ${token}`;
      let body: string | FormData | Blob | undefined;
      if (request.json !== undefined) {
        headers['Content-Type'] = 'application/json';
        body = JSON.stringify(request.json);
      } else if (request.form) {
        body = request.form;
      } else if (request.raw) {
        headers['Content-Type'] = request.raw.contentType;
        body = request.raw.body;
      }
      const controller = new AbortController();
      let timedOut = false;
      const timer = setTimeout(() => {
        timedOut = true;
        controller.abort();
      }, request.timeoutMs ?? clientTimeoutMs);
      try {
        const response = await doFetch(`${baseUrl}${request.path}`, {
          method: request.method,
          headers,
          body,
          signal: controller.signal,
          redirect: 'manual',
        });
        const text = await response.text();
        let parsed: unknown = text;
        let isJson = false;
        try {
          parsed = text ? JSON.parse(text) : null;
          isJson = true;
        } catch {
          // Not JSON: keep the text so a caller can tell "answers, but not Folio".
        }
        return { status: response.status, headers: response.headers, body: parsed, isJson };
      } catch (error) {
        throw classify(error, timedOut);
      } finally {
        clearTimeout(timer);
      }
    },
    async fetchPublicFile(path, method) {
      const signal = AbortSignal.timeout(clientTimeoutMs);
      try {
        return await doFetch(`${baseUrl}${path}`, { method, redirect: 'manual', credentials: 'omit', signal });
      } catch (error) {
        throw classify(error, signal.aborted);
      }
    },
    async fetchAdminFile(path) {
      const headers: Record<string, string> = {};
      const token = readToken();
      if (token) headers.Authorization = `Bearer ${token}`;
      const controller = new AbortController();
      let timedOut = false;
      const timer = setTimeout(() => {
        timedOut = true;
        controller.abort();
      }, clientTimeoutMs);
      try {
        return await doFetch(`${baseUrl}${path}`, { method: 'GET', headers, redirect: 'manual', signal: controller.signal });
      } catch (error) {
        throw classify(error, timedOut);
      } finally {
        clearTimeout(timer);
      }
    },
  };
}

/** The `msg` of a Folio envelope, when the body is one. */
export function envelopeMessage(body: unknown): string | undefined {
  if (body && typeof body === 'object' && typeof (body as { msg?: unknown }).msg === 'string') {
    return (body as { msg: string }).msg;
  }
  return undefined;
}
