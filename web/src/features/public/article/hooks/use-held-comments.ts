import { useCallback, useEffect, useState } from 'react';
import type { PostedComment } from '@folio/shared';
import { fetchHeldState } from '../api/article.api';
import { forgetHeldComments, readHeldComments, rememberHeldComment } from '../model/held-comments';
import type { HeldComment } from '../model/held-comments';

export interface HeldComments {
  /** This browser's comments on the article that wait for review, oldest first. */
  held: HeldComment[];
  /** A comment just posted; kept when it is held. */
  add: (posted: PostedComment) => void;
}

/**
 * The comments this browser posted that wait for review (server/API.md §E12.6): read from local
 * storage after hydration (the server's page never has them), asked after once per page, and
 * forgotten once shown (`shownIds` holds them, or the server says so) or deleted.
 */
export function useHeldComments(articleId: number, shownIds: readonly number[], enabled: boolean): HeldComments {
  const [held, setHeld] = useState<HeldComment[]>([]);

  useEffect(() => {
    if (!enabled) return;
    const kept = readHeldComments(articleId);
    setHeld(kept);
    if (kept.length === 0) return;
    const controller = new AbortController();
    void Promise.all(
      kept.map(async (comment) => ({
        id: comment.id,
        status: await fetchHeldState(comment.id, comment.held_token, controller.signal).catch(() => 'pending' as const),
      })),
    ).then((states) => {
      if (controller.signal.aborted) return;
      const settled = states.filter((state) => state.status !== 'pending').map((state) => state.id);
      forgetHeldComments(settled);
      setHeld((current) => current.filter((comment) => !settled.includes(comment.id)));
    });
    return () => controller.abort();
  }, [articleId, enabled]);

  // Approved while the page is open: the list's refetch brings it, and it is held no more.
  useEffect(() => {
    const shown = held.filter((comment) => shownIds.includes(comment.id)).map((comment) => comment.id);
    if (shown.length === 0) return;
    forgetHeldComments(shown);
    setHeld((current) => current.filter((comment) => !shown.includes(comment.id)));
  }, [held, shownIds]);

  const add = useCallback((posted: PostedComment) => {
    const kept = rememberHeldComment(posted);
    if (kept) setHeld((current) => [...current.filter((comment) => comment.id !== kept.id), kept]);
  }, []);

  return { held, add };
}
