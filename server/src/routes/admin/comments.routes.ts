import type { Router } from '@koa/router';
import { ADMIN_COMMENTS_PAGE_SIZE, RealtimeEvents, ServerMessages as M } from '@folio/shared';
import type { AppContext } from '../../app-context.js';
import { badRequest } from '../../errors.js';
import { paginate, sendOk } from '../../http/envelope.js';
import { parseId, parsePagination, queryString } from '../../http/validate.js';

/** `article_id` filter: absent or empty means all; anything but a positive integer is a bad query. */
function parseArticleIdFilter(raw: string | undefined): number | undefined {
  if (raw === undefined || raw.trim() === '') return undefined;
  if (!/^[1-9]\d{0,15}$/.test(raw.trim())) throw badRequest(M.badRequest);
  return Number(raw.trim());
}

/** Comment moderation of server/API.md §11.3 and §11.4: every comment with its private fields, and deletion. */
export function registerAdminCommentRoutes(router: Router, { services, realtime, requireAdmin }: AppContext): void {
  const service = services.comments;

  router.get('/api/admin/comments', requireAdmin, (ctx) => {
    const { page, perPage } = parsePagination(ctx, ADMIN_COMMENTS_PAGE_SIZE);
    const list = service.listForAdmin({
      search: queryString(ctx, 'search'),
      articleId: parseArticleIdFilter(queryString(ctx, 'article_id')),
    });
    const { items, pagination } = paginate(list, page, perPage);
    sendOk(ctx, { comments: service.presentAdmin(items), ...pagination }, { legacy: { ...pagination } });
  });

  router.delete('/api/admin/comments/:id', requireAdmin, async (ctx) => {
    const id = parseId(ctx.params.id, M.commentNotFound);
    const removed = await service.remove(id);
    realtime.emit(RealtimeEvents.comments, { article_id: removed.article_id });
    sendOk(ctx, { id }, { msg: M.commentDeleted });
  });
}
