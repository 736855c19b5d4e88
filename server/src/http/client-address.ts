import { isIP } from 'node:net';
import type { Middleware } from 'koa';

/**
 * Keeps the client address (`ctx.ip`) an IP address. Behind a trusted proxy (TRUST_PROXY) Koa
 * takes it from `X-Forwarded-For`, which is text: a proxy that forwards the header as the client
 * wrote it, or a client that reaches the server past the proxy, could make it `<script>` or
 * `evil`, and that text would be stored with a comment, shown in the admin and used as a
 * rate-limit key. Anything that does not parse as IPv4 or IPv6 gives way to the address of the
 * connection itself, which always does.
 */
export function ipClientAddress(): Middleware {
  return async (ctx, next) => {
    if (isIP(ctx.ip) === 0) ctx.request.ip = ctx.req.socket.remoteAddress ?? '';
    await next();
  };
}
