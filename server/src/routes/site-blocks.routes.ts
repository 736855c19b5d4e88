import type { Router } from '@koa/router';
import {
  FeedSettingsMessages,
  LIMITS,
  RealtimeEvents,
  ServerMessages as M,
  feedSettingsSchema,
  siteBlocksPutSchema,
} from '@folio/shared';
import type { AppContext } from '../app-context.js';
import { jsonBody } from '../http/body.js';
import { sendOk } from '../http/envelope.js';
import { parseBody } from '../http/validate.js';
import { presentSiteBlock } from '../presenters/site-blocks.presenter.js';

/**
 * Site blocks (server/API.md §5): the landing page's named texts, read by all, merged by the
 * owner; and the feed setting kept in one of them (§E18).
 */
export function registerSiteBlockRoutes(router: Router, { services, realtime, requireAdmin }: AppContext): void {
  const blocks = services.siteBlocks;
  const listBlocks = () => blocks.list().map(presentSiteBlock);

  router.get('/api/site-blocks', (ctx) => sendOk(ctx, listBlocks()));
  router.get('/api/admin/site-blocks', requireAdmin, (ctx) => sendOk(ctx, listBlocks()));

  router.put('/api/admin/site-blocks', requireAdmin, jsonBody(LIMITS.jsonBodyBytes), async (ctx) => {
    const { blocks: patches } = parseBody(siteBlocksPutSchema, ctx.request.body);
    const updated = await blocks.merge(patches);
    realtime.emit(RealtimeEvents.siteBlocks);
    sendOk(ctx, updated.map(presentSiteBlock), { msg: M.updated });
  });

  router.get('/api/admin/settings/feed', requireAdmin, (ctx) => sendOk(ctx, blocks.feedSettings()));

  router.put('/api/admin/settings/feed', requireAdmin, jsonBody(LIMITS.jsonBodyBytes), async (ctx) => {
    const saved = await blocks.saveFeedSettings(parseBody(feedSettingsSchema, ctx.request.body));
    realtime.emit(RealtimeEvents.siteBlocks);
    sendOk(ctx, saved, { msg: FeedSettingsMessages.saved });
  });
}
