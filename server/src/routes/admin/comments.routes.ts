import type { Router } from '@koa/router';
import {
  ADMIN_COMMENTS_PAGE_SIZE,
  AdminRealtimeEvents,
  CommentConversationMessages as CM,
  LIMITS,
  RealtimeEvents,
  ServerMessages as M,
  ownerReplySchema,
} from '@folio/shared';
import type { CommentStatus } from '@folio/shared';
import type { AppContext } from '../../app-context.js';
import { badRequest } from '../../errors.js';
import { jsonBody } from '../../http/body.js';
import { paginate, sendCreated, sendOk } from '../../http/envelope.js';
import { parseBody, parseId, parsePagination, queryString } from '../../http/validate.js';
import { siteOrigin } from '../../web/site-origin.js';
import { registerCommentSettingsRoutes } from './comment-settings.routes.js';

/** `article_id` filter: absent or empty means all; anything but a positive integer is a bad query. */
function parseArticleIdFilter(raw: string | undefined): number | undefined {
  if (raw === undefined || raw.trim() === '') return undefined;
  if (!/^[1-9]\d{0,15}$/.test(raw.trim())) throw badRequest(M.badRequest);
  return Number(raw.trim());
}

/** `status` filter: absent or empty means all, else `pending` or `published`. */
function parseStatusFilter(raw: string | undefined): CommentStatus | undefined {
  if (raw === undefined || raw.trim() === '') return undefined;
  if (raw.trim() === 'pending' || raw.trim() === 'published') return raw.trim() as CommentStatus;
  throw badRequest(M.badRequest);
}

/**
 * Comment moderation of server/API.md §11.3, §11.4 and §E12: every comment with its private
 * fields, held ones first; approving, the owner's replies, deletion with the replies under it.
 */
export function registerAdminCommentRoutes(router: Router, context: AppContext): void {
  const { config, services, realtime, requireAdmin } = context;
  const service = services.comments;
  // Sockets that sign in with an admin token hear the admin events of §E12.
  realtime.admitAdmins((token) => {
    try {
      services.auth.verify(token);
      return true;
    } catch {
      return false;
    }
  });
  const countsChanged = () => realtime.emitToAdmins(AdminRealtimeEvents.commentsChanged, {});

  router.get('/api/admin/comments', requireAdmin, (ctx) => {
    const { page, perPage } = parsePagination(ctx, ADMIN_COMMENTS_PAGE_SIZE);
    const list = service.listForAdmin({
      search: queryString(ctx, 'search'),
      articleId: parseArticleIdFilter(queryString(ctx, 'article_id')),
      status: parseStatusFilter(queryString(ctx, 'status')),
    });
    const { items, pagination } = paginate(list, page, perPage);
    sendOk(ctx, { comments: service.presentAdmin(items), ...pagination }, { legacy: { ...pagination } });
  });

  // Literal paths before the `/:id` ones.
  registerCommentSettingsRoutes(router, context, countsChanged);

  router.post('/api/admin/comments/:id/approve', requireAdmin, async (ctx) => {
    const id = parseId(ctx.params.id, M.commentNotFound);
    const { comment, changed } = await service.approve(id, siteOrigin(ctx, config));
    if (changed) {
      realtime.emit(RealtimeEvents.comments, { article_id: comment.article_id });
      countsChanged();
    }
    sendOk(ctx, service.presentAdmin([comment])[0], { msg: CM.approved });
  });

  router.post('/api/admin/comments/:id/replies', requireAdmin, jsonBody(LIMITS.jsonBodyBytes), async (ctx) => {
    const id = parseId(ctx.params.id, M.commentNotFound);
    const { content } = parseBody(ownerReplySchema, ctx.request.body);
    const client = { ip: ctx.ip, userAgent: ctx.get('User-Agent'), siteOrigin: siteOrigin(ctx, config) };
    const reply = await service.reply(id, content, client);
    realtime.emit(RealtimeEvents.comments, { article_id: reply.article_id });
    // The answered comment may have been approved on the way: held counts moved.
    countsChanged();
    sendCreated(ctx, service.presentAdmin([reply])[0], { msg: CM.replyPosted, legacy: { id: reply.id } });
  });

  router.delete('/api/admin/comments/:id', requireAdmin, async (ctx) => {
    const id = parseId(ctx.params.id, M.commentNotFound);
    const removed = await service.remove(id);
    realtime.emit(RealtimeEvents.comments, { article_id: removed[0]?.article_id ?? null });
    countsChanged();
    sendOk(ctx, { id, deleted_ids: removed.map((comment) => comment.id) }, { msg: M.commentDeleted });
  });
}
