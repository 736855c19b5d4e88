import { useCallback, useEffect, useRef, useState } from 'react';
import { DESKTOP_LIMITS } from '@folio/shared';
import type { ArticleFields } from '@folio/shared';
import type { Draft } from '../../channels';
import { call, folioBridge } from '../bridge/folio-bridge';
import { openEditorFlushes, SAVE_NOW_EVENT } from './editor-flush';

export type SaveStatus =
  { kind: 'idle' } | { kind: 'saving' } | { kind: 'saved'; at: string } | { kind: 'error'; message: string };

export interface DraftAutosave {
  status: SaveStatus;
  /** Records an edit; written to disk after the debounce. */
  edit(fields: ArticleFields): void;
  /** Writes the pending edit now and resolves once every earlier write has finished. */
  flush(): Promise<void>;
}

/**
 * Every edit reaches `drafts.save` at most DESKTOP_LIMITS.draftSaveDebounceMs after the last
 * keystroke, one write at a time and in order, so a killed app loses at most about a second.
 */
export function useDraftAutosave(id: string, onSaved: (draft: Draft) => void): DraftAutosave {
  const [status, setStatus] = useState<SaveStatus>({ kind: 'idle' });
  const pending = useRef<ArticleFields | null>(null);
  const timer = useRef<number | undefined>(undefined);
  const chain = useRef<Promise<void>>(Promise.resolve());
  const onSavedRef = useRef(onSaved);
  onSavedRef.current = onSaved;

  const flush = useCallback((): Promise<void> => {
    window.clearTimeout(timer.current);
    timer.current = undefined;
    const fields = pending.current;
    if (fields === null) return chain.current;
    pending.current = null;
    chain.current = chain.current.then(async () => {
      setStatus({ kind: 'saving' });
      try {
        const draft = await call(folioBridge().drafts.save({ id, fields }));
        setStatus({ kind: 'saved', at: draft.updatedAt });
        onSavedRef.current(draft);
      } catch (failure) {
        // Keep the words for the next attempt rather than dropping them.
        pending.current ??= fields;
        setStatus({ kind: 'error', message: failure instanceof Error ? failure.message : String(failure) });
      }
    });
    return chain.current;
  }, [id]);

  const edit = useCallback(
    (fields: ArticleFields) => {
      pending.current = fields;
      window.clearTimeout(timer.current);
      timer.current = window.setTimeout(() => void flush(), DESKTOP_LIMITS.draftSaveDebounceMs);
    },
    [flush],
  );

  useEffect(() => {
    const saveNow = () => void flush();
    openEditorFlushes.add(flush);
    window.addEventListener(SAVE_NOW_EVENT, saveNow);
    window.addEventListener('beforeunload', saveNow);
    window.addEventListener('pagehide', saveNow);
    return () => {
      openEditorFlushes.delete(flush);
      window.removeEventListener(SAVE_NOW_EVENT, saveNow);
      window.removeEventListener('beforeunload', saveNow);
      window.removeEventListener('pagehide', saveNow);
      // Leaving the editor (another screen, another draft) writes what was typed last.
      void flush();
    };
  }, [flush]);

  return { status, edit, flush };
}
