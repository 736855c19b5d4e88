import { useCallback, useEffect, useMemo, useReducer } from 'react';
import { SNACKBAR_MS, UiMessages } from '@folio/shared';
import { errorMessage } from '../../../../lib/api-client';
import { useAdminApi, useNotify } from '../../hooks/admin-services';
import { useCommentEvents } from '../../comments/live/use-comment-events';
import { listArticles } from '../api/articles.api';
import type { StatusFilter } from '../model/article-status';
import { articleListQuery, articleListReducer, initialArticleList } from '../model/article-list';

/**
 * The admin article list (see model/article-list.ts): page, page size (default 10), the applied
 * title search, the status filter and the selection, fetched again whenever the query changes.
 */
export function useArticleList() {
  const api = useAdminApi();
  const notify = useNotify();
  const [state, dispatch] = useReducer(articleListReducer, initialArticleList);
  const { page, perPage, search, status } = state;

  /** The same query again, quietly: no overlay, and a failure keeps the rows shown. */
  const refresh = useCallback(async () => {
    try {
      const response = await listArticles(api, articleListQuery({ page, perPage, search, status }));
      dispatch({ type: 'loaded', articles: response.data, total: response.total ?? response.data.length });
    } catch {
      // The next event or the owner's next action fetches again.
    }
  }, [api, page, perPage, search, status]);

  const load = useCallback(async () => {
    dispatch({ type: 'loadStarted' });
    try {
      const response = await listArticles(api, articleListQuery({ page, perPage, search, status }));
      dispatch({ type: 'loaded', articles: response.data, total: response.total ?? response.data.length });
    } catch (error) {
      dispatch({ type: 'loadFailed' });
      notify(errorMessage(error, UiMessages.networkError), 'error', SNACKBAR_MS.articles);
    }
  }, [api, notify, page, perPage, search, status]);

  useEffect(() => {
    void load();
  }, [load]);

  // Another client's change (the desktop's new draft, a second tab, a schedule going out) shows
  // without a reload, as the comment screens follow theirs (server/API.md §E12.5).
  const events = useCommentEvents();
  useEffect(() => events.onArticlesChanged?.(() => void refresh()), [events, refresh]);

  const actions = useMemo(
    () => ({
      setPage: (value: number) => dispatch({ type: 'pageChanged', page: value }),
      setPerPage: (value: number) => dispatch({ type: 'perPageChanged', perPage: value }),
      setSearch: (value: string) => dispatch({ type: 'searched', search: value }),
      setStatusFilter: (value: StatusFilter) => dispatch({ type: 'statusFiltered', status: value }),
      setSelected: (selected: ReadonlySet<number>) => dispatch({ type: 'selectionChanged', selected }),
      /** Deleted articles leave the selection. */
      forgetDeleted: (ids: readonly number[]) => dispatch({ type: 'deleted', ids }),
    }),
    [],
  );

  return { ...state, load, ...actions };
}
