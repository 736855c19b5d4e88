import type { Router } from '@koa/router';
import type { Context } from 'koa';
import { MailMessages as T, escapeHtml } from '@folio/shared';
import type { AppContext } from '../app-context.js';
import { AppError } from '../errors.js';
import { sendOk } from '../http/envelope.js';
import { queryString } from '../http/validate.js';
import { CONFIRM_PATH, UNSUBSCRIBE_PATH } from '../services/mail/unsubscribe-links.js';

/** The page a reader's browser shows after following a link: plain, no script, no style. */
function linkPage(ctx: Context, title: string, status: number, message: string): void {
  ctx.status = status;
  ctx.type = 'text/html; charset=utf-8';
  ctx.set('Cache-Control', 'no-store');
  ctx.body = `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${escapeHtml(title)}</title></head><body><h1>${escapeHtml(title)}</h1><p>${escapeHtml(message)}</p></body></html>`;
}

/** Answers a link followed in a browser: the page of `done`, or of the refusal. */
async function answerLink(ctx: Context, title: string, action: () => Promise<void>, done: string): Promise<void> {
  try {
    await action();
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    linkPage(ctx, title, error.status, error.message);
    return;
  }
  linkPage(ctx, title, 200, done);
}

/**
 * The one-click unsubscribe of reply mail (server/API.md §E13.2), without signing in: the link's
 * signature is the proof. GET is the link a reader clicks (an HTML page answers); POST is what a
 * mail client sends for `List-Unsubscribe-Post: List-Unsubscribe=One-Click` (the envelope answers).
 */
export function registerMailRoutes(router: Router, { services }: AppContext): void {
  const unsubscribe = (ctx: Context) =>
    services.mail.unsubscribe(queryString(ctx, 'address') ?? '', queryString(ctx, 'token') ?? '');

  router.get(UNSUBSCRIBE_PATH, (ctx) => answerLink(ctx, T.unsubscribeTitle, () => unsubscribe(ctx), T.unsubscribed));

  router.post(UNSUBSCRIBE_PATH, async (ctx) => {
    await unsubscribe(ctx);
    sendOk(ctx, null, { msg: T.unsubscribed });
  });

  // The confirmation of an address for reply mail (server/API.md §E13.3): the link of the one mail
  // sent to it, so only whoever reads that inbox can follow it.
  router.get(CONFIRM_PATH, (ctx) =>
    answerLink(
      ctx,
      T.confirmTitle,
      () => services.mail.confirm(queryString(ctx, 'address') ?? '', queryString(ctx, 'token') ?? ''),
      T.confirmed,
    ),
  );
}
