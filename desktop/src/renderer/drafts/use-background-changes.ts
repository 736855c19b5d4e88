import { useEffect, useRef } from 'react';
import type { Draft } from '../../channels';
import { call, folioBridge } from '../bridge/folio-bridge';

/**
 * Keeps an open editor's view of its draft true while the background sync works on it: the
 * badge and the note follow each send, and a conflict found in the background opens the
 * conflict screen in place. The text is taken over only for a conflict (after the editor's last
 * keystrokes are on disk): otherwise the draft store merges the editor's saves with whatever
 * the sync brought in, so the editor keeps the text the owner is typing into. An editor whose
 * text the sync rewrites (`startFollowing` says so: it links images kept offline, which the sync
 * uploads and relinks) is handed the stored draft through `onStored` once its keystrokes are on disk:
 * reading the draft tells main the editor took it as it is, so the editor must take it.
 */
export function useBackgroundChanges(
  draftId: string,
  flush: () => Promise<void>,
  onState: (update: Pick<Draft, 'state' | 'lastError' | 'articleId'>) => void,
  onConflict: (draft: Draft) => void,
  startFollowing: () => boolean,
  onStored: (draft: Draft) => void,
): void {
  const handlers = useRef({ flush, onState, onConflict, startFollowing, onStored });
  handlers.current = { flush, onState, onConflict, startFollowing, onStored };
  useEffect(
    () =>
      folioBridge().on('sync', ({ changedDraftIds }) => {
        if (!changedDraftIds.includes(draftId)) return;
        void (async () => {
          const bridge = folioBridge();
          const summary = (await call(bridge.drafts.list())).find((candidate) => candidate.id === draftId);
          if (!summary) return;
          if (summary.state !== 'conflict') {
            handlers.current.onState({ state: summary.state, lastError: summary.lastError, articleId: summary.articleId });
            if (!handlers.current.startFollowing()) return;
            await handlers.current.flush();
            const stored = await call(bridge.drafts.get({ id: draftId }));
            if (stored) handlers.current.onStored(stored);
            return;
          }
          await handlers.current.flush();
          const conflicted = await call(bridge.drafts.get({ id: draftId }));
          if (conflicted) handlers.current.onConflict(conflicted);
        })().catch(() => undefined);
      }),
    [draftId],
  );
}
