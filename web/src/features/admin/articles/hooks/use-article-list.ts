import { useCallback, useEffect, useState } from 'react';
import { ADMIN_ARTICLES_PAGE_SIZE, SNACKBAR_MS, UiMessages } from '@folio/shared';
import type { AdminArticleListItem } from '@folio/shared';
import { errorMessage } from '../../../../lib/api-client';
import { useAdminApi, useNotify } from '../../hooks/admin-services';
import { listArticles } from '../api/articles.api';

/** The admin article list: page, page size (default 10) and the applied title search. */
export function useArticleList() {
  const api = useAdminApi();
  const notify = useNotify();
  const [page, setPage] = useState(1);
  const [perPage, setPerPageState] = useState(ADMIN_ARTICLES_PAGE_SIZE);
  const [search, setSearchState] = useState('');
  const [articles, setArticles] = useState<AdminArticleListItem[]>([]);
  const [total, setTotal] = useState(0);
  const [loading, setLoading] = useState(true);

  const load = useCallback(async () => {
    setLoading(true);
    try {
      const response = await listArticles(api, { page, perPage, search });
      setArticles(response.data);
      setTotal(response.total ?? response.data.length);
    } catch (error) {
      notify(errorMessage(error, UiMessages.networkError), 'error', SNACKBAR_MS.articles);
    } finally {
      setLoading(false);
    }
  }, [api, notify, page, perPage, search]);

  useEffect(() => {
    void load();
  }, [load]);

  // A page emptied by deletions falls back to the last page that still has rows.
  useEffect(() => {
    const lastPage = Math.max(1, Math.ceil(total / perPage));
    if (!loading && page > lastPage) setPage(lastPage);
  }, [loading, total, perPage, page]);

  return {
    articles,
    total,
    loading,
    page,
    perPage,
    search,
    load,
    setPage,
    setPerPage: (value: number) => {
      setPerPageState(value);
      setPage(1);
    },
    setSearch: (value: string) => {
      setSearchState(value);
      setPage(1);
    },
  };
}
