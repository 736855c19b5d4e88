import cors from '@koa/cors';
import type { Context } from 'koa';

/** CORS of API 1.7 for `/api/*`: only configured origins, echoed back, with credentials. */
export function corsForApi(allowedOrigins: readonly string[]) {
  const allowed = new Set(allowedOrigins);
  return cors({
    origin: (ctx: Context) => {
      const origin = ctx.get('Origin');
      return allowed.has(origin) ? origin : '';
    },
    credentials: true,
    allowMethods: ['GET', 'POST', 'PUT', 'DELETE', 'OPTIONS'],
    allowHeaders: ['Content-Type', 'Authorization', 'X-Requested-With', 'Accept', 'If-Match', 'Idempotency-Key'],
    // Without this a cross-origin client cannot read the revision to send back in If-Match.
    exposeHeaders: ['ETag', 'Idempotency-Replayed'],
    maxAge: 86400,
  });
}
