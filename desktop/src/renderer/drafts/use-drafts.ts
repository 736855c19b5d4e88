import { useCallback, useEffect, useState } from 'react';
import type { DraftSummary, MirrorList } from '../../channels';
import { call, folioBridge } from '../bridge/folio-bridge';

/** The draft list, reloaded whenever the background sync reports a change. */
export function useDrafts(): { drafts: DraftSummary[] | null; error: string; reload: () => Promise<void> } {
  const [drafts, setDrafts] = useState<DraftSummary[] | null>(null);
  const [error, setError] = useState('');
  const reload = useCallback(async () => {
    try {
      setDrafts(await call(folioBridge().drafts.list()));
      setError('');
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
    }
  }, []);
  useEffect(() => {
    void reload();
    return folioBridge().on('sync', () => void reload());
  }, [reload]);
  return { drafts, error, reload };
}

/**
 * How many drafts wait for the owner (the 草稿箱 tab's count): read when the profile changes,
 * then kept live by the `sync` event, which main sends whenever the count may have moved.
 */
export function useWaitingDraftCount(profileId: string | null): number {
  const [count, setCount] = useState(0);
  useEffect(() => {
    let current = true;
    setCount(0);
    if (profileId !== null) {
      void folioBridge()
        .drafts.list()
        .then((reply) => {
          if (current && reply.ok) setCount(reply.data.filter((draft) => draft.waiting).length);
        });
    }
    const stop = folioBridge().on('sync', ({ waiting }) => setCount(waiting));
    return () => {
      current = false;
      stop();
    };
  }, [profileId]);
  return count;
}

/** The local mirror's article list; `refresh` asks the server (and falls back to the copy when offline). */
export function useMirror(): {
  mirror: MirrorList | null;
  error: string;
  refresh: () => Promise<boolean>;
} {
  const [mirror, setMirror] = useState<MirrorList | null>(null);
  const [error, setError] = useState('');
  useEffect(() => {
    const bridge = folioBridge();
    const load = () =>
      void bridge.mirror.list().then((reply) => (reply.ok ? setMirror(reply.data) : setError(reply.error.message)));
    load();
    // The background fill stores bodies while the page is open.
    return bridge.on('mirror', load);
  }, []);
  const refresh = useCallback(async () => {
    try {
      const next = await call(folioBridge().mirror.refresh());
      setMirror(next);
      setError('');
      return next.online;
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
      return false;
    }
  }, []);
  return { mirror, error, refresh };
}
