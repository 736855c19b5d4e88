import type { Router } from '@koa/router';
import { CommentConversationMessages as CM, LIMITS, commentSettingsSchema } from '@folio/shared';
import type { AppContext } from '../../app-context.js';
import { jsonBody } from '../../http/body.js';
import { sendOk } from '../../http/envelope.js';
import { parseBody } from '../../http/validate.js';

/**
 * The owner's comment settings and unread count (server/API.md §E12). `countsChanged` tells the
 * admin sockets, so another open admin (the desktop, a second tab) refreshes its badge.
 */
export function registerCommentSettingsRoutes(
  router: Router,
  { services, requireAdmin }: AppContext,
  countsChanged: () => void,
): void {
  const settings = services.commentSettings;

  router.get('/api/admin/settings/comments', requireAdmin, (ctx) => {
    sendOk(ctx, settings.get());
  });

  router.put('/api/admin/settings/comments', requireAdmin, jsonBody(LIMITS.jsonBodyBytes), async (ctx) => {
    const saved = await settings.save(parseBody(commentSettingsSchema, ctx.request.body));
    sendOk(ctx, saved, { msg: CM.settingsSaved });
  });

  router.get('/api/admin/comments/unread', requireAdmin, (ctx) => {
    sendOk(ctx, settings.unread());
  });

  router.post('/api/admin/comments/seen', requireAdmin, async (ctx) => {
    const counts = await settings.markSeen();
    countsChanged();
    sendOk(ctx, counts, { msg: CM.markedSeen });
  });
}
