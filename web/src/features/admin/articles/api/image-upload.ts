import { createApiClient } from '../../../../lib/api-client';
import type { FetchLike } from '../../../../lib/api-client';
import type { AdminPlatform } from '../../platform';
import type { UploadLimits } from '@folio/shared';
import { fitImageToLimits } from '../model/image-fit';

/** Uploads one file and resolves with its URL; `onProgress` hears the share sent, 0 to 1. */
export type UploadImage = (file: File, onProgress: (fraction: number) => void) => Promise<string>;

/** server/API.md §E3 (body images) and §9.8 (covers): multipart field `file`, answers `url`. */
export const IMAGE_UPLOAD_PATHS = { body: '/api/admin/articles/images', cover: '/api/admin/articles/cover' } as const;

function responseHeaders(raw: string): Headers {
  const headers = new Headers();
  for (const line of raw.trim().split(/[\r\n]+/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.append(line.slice(0, colon).trim(), line.slice(colon + 1).trim());
  }
  return headers;
}

/**
 * A `fetch` made of XMLHttpRequest, the only browser API that reports how much of a request body
 * has gone out: the admin client parses its answer exactly as a fetch's.
 */
function fetchWithUploadProgress(onProgress: (fraction: number) => void): FetchLike {
  return (input, init) =>
    new Promise<Response>((resolve, reject) => {
      const xhr = new XMLHttpRequest();
      xhr.open(init.method ?? 'GET', input);
      for (const [name, value] of Object.entries((init.headers ?? {}) as Record<string, string>)) {
        xhr.setRequestHeader(name, value);
      }
      xhr.upload.addEventListener('progress', (event) => {
        if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
      });
      // A small file may go out in one piece without a progress event: all of it is sent.
      xhr.upload.addEventListener('load', () => onProgress(1));
      xhr.addEventListener('load', () =>
        resolve(new Response(xhr.responseText, { status: xhr.status, headers: responseHeaders(xhr.getAllResponseHeaders()) })),
      );
      xhr.addEventListener('error', () => reject(new TypeError('Network request failed')));
      xhr.addEventListener('abort', () => reject(new DOMException('The operation was aborted.', 'AbortError')));
      xhr.send((init.body ?? null) as XMLHttpRequestBodyInit | null);
    });
}

/**
 * An uploader that first fits each image to the server's limits (model/image-fit.ts): a photo too
 * large is written again in the browser, and one that cannot be sent is refused before any byte goes.
 */
export function fittingUploader(upload: UploadImage, limits: { readonly current: UploadLimits }): UploadImage {
  return async (file, onProgress) => upload(await fitImageToLimits(file, limits.current), onProgress);
}

/**
 * Uploads images to `path` for this platform. In the browser the bytes' progress is reported as
 * they go; the desktop's bridge sends a request whole, so its progress jumps to the end.
 */
export function imageUploader(platform: AdminPlatform, path: string): UploadImage {
  return async (file, onProgress) => {
    const api = createApiClient({
      baseUrl: platform.apiBaseUrl,
      fetch: platform.transport ?? fetchWithUploadProgress(onProgress),
      getToken: () => platform.tokenStorage.get(),
    });
    const form = new FormData();
    form.append('file', file, file.name);
    const response = await api.upload<{ url: string }>(path, form);
    onProgress(1);
    return response.data.url;
  };
}
