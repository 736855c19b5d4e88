import { useCallback, useState } from 'react';
import { RealtimeEvents } from '@folio/shared';
import type { PublicArticleList } from '@folio/shared';
import { useSnapshot } from '../../../../lib/page-snapshot';
import { useLiveResource } from '../../../../lib/use-live-resource';
import { fetchArticles, fetchCategories, fetchTags } from '../api/articles.api';
import type { ArticleFilters } from '../model/filters';
import { NO_FILTERS } from '../model/filters';
import { DEMO_CATEGORY_LIST, demoTags, filterDemoArticles } from '../../demo/demo-articles';

const LIST_EVENTS = [RealtimeEvents.articles, RealtimeEvents.comments] as const;

export interface ArticleListState {
  filters: ArticleFilters;
  list: PublicArticleList | undefined;
  loading: boolean;
  demo: boolean;
  categories: string[];
  tags: Record<string, number>;
  /** Changes filters; any change other than the page goes back to page 1. */
  update: (patch: Partial<ArticleFilters>) => void;
  clear: () => void;
}

/**
 * The article list with its filters (docs/spec.md §4.2): live on `articles_updated`/`comments_updated`;
 * when the API fails, demo mode with the sample articles filtered locally.
 */
export function useArticleList(): ArticleListState {
  const [filters, setFilters] = useState<ArticleFilters>(NO_FILTERS);
  const initialList = useSnapshot('articleList');
  const initialCategories = useSnapshot('categories');
  const initialTags = useSnapshot('tags');

  const list = useLiveResource((signal) => fetchArticles(filters, signal), {
    initial: initialList,
    events: LIST_EVENTS,
    deps: [filters],
  });
  const categories = useLiveResource(fetchCategories, { initial: initialCategories, events: [RealtimeEvents.articles] });
  const tags = useLiveResource(fetchTags, { initial: initialTags, events: [RealtimeEvents.articles] });

  const demo = Boolean(list.error);
  const update = useCallback((patch: Partial<ArticleFilters>) => {
    setFilters((previous) => {
      const next = { ...previous, ...patch };
      if (patch.page === undefined) next.page = 1;
      return next;
    });
  }, []);
  const clear = useCallback(() => setFilters(NO_FILTERS), []);

  return {
    filters,
    list: demo ? filterDemoArticles(filters) : list.data,
    loading: !demo && (list.loading || list.data === undefined),
    demo,
    // In demo mode the filters offer what the sample articles use.
    categories: demo || categories.error ? DEMO_CATEGORY_LIST : (categories.data ?? []),
    tags: demo || tags.error ? demoTags() : (tags.data ?? {}),
    update,
    clear,
  };
}
