export interface ArticleFilters {
  search: string;
  category: string;
  tag: string;
  page: number;
}

export const NO_FILTERS: ArticleFilters = { search: '', category: '', tag: '', page: 1 };

export const hasFilters = (filters: ArticleFilters) => Boolean(filters.search || filters.category || filters.tag);
