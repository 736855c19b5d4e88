import { RealtimeEvents } from '@folio/shared';
import type { ArticleListScope, PublicArticleList } from '@folio/shared';
import { useSnapshotHolder } from '../../../../lib/page-snapshot';
import { useLiveResource } from '../../../../lib/use-live-resource';
import { fetchArticleListPage } from '../api/article-list-page.api';

const LIST_EVENTS = [RealtimeEvents.articles, RealtimeEvents.comments] as const;

export interface ArticleListPageState {
  list: PublicArticleList | undefined;
  loading: boolean;
  /** The page does not exist: past the last page, or a tag or category without a published article. */
  missing: boolean;
}

const sameScope = (a: ArticleListScope, b: ArticleListScope) =>
  a.kind === b.kind && (a.kind === 'all' || (b.kind !== 'all' && a.name === b.name));

/** Whether a list shows the page it was asked for (server/API.md §E16): the archive's first page always exists. */
const pageExists = (scope: ArticleListScope, page: number, list: PublicArticleList) =>
  list.total === 0 ? scope.kind === 'all' && page === 1 : page <= list.pages;

/**
 * One page of an article list page, from the server-rendered snapshot at first, then fetched;
 * live on `articles_updated` and `comments_updated` like the landing page's list (docs/spec.md §4.4).
 */
export function useArticleListPage(scope: ArticleListScope, page: number): ArticleListPageState {
  const holder = useSnapshotHolder();
  const rendered = holder.consumed ? undefined : holder.snapshot;
  const fromSnapshot = rendered?.articleListPage;
  const initial =
    fromSnapshot && sameScope(fromSnapshot.scope, scope) && fromSnapshot.list.current_page === page
      ? fromSnapshot.list
      : undefined;
  // A server-rendered page without a list is the server's 404 for this address.
  const renderedMissing = rendered !== undefined && rendered !== null && fromSnapshot === undefined;

  const key = scope.kind === 'all' ? '' : `${scope.kind}:${scope.name}`;
  const list = useLiveResource((signal) => fetchArticleListPage(scope, page, signal), {
    initial,
    events: LIST_EVENTS,
    deps: [key, page],
  });
  const data = list.data;
  return {
    list: data,
    loading: !renderedMissing && data === undefined && !list.error,
    missing: data === undefined ? renderedMissing : !pageExists(scope, page, data),
  };
}
