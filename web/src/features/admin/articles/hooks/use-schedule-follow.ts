import { useEffect, useRef } from 'react';
import { RealtimeEvents } from '@folio/shared';
import type { AdminArticleDetail } from '@folio/shared';
import { useRealtimeEvents } from '../../../../lib/realtime';
import { useAdminApi } from '../../hooks/admin-services';
import { getArticle } from '../api/articles.api';

/** How long after its time the editor looks again, should the server's live event not reach it. */
const LOOK_AGAIN_AFTER_MS = 1500;

/**
 * Keeps an open scheduled article's status true when its time comes (server/API.md §E8): the
 * server's publication arrives as `articles_updated` naming it, and a look at its time covers a
 * page whose realtime connection is down. Only status and schedule are taken: the fields being
 * edited are the owner's, and a scheduled publication leaves the revision alone.
 */
export function useScheduleFollow(
  article: { id: number; status: string; publishAt: string | null } | null,
  onPublished: (detail: AdminArticleDetail) => void,
): void {
  const api = useAdminApi();
  const onPublishedRef = useRef(onPublished);
  onPublishedRef.current = onPublished;
  const scheduledId = article?.status === 'scheduled' ? article.id : null;
  const publishAt = article?.status === 'scheduled' ? article.publishAt : null;

  const lookNow = useRef<() => void>(() => undefined);
  useEffect(() => {
    if (scheduledId === null) {
      lookNow.current = () => undefined;
      return undefined;
    }
    let stopped = false;
    lookNow.current = () => {
      void getArticle(api, scheduledId)
        .then(({ data }) => {
          if (!stopped && data.status !== 'scheduled') onPublishedRef.current(data);
        })
        .catch(() => undefined);
    };
    const delay = publishAt === null ? null : Math.max(0, Date.parse(publishAt) - Date.now()) + LOOK_AGAIN_AFTER_MS;
    // setTimeout cannot wait more than about 24.8 days; an editor is not open that long.
    const timer = delay !== null && delay < 2 ** 31 - 1 ? window.setTimeout(() => lookNow.current(), delay) : undefined;
    return () => {
      stopped = true;
      window.clearTimeout(timer);
    };
  }, [api, scheduledId, publishAt]);

  useRealtimeEvents([RealtimeEvents.articles], ({ ids }) => {
    if (scheduledId !== null && ids.includes(scheduledId)) lookNow.current();
  });
}
