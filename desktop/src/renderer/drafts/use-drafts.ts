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

/** The local mirror's article list; `refresh` asks the server (and falls back to the copy when offline). */
export function useMirror(): {
  mirror: MirrorList | null;
  error: string;
  refresh: () => Promise<boolean>;
} {
  const [mirror, setMirror] = useState<MirrorList | null>(null);
  const [error, setError] = useState('');
  useEffect(() => {
    void folioBridge()
      .mirror.list()
      .then((reply) => (reply.ok ? setMirror(reply.data) : setError(reply.error.message)));
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
