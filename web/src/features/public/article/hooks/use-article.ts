import { useRef } from 'react';
import { RealtimeEvents } from '@folio/shared';
import type { PublicArticleDetail } from '@folio/shared';
import { ApiError } from '../../../../lib/api-client';
import { useSnapshot } from '../../../../lib/page-snapshot';
import { useLiveResource } from '../../../../lib/use-live-resource';
import { fetchArticle } from '../api/article.api';
import { DEMO_ARTICLE } from '../../demo/demo-article';

export interface ArticleState {
  article: PublicArticleDetail | null;
  loading: boolean;
  /** The API could not be reached: demo mode (docs/spec.md §4.5). */
  demo: boolean;
  notFound: boolean;
}

/** Whether an article is the one `address` (the `{slug}` or `{id}` of `/articles/...`) names. */
const isAt = (article: PublicArticleDetail, address: string) => article.slug === address || String(article.id) === address;

/**
 * The article of the page at `/articles/{address}`, its slug or its id (server/API.md §E19). A 404
 * means it does not exist; any other failure starts demo mode, which shows the built-in sample
 * when the id is 1.
 */
export function useArticle(address: string): ArticleState {
  const initial = useSnapshot('article');
  // Once loaded, refetched by id: a slug the owner changes meanwhile would be a 404.
  const loadedId = useRef<number | undefined>(undefined);
  const resource = useLiveResource<PublicArticleDetail | null, typeof RealtimeEvents.articles>(
    (signal) => fetchArticle(loadedId.current ?? address, signal),
    {
      initial: initial === undefined || (initial !== null && !isAt(initial, address)) ? undefined : initial,
      events: [RealtimeEvents.articles],
      // A change to this article, or to all of them (an import names none).
      concerns: ({ ids }) => ids.length === 0 || (loadedId.current !== undefined && ids.includes(loadedId.current)),
      deps: [address],
    },
  );
  loadedId.current = resource.data && isAt(resource.data, address) ? resource.data.id : undefined;
  const id = /^\d+$/.test(address) ? Number(address) : 0;
  const { error } = resource;
  if (error instanceof ApiError && error.status === 404) return { article: null, loading: false, demo: false, notFound: true };
  if (error && !resource.data) {
    const article = id === DEMO_ARTICLE.id || address === DEMO_ARTICLE.slug ? DEMO_ARTICLE : null;
    return { article, loading: false, demo: true, notFound: article === null };
  }
  const article = resource.data ?? null;
  return { article, loading: resource.loading && !article, demo: false, notFound: !resource.loading && !article };
}
