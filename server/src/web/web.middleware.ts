import { existsSync } from 'node:fs';
import path from 'node:path';
import type { Context, Next } from 'koa';
import send from 'koa-send';

/**
 * Serves the built web app from `webDistDir`: hashed assets with long-lived caching, other
 * files as they are, and `index.html` for every other GET outside `/api`, `/uploads` and
 * `/socket.io` so client-side routes work on reload.
 */
export function serveWebApp(webDistDir: string) {
  const indexFile = path.join(webDistDir, 'index.html');
  return async (ctx: Context, next: Next) => {
    await next();
    if (ctx.body != null || ctx.status !== 404) return;
    if (ctx.method !== 'GET' && ctx.method !== 'HEAD') return;
    if (/^\/(api|uploads|socket\.io)(\/|$)/.test(ctx.path)) return;
    if (!existsSync(indexFile)) return;
    if (ctx.path.startsWith('/assets/')) {
      await send(ctx, ctx.path, { root: webDistDir, immutable: true, maxage: 365 * 24 * 60 * 60 * 1000 });
      return;
    }
    let served: string | undefined;
    try {
      // Resolves undefined, without throwing, for a directory such as `/` itself.
      served = await send(ctx, ctx.path, { root: webDistDir, index: false });
    } catch {
      // Not a file in the build: a client-side route.
    }
    if (!served) {
      await send(ctx, 'index.html', { root: webDistDir });
      ctx.set('Cache-Control', 'no-cache');
    }
  };
}
