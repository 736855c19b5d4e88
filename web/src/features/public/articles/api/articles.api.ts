import { PUBLIC_ARTICLES_PAGE_SIZE } from '@folio/shared';
import type { PublicArticleList, PublicArticleListItem } from '@folio/shared';
import { publicApi } from '../../api/public-api';
import type { ArticleFilters } from '../model/filters';

export async function fetchArticles(filters: ArticleFilters, signal: AbortSignal): Promise<PublicArticleList> {
  const body = await publicApi.get<PublicArticleListItem[]>('/api/articles', {
    signal,
    query: {
      page: filters.page,
      per_page: PUBLIC_ARTICLES_PAGE_SIZE,
      search: filters.search.trim(),
      category: filters.category,
      tag: filters.tag,
    },
  });
  return {
    articles: body.data,
    total: body.total ?? body.data.length,
    pages: body.pages ?? 1,
    current_page: body.current_page ?? filters.page,
    per_page: body.per_page ?? PUBLIC_ARTICLES_PAGE_SIZE,
  };
}

export async function fetchCategories(signal: AbortSignal): Promise<string[]> {
  return (await publicApi.get<string[]>('/api/categories', { signal })).data;
}

export async function fetchTags(signal: AbortSignal): Promise<Record<string, number>> {
  return (await publicApi.get<Record<string, number>>('/api/tags', { signal })).data;
}
