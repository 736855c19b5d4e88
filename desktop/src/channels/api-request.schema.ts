import { z } from 'zod';
import { DesktopBridgeMessages as M, LIMITS } from '@folio/shared';

const forbiddenRequestHeaders = new Set(['authorization', 'cookie', 'host', 'origin', 'content-length']);
const headerName = z.string().regex(/^[A-Za-z0-9!#$%&'*+.^_`|~-]{1,64}$/, M.headerInvalid);
const headerValue = z
  .string()
  .max(1024, M.headerInvalid)
  .regex(/^[\t\x20-\x7e]*$/, M.headerInvalid);
const base64Bytes = z
  .string()
  .max(Math.ceil((LIMITS.importBodyBytes * 4) / 3) + 4, M.base64Invalid)
  .regex(/^[A-Za-z0-9+/]*={0,2}$/, M.base64Invalid);

export const apiRequestSchema = z.object({
  method: z.enum(['GET', 'POST', 'PUT', 'DELETE'], { error: M.methodInvalid }),
  /** Path and query on the active server, e.g. `/api/admin/articles?page=2`. */
  path: z
    .string({ error: M.apiPathInvalid })
    .max(4096, M.apiPathInvalid)
    .refine((path) => path.startsWith('/api/') && !path.split(/[/?#]/).includes('..'), M.apiPathInvalid),
  /** Main adds Authorization itself: the renderer never holds the token. */
  headers: z
    .record(headerName, headerValue)
    .refine((headers) => Object.keys(headers).every((name) => !forbiddenRequestHeaders.has(name.toLowerCase())), M.headerInvalid)
    .optional(),
  body: z
    .discriminatedUnion('kind', [
      z.object({ kind: z.literal('text'), text: z.string(), contentType: headerValue.optional() }),
      z.object({
        kind: z.literal('multipart'),
        parts: z
          .array(
            z.discriminatedUnion('kind', [
              z.object({ kind: z.literal('field'), name: z.string().min(1).max(128), value: z.string() }),
              z.object({
                kind: z.literal('file'),
                name: z.string().min(1).max(128),
                filename: z.string().min(1).max(255),
                contentType: headerValue,
                /** File bytes as base64: survives both contextBridge and Playwright's JSON bindings. */
                base64: base64Bytes,
              }),
            ]),
          )
          .max(100),
      }),
    ])
    .optional(),
});
export type ApiRequest = z.infer<typeof apiRequestSchema>;

export const apiResponseSchema = z.object({
  status: z.number().int(),
  /** Lower-case header names (e.g. `etag`, `content-type`). */
  headers: z.record(z.string(), z.string()),
  /** The body as text (the API answers JSON). */
  body: z.string(),
});
export type ApiResponse = z.infer<typeof apiResponseSchema>;
