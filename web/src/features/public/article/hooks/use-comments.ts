import { useCallback, useRef, useState } from 'react';
import { RealtimeEvents } from '@folio/shared';
import type { PublicComment } from '@folio/shared';
import { useLiveResource } from '../../../../lib/use-live-resource';
import { fetchComments } from '../api/article.api';
import { withOwnComments } from '../model/comment-list';
import type { CommentsPage } from '../model/comment-list';

interface FetchedPage extends CommentsPage {
  /** How many of the visitor's own posts had been answered when this page was asked for. */
  postsAnsweredBefore: number;
}

/**
 * The article's newest comments, refetched on a `comments_updated` that concerns them. A comment
 * the visitor posts is shown from the POST's answer through {@link addPosted}, without a fetch of
 * its own: the `comments_updated` that the post causes refetches once, and that fetch also brings
 * whatever other visitors posted meanwhile. A posted comment stays shown on top of any page asked
 * for before its answer came (such a page may predate it); a page asked for later has it or,
 * if the owner deleted it since, rightly not.
 */
export function useComments(articleId: number, initial: CommentsPage | undefined, enabled: boolean) {
  const postedRef = useRef<PublicComment[]>([]);
  const [posted, setPosted] = useState<PublicComment[]>([]);
  const load = useCallback(
    async (signal: AbortSignal): Promise<FetchedPage> => {
      const postsAnsweredBefore = postedRef.current.length;
      const page = enabled ? await fetchComments(articleId, signal) : { comments: [], total: 0 };
      return { ...page, postsAnsweredBefore };
    },
    [articleId, enabled],
  );
  const resource = useLiveResource(load, {
    initial: initial && { ...initial, postsAnsweredBefore: 0 },
    events: [RealtimeEvents.comments],
    // Comments of this article, or of any (an import or a deletion across articles names none).
    concerns: ({ article_id }) => article_id === null || article_id === articleId,
    deps: [articleId, enabled],
  });
  const addPosted = useCallback((comment: PublicComment) => {
    postedRef.current = [...postedRef.current, comment];
    setPosted(postedRef.current);
  }, []);

  // Until a page arrives (or when it failed) a posted comment still shows.
  const fetched = resource.data ?? { comments: [], total: 0, postsAnsweredBefore: 0 };
  const unconfirmed = posted.slice(fetched.postsAnsweredBefore).filter((comment) => comment.article_id === articleId);
  const page = withOwnComments(fetched, unconfirmed);
  return {
    comments: page.comments,
    /** All of the article's comments, once a page has been loaded. */
    total: resource.data ? page.total : undefined,
    loading: resource.loading,
    addPosted,
  };
}
