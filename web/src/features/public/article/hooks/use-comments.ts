import { useCallback } from 'react';
import { RealtimeEvents } from '@folio/shared';
import type { PublicComment } from '@folio/shared';
import { useLiveResource } from '../../../../lib/use-live-resource';
import { fetchComments } from '../api/article.api';

/** The article's newest comments, reloaded after posting and on a `comments_updated` that concerns them. */
export function useComments(articleId: number, initial: PublicComment[] | undefined, enabled: boolean) {
  const load = useCallback(
    (signal: AbortSignal) => (enabled ? fetchComments(articleId, signal) : Promise.resolve<PublicComment[]>([])),
    [articleId, enabled],
  );
  const resource = useLiveResource(load, {
    initial,
    events: [RealtimeEvents.comments],
    // Comments of this article, or of any (an import or a deletion across articles names none).
    concerns: ({ article_id }) => article_id === null || article_id === articleId,
    deps: [articleId, enabled],
  });
  return { comments: resource.data ?? [], loading: resource.loading, reload: resource.reload };
}
