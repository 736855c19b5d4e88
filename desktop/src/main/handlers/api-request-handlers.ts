import { DesktopBridgeMessages as M, DesktopMessages as D } from '@folio/shared';
import { BridgeError } from '../../channels';
import type { ApiRequest, ApiResponse } from '../../channels';
import { isNetworkError } from '../../core/http';
import type { HttpRequest, HttpResponse } from '../../core/http';
import type { HandlerContext, Handlers } from './handler-context';

/** api.request: the admin's API calls, sent by main with the token the renderer never holds. */
export function createApiRequestHandlers(context: HandlerContext): Handlers['api'] {
  const { connectivity } = context.deps;
  return {
    request: async (request) => {
      const { active, token } = context.activeSession();
      try {
        const response = await context.serverClient(active.url, token).request(toHttpRequest(request));
        connectivity.report(true);
        return toApiResponse(response);
      } catch (error) {
        if (!isNetworkError(error)) throw error;
        connectivity.report(false);
        throw new BridgeError('offline', D.serverUnreachable);
      }
    },
  };
}

/** The bridge's request (text or multipart body) as the core HTTP client's request. */
function toHttpRequest(request: ApiRequest): HttpRequest {
  const headers = { ...request.headers };
  const base: HttpRequest = { method: request.method, path: request.path, headers };
  if (request.body === undefined) return base;
  if (request.body.kind === 'text') {
    // The admin sends JSON; the core client serialises it again with the right Content-Type.
    try {
      return { ...base, json: JSON.parse(request.body.text) as unknown };
    } catch {
      throw new BridgeError('invalid-argument', M.requestBodyNotJson);
    }
  }
  const form = new FormData();
  for (const part of request.body.parts) {
    if (part.kind === 'field') form.append(part.name, part.value);
    else form.append(part.name, new Blob([Buffer.from(part.base64, 'base64')], { type: part.contentType }), part.filename);
  }
  return { ...base, form };
}

function toApiResponse(response: HttpResponse): ApiResponse {
  const headers: Record<string, string> = {};
  response.headers.forEach((value, name) => {
    headers[name.toLowerCase()] = value;
  });
  const body = response.isJson ? (response.body === null ? '' : JSON.stringify(response.body)) : String(response.body);
  return { status: response.status, headers, body };
}
