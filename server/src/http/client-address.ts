import type { IncomingMessage } from 'node:http';
import { isIP } from 'node:net';
import type { Middleware } from 'koa';

/**
 * The client address of a request answered before Koa (the page-view hit, server/API.md §E23.1),
 * by the rule Koa applies with `proxy` and `maxIpsCount` plus {@link ipClientAddress}'s: behind
 * trusted proxies (TRUST_PROXY), the entry the outermost of `hops` proxies appended to
 * `X-Forwarded-For`; otherwise, or when that is no IP address, the connection's own address.
 */
export function clientAddressOf(request: IncomingMessage, proxies: { trust: boolean; hops: number }): string {
  const socketAddress = request.socket.remoteAddress ?? '';
  const header = request.headers['x-forwarded-for'];
  if (!proxies.trust || !header) return socketAddress;
  const entries = (Array.isArray(header) ? header.join(',') : header).split(',').map((entry) => entry.trim());
  const forwarded = entries.slice(-proxies.hops)[0] ?? '';
  return isIP(forwarded) === 0 ? socketAddress : forwarded;
}

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
