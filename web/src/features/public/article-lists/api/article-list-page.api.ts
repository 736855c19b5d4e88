import { ARTICLE_LIST_PAGE_SIZE } from '@folio/shared';
import type { ArticleListScope, PublicArticleList, PublicArticleListItem } from '@folio/shared';
import { publicApi } from '../../api/public-api';

/** One page of a list page's articles, read through the public list (server/API.md §8.1, §E16). */
export async function fetchArticleListPage(
  scope: ArticleListScope,
  page: number,
  signal: AbortSignal,
): Promise<PublicArticleList> {
  const body = await publicApi.get<PublicArticleListItem[]>('/api/articles', {
    signal,
    query: {
      page,
      per_page: ARTICLE_LIST_PAGE_SIZE,
      tag: scope.kind === 'tag' ? scope.name : undefined,
      category: scope.kind === 'category' ? scope.name : undefined,
    },
  });
  return {
    articles: body.data,
    total: body.total ?? body.data.length,
    pages: body.pages ?? 1,
    current_page: body.current_page ?? page,
    per_page: body.per_page ?? ARTICLE_LIST_PAGE_SIZE,
  };
}
