import { ADMIN_ARTICLES_PAGE_SIZE } from '@folio/shared';
import type { AdminArticleListItem } from '@folio/shared';
import type { ArticleListQuery } from '../api/articles.api';
import type { StatusFilter } from './article-status';

/**
 * The admin article list (docs/spec.md §2.5): what is asked for (page, page size, applied title search,
 * status filter of server/API.md §E8),
 * what the last answer held, and the rows the owner ticked. Selection survives paging and
 * searching, so a batch can span pages; it loses only the articles that were deleted.
 */
export interface ArticleListState {
  page: number;
  perPage: number;
  search: string;
  status: StatusFilter;
  articles: AdminArticleListItem[];
  total: number;
  loading: boolean;
  selected: ReadonlySet<number>;
}

export type ArticleListAction =
  | { type: 'pageChanged'; page: number }
  | { type: 'perPageChanged'; perPage: number }
  | { type: 'searched'; search: string }
  | { type: 'statusFiltered'; status: StatusFilter }
  | { type: 'loadStarted' }
  | { type: 'loaded'; articles: AdminArticleListItem[]; total: number }
  | { type: 'loadFailed' }
  | { type: 'selectionChanged'; selected: ReadonlySet<number> }
  | { type: 'deleted'; ids: readonly number[] };

export const initialArticleList: ArticleListState = {
  page: 1,
  perPage: ADMIN_ARTICLES_PAGE_SIZE,
  search: '',
  status: 'all',
  articles: [],
  total: 0,
  loading: true,
  selected: new Set(),
};

/** The query the list's current state asks the server for. */
export function articleListQuery(state: Pick<ArticleListState, 'page' | 'perPage' | 'search' | 'status'>): ArticleListQuery {
  const query: ArticleListQuery = { page: state.page, perPage: state.perPage, search: state.search };
  if (state.status !== 'all') query.status = state.status;
  return query;
}

/** The last page that has rows (1 for an empty list). */
export function lastPage(total: number, perPage: number): number {
  return Math.max(1, Math.ceil(total / perPage));
}

/** The same state when nothing in `patch` differs, so an unchanged query fetches nothing again. */
function patch(state: ArticleListState, changes: Partial<ArticleListState>): ArticleListState {
  const keys = Object.keys(changes) as (keyof ArticleListState)[];
  return keys.every((key) => Object.is(state[key], changes[key])) ? state : { ...state, ...changes };
}

export function articleListReducer(state: ArticleListState, action: ArticleListAction): ArticleListState {
  switch (action.type) {
    case 'pageChanged':
      return patch(state, { page: action.page });
    // A new page size, search or status filter starts again from the first page (docs/spec.md §9).
    case 'perPageChanged':
      return patch(state, { perPage: action.perPage, page: 1 });
    case 'searched':
      return patch(state, { search: action.search, page: 1 });
    case 'statusFiltered':
      return patch(state, { status: action.status, page: 1 });
    case 'loadStarted':
      return patch(state, { loading: true });
    case 'loaded': {
      // A page emptied by deletions falls back to the last page that still has rows.
      const page = Math.min(state.page, lastPage(action.total, state.perPage));
      return { ...state, articles: action.articles, total: action.total, loading: false, page };
    }
    // The rows shown stay as they were: the failure is reported, not shown as an empty list.
    case 'loadFailed':
      return patch(state, { loading: false });
    case 'selectionChanged':
      return { ...state, selected: action.selected };
    case 'deleted': {
      const gone = new Set(action.ids);
      const selected = new Set([...state.selected].filter((id) => !gone.has(id)));
      return selected.size === state.selected.size ? state : { ...state, selected };
    }
  }
}
