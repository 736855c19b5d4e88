import { useCallback, useRef, useState } from 'react';
import { RealtimeEvents } from '@folio/shared';
import type { PublicComment } from '@folio/shared';
import { useLiveResource } from '../../../../lib/use-live-resource';
import { fetchCommentThreads } from '../api/article.api';
import { hasMoreThreads, withOwnComments } from '../model/comment-list';
import type { CommentsPage } from '../model/comment-list';

interface FetchedPage extends CommentsPage {
  articleId: number;
  /** How many pages of threads it holds. */
  pages: number;
  /** How many of the visitor's own posts had been answered when this page was asked for. */
  postsAnsweredBefore: number;
}

/**
 * The article's newest comment threads, refetched on a `comments_updated` that concerns them (a
 * reply or an approval elsewhere). A comment the visitor posts is shown from the POST's answer
 * through {@link addPosted}, without a fetch of its own: the `comments_updated` that the post
 * causes refetches once, and that fetch also brings whatever other visitors posted meanwhile. A
 * posted comment stays shown on any page asked for before its answer came (such a page may
 * predate it); a page asked for later has it or, if the owner deleted it since, rightly not.
 * {@link loadMore} adds the next page of threads; a refetch then asks for every page shown.
 */
export function useComments(articleId: number, initial: CommentsPage | undefined, enabled: boolean) {
  const postedRef = useRef<PublicComment[]>([]);
  const [posted, setPosted] = useState<PublicComment[]>([]);
  const [wanted, setWanted] = useState({ articleId, pages: 1 });
  const pages = wanted.articleId === articleId ? wanted.pages : 1;
  const load = useCallback(
    async (signal: AbortSignal): Promise<FetchedPage> => {
      const postsAnsweredBefore = postedRef.current.length;
      const page = enabled ? await fetchCommentThreads(articleId, pages, signal) : { comments: [], total: 0 };
      return { ...page, articleId, pages, postsAnsweredBefore };
    },
    [articleId, enabled, pages],
  );
  const resource = useLiveResource(load, {
    initial: initial && { ...initial, articleId, pages: 1, postsAnsweredBefore: 0 },
    events: [RealtimeEvents.comments],
    // Comments of this article, or of any (an import or a deletion across articles names none).
    concerns: ({ article_id }) => article_id === null || article_id === articleId,
    deps: [articleId, enabled, pages],
  });
  const addPosted = useCallback((comment: PublicComment) => {
    postedRef.current = [...postedRef.current, comment];
    setPosted(postedRef.current);
  }, []);
  const loadMore = useCallback(() => setWanted({ articleId, pages: pages + 1 }), [articleId, pages]);

  // Another article's comments are not shown while this one's load; a page loading more threads keeps its own.
  const current = resource.data?.articleId === articleId ? resource.data : undefined;
  // Until a page arrives (or when it failed) a posted comment still shows.
  const fetched = current ?? { comments: [], total: 0, postsAnsweredBefore: 0 };
  const unconfirmed = posted.slice(fetched.postsAnsweredBefore).filter((comment) => comment.article_id === articleId);
  const page = withOwnComments(fetched, unconfirmed);
  return {
    comments: page.comments,
    /** All of the article's comments, replies included, once a page has been loaded. */
    total: current ? page.total : undefined,
    loading: resource.loading && !current,
    moreToLoad: enabled && current !== undefined && hasMoreThreads(page),
    loadingMore: resource.loading && current !== undefined && current.pages < pages,
    loadMore,
    addPosted,
  };
}
