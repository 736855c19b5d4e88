import type { Context } from 'koa';
import type { ServerConfig } from '../config.js';

/**
 * The absolute origin written into canonical links, `og:url`, robots.txt, the sitemap and the
 * RSS feed. It never comes from the request's `Host` (or `X-Forwarded-Host`) header: a client
 * chooses those freely, and a page or feed built from them could be poisoned for everyone once
 * answers are cached. The rule:
 *
 * - `PUBLIC_URL` when it is configured (the only right value for a public deployment);
 * - otherwise the address the server itself listens on (`HOST`, `localhost` for a wildcard
 *   address, and the local port the connection arrived at), which is right for a local run and
 *   never attacker-chosen. The server logs a warning at start in that case.
 */
export function siteOrigin(ctx: Context, config: Pick<ServerConfig, 'publicUrl' | 'host'>): string {
  if (config.publicUrl) return config.publicUrl;
  const wildcard = config.host === '0.0.0.0' || config.host === '::' || config.host === '';
  const host = wildcard ? 'localhost' : config.host.includes(':') ? `[${config.host}]` : config.host;
  const port = ctx.req.socket.localPort;
  return port ? `http://${host}:${port}` : `http://${host}`;
}
