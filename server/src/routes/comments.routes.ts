import type { Router } from '@koa/router';
import {
  AdminRealtimeEvents,
  COMMENTS_PAGE_SIZE,
  CommentConversationMessages as CM,
  LIMITS,
  RealtimeEvents,
  ServerMessages as M,
  commentCreateSchema,
} from '@folio/shared';
import type { AppContext } from '../app-context.js';
import { notFound } from '../errors.js';
import { jsonBody } from '../http/body.js';
import { paginate, sendCreated, sendOk } from '../http/envelope.js';
import { parseBody, parseId, parsePagination, queryString } from '../http/validate.js';
import { presentPostedComment, presentPublicComment, statusOf } from '../presenters/comments.presenter.js';
import { siteOrigin } from '../web/site-origin.js';

/**
 * Public comments of server/API.md §11.1 and §11.2, with the replies and threads of §E12. There
 * is deliberately no public delete. The per-IP post limit is the `comments` rate limit (5 a
 * minute, 30 an hour unless a test raises it).
 */
export function registerCommentRoutes(router: Router, { config, services, realtime, rateLimits }: AppContext): void {
  const service = services.comments;

  router.get('/api/articles/:id/comments', (ctx) => {
    const articleId = parseId(ctx.params.id, M.articleNotFound);
    const { page, perPage } = parsePagination(ctx, COMMENTS_PAGE_SIZE);
    if (queryString(ctx, 'threads') === '1') {
      // Pages count threads: a top-level comment with every reply under it (server/API.md §E12).
      const { threads, total } = service.threadsForLiveArticle(articleId);
      const { items, pagination } = paginate(threads, page, perPage);
      const comments = items.flat().map(presentPublicComment);
      sendOk(ctx, { comments, ...pagination, comment_total: total }, { legacy: { ...pagination } });
      return;
    }
    const { items, pagination } = paginate(service.listForLiveArticle(articleId), page, perPage);
    // The original client reads `data.comments`, so a comment list's data is an object.
    sendOk(ctx, { comments: items.map(presentPublicComment), ...pagination }, { legacy: { ...pagination } });
  });

  // The browser that posted a held comment asks after it (server/API.md §E12.6); without its token
  // the answer is the same 404 as for a comment that never was.
  router.get('/api/comments/:id/held', (ctx) => {
    const id = parseId(ctx.params.id, M.commentNotFound);
    const state = service.heldState(id, queryString(ctx, 'token') ?? '');
    if (!state) throw notFound(M.commentNotFound);
    sendOk(ctx, state);
  });

  // Only stored comments count towards the limit: a refused attempt gives its point back.
  router.post('/api/articles/:id/comments', rateLimits.middleware('comments'), jsonBody(LIMITS.jsonBodyBytes), async (ctx) => {
    const articleId = parseId(ctx.params.id, M.articleNotFound);
    const fields = parseBody(commentCreateSchema, ctx.request.body);
    const client = { ip: ctx.ip, userAgent: ctx.get('User-Agent'), siteOrigin: siteOrigin(ctx, config) };
    const comment = await service.create(articleId, fields, client);
    const held = statusOf(comment) === 'pending';
    // A held comment is nowhere public yet: readers' pages hear of it once it is approved.
    if (!held) realtime.emit(RealtimeEvents.comments, { article_id: articleId });
    realtime.emitToAdmins(AdminRealtimeEvents.commentCreated, service.noticeFor(comment));
    sendCreated(ctx, presentPostedComment(comment, held ? service.heldTokens.sign(comment.id) : undefined), {
      msg: held ? CM.postedPending : M.commentPosted,
      legacy: { id: comment.id },
    });
  });
}
