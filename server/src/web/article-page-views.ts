import type { PublicArticlesService } from '../services/public-articles.service.js';

/** What a request for an article page means for the article's view count. */
export interface ArticlePageVisit {
  /** Whether readers see the article; its page is a 404 otherwise (a draft too, server/API.md §E8). */
  live: boolean;
  /** Counts the view of a later answer replayed before Koa (which never reaches the page code). */
  countReplayedView(): void;
}

/**
 * A rendered article page is a visit: a GET counts one view, whether the page is rendered, taken
 * from the page cache or replayed; a HEAD counts none. The API's article detail counts its own
 * views (see the articles service), so this is only for the server-rendered page.
 */
export function visitArticlePage(articles: PublicArticlesService, id: number, method: string): ArticlePageVisit {
  return {
    live: method === 'GET' ? articles.countView(id) : articles.isPublished(id),
    countReplayedView: () => void articles.countView(id),
  };
}
