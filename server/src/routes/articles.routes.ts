import type { Router } from '@koa/router';
import { ServerMessages as M, PUBLIC_ARTICLES_PAGE_SIZE } from '@folio/shared';
import type { AppContext } from '../app-context.js';
import { notFound } from '../errors.js';
import { markReplayable, whileUnchanged } from '../http/answer-replay.js';
import { paginate, sendOk } from '../http/envelope.js';
import { COUNTED_READ_CACHE_CONTROL } from '../http/http-cache.js';
import { parseId, parsePagination, queryString } from '../http/validate.js';

/**
 * Public article reads of server/API.md §8: list with search and filters, detail, categories,
 * tags. Published articles only: a draft or scheduled one is missing here (§E8).
 */
export function registerArticleRoutes(router: Router, { services }: AppContext): void {
  const service = services.publicArticles;

  router.get('/api/articles', (ctx) => {
    const { page, perPage } = parsePagination(ctx, PUBLIC_ARTICLES_PAGE_SIZE);
    const list = service.list({
      search: queryString(ctx, 'search'),
      category: queryString(ctx, 'category'),
      tag: queryString(ctx, 'tag'),
    });
    const { items, pagination } = paginate(list, page, perPage);
    const articles = service.presentList(items);
    sendOk(ctx, articles, { legacy: { articles, ...pagination } });
    // Read in the same tick as the data above, so a change after it is seen as one.
    markReplayable(ctx, whileUnchanged(services.dataGeneration, services.viewGeneration));
  });

  router.get('/api/articles/:id', (ctx) => {
    const id = parseId(ctx.params.id, M.articleNotFound);
    // Koa's router answers HEAD with this handler too; only a real read counts as a view, and
    // not the refetch of a page already open after a realtime hint (`?refresh=1`).
    const detail = service.detail(id, ctx.method === 'GET' && ctx.query.refresh !== '1');
    sendOk(ctx, detail, { legacy: { ...detail } });
    ctx.set('Cache-Control', COUNTED_READ_CACHE_CONTROL);
  });

  // The same answer as by id, views counted alike (server/API.md §E19).
  router.get('/api/articles/slug/:slug', (ctx) => {
    const id = service.publishedIdOfSlug(ctx.params.slug ?? '');
    if (id === undefined) throw notFound(M.articleNotFound);
    const detail = service.detail(id, ctx.method === 'GET' && ctx.query.refresh !== '1');
    sendOk(ctx, detail, { legacy: { ...detail } });
    ctx.set('Cache-Control', COUNTED_READ_CACHE_CONTROL);
  });

  router.get('/api/categories', (ctx) => {
    const categories = service.categories();
    sendOk(ctx, categories, { legacy: { categories } });
    markReplayable(ctx, whileUnchanged(services.dataGeneration));
  });

  router.get('/api/tags', (ctx) => {
    const tags = service.tagCounts();
    sendOk(ctx, tags, { legacy: { tags } });
    markReplayable(ctx, whileUnchanged(services.dataGeneration));
  });
}
