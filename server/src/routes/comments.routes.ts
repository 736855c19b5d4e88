import type { Router } from '@koa/router';
import { COMMENTS_PAGE_SIZE, LIMITS, RealtimeEvents, ServerMessages as M, commentCreateSchema } from '@folio/shared';
import type { AppContext } from '../app-context.js';
import { jsonBody } from '../http/body.js';
import { paginate, sendCreated, sendOk } from '../http/envelope.js';
import { parseBody, parseId, parsePagination } from '../http/validate.js';
import { presentPostedComment, presentPublicComment } from '../presenters/comments.presenter.js';

/**
 * Public comments of server/API.md §11.1 and §11.2. There is deliberately no public delete. The per-IP post
 * limit is the `comments` rate limit (5 a minute, 30 an hour unless a test raises it).
 */
export function registerCommentRoutes(router: Router, { services, realtime, rateLimits }: AppContext): void {
  const service = services.comments;

  router.get('/api/articles/:id/comments', (ctx) => {
    const articleId = parseId(ctx.params.id, M.articleNotFound);
    const { page, perPage } = parsePagination(ctx, COMMENTS_PAGE_SIZE);
    const { items, pagination } = paginate(service.listForLiveArticle(articleId), page, perPage);
    // The original client reads `data.comments`, so a comment list's data is an object.
    sendOk(ctx, { comments: items.map(presentPublicComment), ...pagination }, { legacy: { ...pagination } });
  });

  // Only stored comments count towards the limit: a refused attempt gives its point back.
  router.post('/api/articles/:id/comments', rateLimits.middleware('comments'), jsonBody(LIMITS.jsonBodyBytes), async (ctx) => {
    const articleId = parseId(ctx.params.id, M.articleNotFound);
    const fields = parseBody(commentCreateSchema, ctx.request.body);
    const comment = await service.create(articleId, fields, { ip: ctx.ip, userAgent: ctx.get('User-Agent') });
    realtime.emit(RealtimeEvents.comments, { article_id: articleId });
    sendCreated(ctx, presentPostedComment(comment), { msg: M.commentPosted, legacy: { id: comment.id } });
  });
}
