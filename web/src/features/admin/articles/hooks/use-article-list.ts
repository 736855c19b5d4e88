import { useCallback, useEffect, useMemo, useReducer } from 'react';
import { SNACKBAR_MS, UiMessages } from '@folio/shared';
import { errorMessage } from '../../../../lib/api-client';
import { useAdminApi, useNotify } from '../../hooks/admin-services';
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
