import type { Router } from '@koa/router';
import { COMMENTS_PAGE_SIZE, LIMITS, RealtimeEvents, ServerMessages as M, commentCreateSchema } from '@folio/shared';
import type { AppContext } from '../app-context.js';
import { jsonBody } from '../http/body.js';
import { paginate, sendCreated, sendOk } from '../http/envelope.js';
import { parseBody, parseId, parsePagination } from '../http/validate.js';
import { presentPublicComment } from '../presenters/comments.presenter.js';
import { ArticlesService } from '../services/articles.service.js';
import { CommentRateLimiter, CommentsService } from '../services/comments.service.js';

/**
 * Public comments of API section 11. There is deliberately no public delete. The per-IP post
 * limit comes from `config.commentRateLimits` (5 a minute, 30 an hour unless a test raises it).
 */
export function registerCommentRoutes(router: Router, { store, config, realtime }: AppContext): void {
  const articles = ArticlesService.for(store);
  const service = new CommentsService(articles);
  const limiter = new CommentRateLimiter(config.commentRateLimits);

  router.get('/api/articles/:id/comments', (ctx) => {
    const articleId = parseId(ctx.params.id, M.articleNotFound);
    const { page, perPage } = parsePagination(ctx, COMMENTS_PAGE_SIZE);
    const { items, pagination } = paginate(service.listForLiveArticle(articleId), page, perPage);
    // The original client reads `data.comments`, so a comment list's data is an object.
    sendOk(ctx, { comments: items.map(presentPublicComment), ...pagination }, { legacy: { ...pagination } });
  });

  router.post('/api/articles/:id/comments', jsonBody(LIMITS.jsonBodyBytes), async (ctx) => {
    const articleId = parseId(ctx.params.id, M.articleNotFound);
    articles.requireLive(articleId);
    const fields = parseBody(commentCreateSchema, ctx.request.body);
    // Only posts that pass validation count towards the limit, so fixing a rejected form is free.
    await limiter.consume(ctx.ip);
    const comment = await service.create(articleId, fields, { ip: ctx.ip, userAgent: ctx.get('User-Agent') });
    realtime.emit(RealtimeEvents.comments, { article_id: articleId });
    sendCreated(ctx, presentPublicComment(comment), { msg: M.commentPosted, legacy: { id: comment.id } });
  });
}
