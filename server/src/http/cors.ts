import cors from '@koa/cors';
import type { Context, Next } from 'koa';
import { isApiRequest } from './request-path.js';

/**
 * CORS of server/API.md §1.7 for `/api/*` (in any letter case, as the router matches it): only configured
 * origins, echoed back, with credentials. Other paths pass untouched.
 */
export function corsForApi(allowedOrigins: readonly string[]) {
  const allowed = new Set(allowedOrigins);
  const apiCors = cors({
    origin: (ctx: Context) => {
      const origin = ctx.get('Origin');
      return allowed.has(origin) ? origin : '';
    },
    credentials: true,
    allowMethods: ['GET', 'POST', 'PUT', 'DELETE', 'OPTIONS'],
    allowHeaders: [
      'Content-Type',
      'Authorization',
      'X-Requested-With',
      'Accept',
      'If-Match',
      'Idempotency-Key',
      'X-Folio-Source',
    ],
    // Without this a cross-origin client cannot read the revision to send back in If-Match.
    exposeHeaders: ['ETag', 'Idempotency-Replayed'],
    maxAge: 86400,
  });
  return (ctx: Context, next: Next) => (isApiRequest(ctx) ? apiCors(ctx, next) : next());
}
