import type { Router } from '@koa/router';
import type { Context } from 'koa';
import { LIMITS, SubscriberMessages as T, escapeHtml, subscribeRequestSchema } from '@folio/shared';
import type { AppContext } from '../app-context.js';
import { badRequest } from '../errors.js';
import { jsonBody } from '../http/body.js';
import { sendOk } from '../http/envelope.js';
import { parseBody, queryString } from '../http/validate.js';
import { SUBSCRIBER_CONFIRM_PATH, SUBSCRIBER_UNSUBSCRIBE_PATH } from '../services/mail/unsubscribe-links.js';
import type { LinkOutcome } from '../services/subscribers/subscribers.service.js';

/** The page a subscriber's browser shows after following a link: plain, no script, a way back to the site. */
function linkPage(ctx: Context, title: string, outcome: LinkOutcome, done: string, invalid: string): void {
  const message = outcome === 'done' ? done : invalid;
  ctx.status = outcome === 'done' ? 200 : 400;
  ctx.type = 'text/html; charset=utf-8';
  ctx.set('Cache-Control', 'no-store');
  ctx.body = `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${escapeHtml(title)}</title></head><body><h1>${escapeHtml(title)}</h1><p>${escapeHtml(message)}</p><p><a href="/">${escapeHtml(T.backToSite)}</a></p></body></html>`;
}

/**
 * Subscription by mail, public (server/API.md §E23.10): subscribing, the confirmation link, and
 * the one-click unsubscribe (GET a link clicked; POST what a mail client sends for
 * `List-Unsubscribe-Post`, RFC 8058, whatever its body).
 */
export function registerSubscriberRoutes(router: Router, { services, rateLimits }: AppContext): void {
  router.post('/api/subscribers', rateLimits.middleware('subscribers'), jsonBody(LIMITS.jsonBodyBytes), async (ctx) => {
    const { email } = parseBody(subscribeRequestSchema, ctx.request.body);
    await services.subscribers.subscribe(email);
    // One answer whatever became of the address: it never tells whether the address was known.
    sendOk(ctx, null, { status: 202, msg: T.checkYourInbox });
  });

  router.get(SUBSCRIBER_CONFIRM_PATH, async (ctx) => {
    const outcome = await services.subscribers.confirm(queryString(ctx, 'token') ?? '');
    linkPage(ctx, T.linkTitleConfirm, outcome, T.confirmed, T.linkExpired);
  });

  const unsubscribe = (ctx: Context) => services.subscribers.unsubscribe(queryString(ctx, 'token') ?? '');

  router.get(SUBSCRIBER_UNSUBSCRIBE_PATH, async (ctx) => {
    linkPage(ctx, T.linkTitleUnsubscribe, await unsubscribe(ctx), T.unsubscribed, T.unsubscribeInvalid);
  });

  router.post(SUBSCRIBER_UNSUBSCRIBE_PATH, async (ctx) => {
    if ((await unsubscribe(ctx)) === 'invalid') throw badRequest(T.unsubscribeInvalid);
    sendOk(ctx, null, { msg: T.unsubscribed });
  });
}
