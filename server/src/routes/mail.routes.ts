import type { Router } from '@koa/router';
import type { Context } from 'koa';
import { MailMessages as T, escapeHtml } from '@folio/shared';
import type { AppContext } from '../app-context.js';
import { AppError } from '../errors.js';
import { sendOk } from '../http/envelope.js';
import { queryString } from '../http/validate.js';
import { UNSUBSCRIBE_PATH } from '../services/mail/unsubscribe-links.js';

/** The page a reader's browser shows after following the link: plain, no script, no style. */
function unsubscribePage(ctx: Context, status: number, message: string): void {
  ctx.status = status;
  ctx.type = 'text/html; charset=utf-8';
  ctx.set('Cache-Control', 'no-store');
  ctx.body = `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${escapeHtml(T.unsubscribeTitle)}</title></head><body><h1>${escapeHtml(T.unsubscribeTitle)}</h1><p>${escapeHtml(message)}</p></body></html>`;
}

/**
 * The one-click unsubscribe of reply mail (server/API.md §E13), without signing in: the link's
 * signature is the proof. GET is the link a reader clicks (an HTML page answers); POST is what a
 * mail client sends for `List-Unsubscribe-Post: List-Unsubscribe=One-Click` (the envelope answers).
 */
export function registerMailRoutes(router: Router, { services }: AppContext): void {
  const unsubscribe = (ctx: Context) =>
    services.mail.unsubscribe(queryString(ctx, 'address') ?? '', queryString(ctx, 'token') ?? '');

  router.get(UNSUBSCRIBE_PATH, async (ctx) => {
    try {
      await unsubscribe(ctx);
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      unsubscribePage(ctx, error.status, error.message);
      return;
    }
    unsubscribePage(ctx, 200, T.unsubscribed);
  });

  router.post(UNSUBSCRIBE_PATH, async (ctx) => {
    await unsubscribe(ctx);
    sendOk(ctx, null, { msg: T.unsubscribed });
  });
}
