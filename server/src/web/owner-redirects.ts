import type { Context } from 'koa';
import { legacyQueryAddress } from '@folio/shared';
import type { Services } from '../services/services.js';

/**
 * Sends a GET or HEAD on to where the owner's redirect from its path leads (server/API.md §E19),
 * with the rule's status; `false` when no rule is from this path. Called only where Folio has no
 * page of its own, so a redirect never shadows one.
 */
export function answerOwnerRedirect(ctx: Context, services: Services): boolean {
  // `/?p=123`, an imported blog's old address, is matched with its query (server/API.md §E21).
  const queryAddress = legacyQueryAddress(ctx.path, ctx.querystring);
  const rule = (queryAddress === null ? undefined : services.redirects.match(queryAddress)) ?? services.redirects.match(ctx.path);
  if (!rule) return false;
  // Set first: Koa's redirect() keeps a redirect status already set, else answers 302.
  ctx.status = rule.status;
  ctx.redirect(rule.to);
  // The owner may change or remove the rule: a cache in front asks again each time.
  ctx.set('Cache-Control', 'no-cache');
  return true;
}

/** `/articles/{id}`'s answer: 301 to the article's slug address, the query string kept. */
export function answerMovedTo(ctx: Context, path: string): void {
  ctx.status = 301;
  ctx.redirect(ctx.querystring ? `${path}?${ctx.querystring}` : path);
  ctx.set('Cache-Control', 'no-cache');
}
