import { PUBLIC_ARTICLES_PAGE_SIZE } from '@folio/shared';
import type { PublicArticleList, PublicArticleListItem } from '@folio/shared';
import { publicApi } from '../../api/public-api';

export interface ArticleFilters {
  search: string;
  category: string;
  tag: string;
  page: number;
}

export const NO_FILTERS: ArticleFilters = { search: '', category: '', tag: '', page: 1 };

export const hasFilters = (filters: ArticleFilters) => Boolean(filters.search || filters.category || filters.tag);

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

/** Where a cover is loaded from: absolute URLs as they are, paths from the site origin. */
export function coverSrc(cover: string): string {
  if (!cover) return '';
  return /^https?:\/\//i.test(cover) ? cover : `/${cover.replace(/^\/+/, '')}`;
}

export const DEFAULT_COVER = '/default-cover.svg';
