import { PUBLIC_ARTICLES_PAGE_SIZE } from '@folio/shared';
import type { PublicArticleList } from '@folio/shared';
import { apiRequest } from '../../../../lib/api-client';

export interface ArticleFilters {
  search: string;
  category: string;
  tag: string;
  page: number;
}

export const NO_FILTERS: ArticleFilters = { search: '', category: '', tag: '', page: 1 };

export const hasFilters = (filters: ArticleFilters) => Boolean(filters.search || filters.category || filters.tag);

export async function fetchArticles(filters: ArticleFilters, signal: AbortSignal): Promise<PublicArticleList> {
  const body = await apiRequest<PublicArticleList>('/api/articles', {
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
    articles: body.articles,
    total: body.total,
    pages: body.pages,
    current_page: body.current_page,
    per_page: body.per_page,
  };
}

export async function fetchCategories(signal: AbortSignal): Promise<string[]> {
  return (await apiRequest<{ categories: string[] }>('/api/categories', { signal })).categories;
}

export async function fetchTags(signal: AbortSignal): Promise<Record<string, number>> {
  return (await apiRequest<{ tags: Record<string, number> }>('/api/tags', { signal })).tags;
}

/** Where a cover is loaded from: absolute URLs as they are, paths from the site origin. */
export function coverSrc(cover: string): string {
  if (!cover) return '';
  return /^https?:\/\//i.test(cover) ? cover : `/${cover.replace(/^\/+/, '')}`;
}

export const DEFAULT_COVER = '/default-cover.svg';
