import { describe, expect, it } from 'vitest';
import { UiMessages } from '@folio/shared';
import type { FetchLike } from './api-client';
import { ApiError, createApiClient, isAbortError } from './api-client';

interface SeenRequest {
  url: string;
  init: RequestInit;
}

/** A transport that records each request and answers with `answer`. */
function recordingTransport(answer: () => Response | Promise<Response>) {
  const seen: SeenRequest[] = [];
  return {
    seen,
    first(): SeenRequest {
      const request = seen[0];
      if (!request) throw new Error('no request was sent');
      return request;
    },
    fetch: (async (url, init) => {
      seen.push({ url, init });
      return answer();
    }) satisfies FetchLike,
  };
}

const json = (body: unknown, init: ResponseInit = {}) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' }, ...init });

describe('createApiClient', () => {
  it('sends the token, the query without empty values, and JSON through the injected transport', async () => {
    const transport = recordingTransport(() => json({ code: 0, msg: 'success', data: { id: 3 } }));
    const api = createApiClient({ baseUrl: 'http://folio.test', fetch: transport.fetch, getToken: () => 'tok' });

    const body = await api.post<{ id: number }>('/api/admin/articles', { title: 'a' }, { query: { page: 2, search: '' } });

    expect(body.data).toEqual({ id: 3 });
    const request = transport.first();
    expect(request.url).toBe('http://folio.test/api/admin/articles?page=2');
    expect(request.init.method).toBe('POST');
    expect(request.init.body).toBe('{"title":"a"}');
    expect(request.init.headers).toMatchObject({ Authorization: 'Bearer tok', 'Content-Type': 'application/json' });
  });

  it('gives the response headers and passes extra request headers (ETag / If-Match)', async () => {
    const transport = recordingTransport(() => json({ code: 0, msg: 'success', data: null }, { headers: { ETag: '"r7"' } }));
    const api = createApiClient({ fetch: transport.fetch });

    const response = await api.send('PUT', '/api/admin/articles/1', { json: {}, headers: { 'If-Match': '"r6"' } });

    expect(response.headers.get('ETag')).toBe('"r7"');
    expect(response.status).toBe(200);
    expect(transport.first().init.headers).toMatchObject({ 'If-Match': '"r6"' });
  });

  it('sends the write headers with every call but a GET, under the headers of the call itself', async () => {
    const transport = recordingTransport(() => json({ code: 0, msg: 'success', data: null }));
    const api = createApiClient({ fetch: transport.fetch, writeHeaders: { 'X-Folio-Source': 'browser' } });

    await api.get('/api/admin/articles');
    await api.post('/api/admin/articles', {});
    await api.put('/api/admin/articles/1', {}, { headers: { 'X-Folio-Source': 'ai' } });
    await api.delete('/api/admin/articles/1');

    const sources = transport.seen.map((request) => (request.init.headers as Record<string, string>)['X-Folio-Source']);
    expect(sources).toEqual([undefined, 'browser', 'ai', 'browser']);
  });

  it('turns an error envelope into an ApiError with the server message and field errors', async () => {
    const errors = [{ field: 'title', message: '标题不能为空' }];
    const transport = recordingTransport(() => json({ code: 400, msg: '参数错误', data: { errors } }, { status: 400 }));
    const api = createApiClient({ fetch: transport.fetch });

    const failure = await api.get('/api/x').catch((error: unknown) => error);

    expect(failure).toBeInstanceOf(ApiError);
    expect((failure as ApiError).message).toBe('参数错误');
    expect((failure as ApiError).status).toBe(400);
    expect((failure as ApiError).fieldErrors).toEqual(errors);
  });

  it('rejects a 200 answer whose envelope code is not 0, and a body that is not JSON', async () => {
    const notZero = createApiClient({ fetch: async () => json({ code: 1, msg: '失败', data: null }) });
    await expect(notZero.get('/api/x')).rejects.toMatchObject({ message: '失败', status: 200 });
    const html = createApiClient({ fetch: async () => new Response('<html>', { status: 502 }) });
    await expect(html.get('/api/x')).rejects.toMatchObject({ message: 'HTTP 502', status: 502 });
  });

  it('calls onUnauthorized on a 401 unless the call opts out', async () => {
    let expired = 0;
    const api = createApiClient({
      fetch: async () => json({ code: 401, msg: '未登录', data: null }, { status: 401 }),
      onUnauthorized: () => (expired += 1),
    });

    await expect(api.get('/api/admin/verify', { ignoreUnauthorized: true })).rejects.toBeInstanceOf(ApiError);
    expect(expired).toBe(0);
    await expect(api.get('/api/admin/articles')).rejects.toBeInstanceOf(ApiError);
    expect(expired).toBe(1);
  });

  it('reports a network failure as status 0 with the Chinese message', async () => {
    const api = createApiClient({
      fetch: async () => {
        throw new TypeError('fetch failed');
      },
    });
    const failure = (await api.get('/api/x').catch((error: unknown) => error)) as ApiError;
    expect(failure.isNetworkError).toBe(true);
    expect(failure.message).toBe(UiMessages.networkError);
  });

  it('passes the AbortSignal to the transport and rethrows the abort as it is', async () => {
    const controller = new AbortController();
    const api = createApiClient({
      fetch: (_url, init) =>
        new Promise<Response>((_resolve, reject) => {
          init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        }),
    });
    const pending = api.get('/api/slow', { signal: controller.signal }).catch((error: unknown) => error);
    controller.abort();
    const failure = await pending;
    expect(isAbortError(failure)).toBe(true);
    expect(failure).not.toBeInstanceOf(ApiError);
  });

  it('sends FormData as it is, without a JSON content type', async () => {
    const transport = recordingTransport(() => json({ code: 0, msg: 'success', data: { url: '/uploads/a.png' } }));
    const api = createApiClient({ fetch: transport.fetch });
    const form = new FormData();
    form.append('file', new Blob(['x']), 'a.png');

    await api.upload('/api/admin/articles/cover', form);

    expect(transport.first().init.body).toBe(form);
    expect(transport.first().init.headers).not.toHaveProperty('Content-Type');
  });
});
