import type { ApiRequest, FolioBridge } from '../../channels';
import type { FetchLike } from '../web-admin';

type ApiBody = NonNullable<ApiRequest['body']>;
type ApiPart = Extract<ApiBody, { kind: 'multipart' }>['parts'][number];

/** Statuses whose Response must not carry a body (the constructor throws otherwise). */
const NULL_BODY_STATUSES = new Set([101, 204, 205, 304]);
/** Headers main sets itself; the admin client's bearer placeholder must never reach the bridge. */
const DROPPED_HEADERS = new Set(['authorization', 'cookie', 'host', 'origin', 'content-length']);

/** Bytes as base64: survives both contextBridge and Playwright's JSON bindings. */
export function bytesToBase64(bytes: Uint8Array): string {
  let binary = '';
  const chunk = 0x8000;
  for (let index = 0; index < bytes.length; index += chunk) {
    binary += String.fromCharCode(...bytes.subarray(index, index + chunk));
  }
  return btoa(binary);
}

async function multipartParts(form: FormData): Promise<ApiPart[]> {
  const parts: ApiPart[] = [];
  for (const [name, value] of form.entries()) {
    if (typeof value === 'string') {
      parts.push({ kind: 'field', name, value });
    } else {
      const bytes = new Uint8Array(await value.arrayBuffer());
      parts.push({
        kind: 'file',
        name,
        filename: value.name || 'file',
        contentType: value.type || 'application/octet-stream',
        base64: bytesToBase64(bytes),
      });
    }
  }
  return parts;
}

async function requestBody(request: Request): Promise<ApiBody | undefined> {
  if (request.method === 'GET' || request.method === 'HEAD' || request.body === null) return undefined;
  const contentType = request.headers.get('content-type') ?? '';
  if (contentType.startsWith('multipart/form-data'))
    return { kind: 'multipart', parts: await multipartParts(await request.formData()) };
  return { kind: 'text', text: await request.text(), ...(contentType ? { contentType } : {}) };
}

function forwardedHeaders(request: Request): Record<string, string> {
  const headers: Record<string, string> = {};
  request.headers.forEach((value, name) => {
    // Content-Type travels with the body (multipart boundaries are rebuilt by main).
    if (!DROPPED_HEADERS.has(name) && name !== 'content-type') headers[name] = value;
  });
  return headers;
}

/**
 * A `fetch` that sends every admin API call through `api.request`: the main process adds the
 * token and talks to the active server, so the renderer never holds the token and needs no CORS.
 * A bridge failure (server unreachable, not signed in...) rejects with a TypeError exactly like
 * a failed fetch, which the admin client already reports as a network error; `onNetworkFailure`
 * lets the desktop switch to offline mode at once instead of waiting for the next probe.
 */
export function createBridgeFetch(bridge: FolioBridge, onNetworkFailure: () => void): FetchLike {
  return async (input, init) => {
    const request = new Request(input, init);
    if (request.signal.aborted) throw new DOMException('The operation was aborted.', 'AbortError');
    const url = new URL(request.url);
    const method = request.method.toUpperCase();
    if (method !== 'GET' && method !== 'POST' && method !== 'PUT' && method !== 'DELETE') {
      throw new TypeError(`Unsupported method ${method}`);
    }
    const body = await requestBody(request);
    const reply = await bridge.api.request({
      method,
      path: `${url.pathname}${url.search}`,
      headers: forwardedHeaders(request),
      ...(body ? { body } : {}),
    });
    if (request.signal.aborted) throw new DOMException('The operation was aborted.', 'AbortError');
    if (!reply.ok) {
      if (reply.error.code === 'offline' || reply.error.code === 'unreachable') onNetworkFailure();
      throw new TypeError(reply.error.message);
    }
    const { status, headers, body: text } = reply.data;
    return new Response(NULL_BODY_STATUSES.has(status) ? null : text, { status, headers });
  };
}
