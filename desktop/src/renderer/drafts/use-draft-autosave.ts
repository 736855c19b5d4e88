import { useCallback, useEffect, useRef, useState } from 'react';
import { DESKTOP_LIMITS } from '@folio/shared';
import type { ArticleFields } from '@folio/shared';
import type { Draft } from '../../channels';
import { call, folioBridge } from '../bridge/folio-bridge';
import { createSaveThrottle } from '../web-admin';
import type { SaveThrottle } from '../web-admin';
import { openEditorFlushes, SAVE_NOW_EVENT } from './editor-flush';

export type SaveStatus =
  { kind: 'idle' } | { kind: 'saving' } | { kind: 'saved'; at: string } | { kind: 'error'; message: string };

export interface DraftAutosave {
  status: SaveStatus;
  /** Records an edit; on disk at most DESKTOP_LIMITS.draftSaveIntervalMs later, even while typing goes on. */
  edit(fields: ArticleFields): void;
  /** Writes the pending edit now and resolves once every earlier write has finished. */
  flush(): Promise<void>;
}

/**
 * Every edit reaches `drafts.save` at most DESKTOP_LIMITS.draftSaveIntervalMs after the first
 * keystroke not yet on disk, however steadily the owner types (a throttle: a debounce would wait
 * for a pause that may never come before a crash). It also saves at once when a field loses
 * focus, the window is hidden or loses focus, the page unloads, the owner presses Ctrl/Cmd+S and
 * before a quit. One write at a time, in order, always the newest text.
 */
export function useDraftAutosave(id: string, onSaved: (draft: Draft) => void): DraftAutosave {
  const [status, setStatus] = useState<SaveStatus>({ kind: 'idle' });
  const statusRef = useRef(status);
  const throttleRef = useRef<SaveThrottle<ArticleFields> | null>(null);
  const onSavedRef = useRef(onSaved);
  onSavedRef.current = onSaved;

  const show = useCallback((next: SaveStatus) => {
    statusRef.current = next;
    setStatus(next);
  }, []);

  // The last throttle stays reachable after unmount, so a flush asked for then still waits for its write.
  const flush = useCallback((): Promise<void> => throttleRef.current?.flush() ?? Promise.resolve(), []);

  const edit = useCallback((fields: ArticleFields) => throttleRef.current?.change(fields), []);

  useEffect(() => {
    const save = async (fields: ArticleFields): Promise<boolean> => {
      show({ kind: 'saving' });
      try {
        const draft = await call(folioBridge().drafts.save({ id, fields }));
        show({ kind: 'saved', at: draft.updatedAt });
        onSavedRef.current(draft);
        return true;
      } catch (failure) {
        // The throttle keeps the words and tries again rather than dropping them.
        show({ kind: 'error', message: failure instanceof Error ? failure.message : String(failure) });
        return false;
      }
    };
    // Made here, not during render: StrictMode unmounts and mounts again in development, and a
    // throttle disposed by the first unmount must not be the one the editor keeps using.
    const throttle = createSaveThrottle<ArticleFields>({
      intervalMs: DESKTOP_LIMITS.draftSaveIntervalMs,
      retryMs: DESKTOP_LIMITS.draftSaveRetryMs,
      save,
    });
    throttleRef.current = throttle;
    const flushNow = () => void throttle.flush();
    const flushWhenHidden = () => document.visibilityState === 'hidden' && flushNow();
    /** Ctrl/Cmd+S: everything on disk, and the bar says so even when nothing was left to write. */
    const saveNow = async () => {
      await throttle.flush();
      if (throttle.busy() || statusRef.current.kind === 'saved' || statusRef.current.kind === 'error') return;
      // The list, not drafts.get: a get tells main the editor took the draft's text as it is now,
      // which this editor did not (its saves must stay merged with what the sync brought in).
      const drafts = await call(folioBridge().drafts.list()).catch(() => []);
      const saved = drafts.find((draft) => draft.id === id);
      if (saved) show({ kind: 'saved', at: saved.updatedAt });
    };
    // Leaving a field, switching windows or hiding the app are moments a crash or a kill may follow.
    const listeners: [Window | Document, string, () => void][] = [
      [window, SAVE_NOW_EVENT, () => void saveNow()],
      [document, 'focusout', flushNow],
      [document, 'visibilitychange', flushWhenHidden],
      [window, 'blur', flushNow],
      [window, 'beforeunload', flushNow],
      [window, 'pagehide', flushNow],
    ];
    for (const [target, event, listener] of listeners) target.addEventListener(event, listener);
    openEditorFlushes.add(flush);
    return () => {
      openEditorFlushes.delete(flush);
      for (const [target, event, listener] of listeners) target.removeEventListener(event, listener);
      // Leaving the editor (another screen, another draft) writes what was typed last.
      void throttle.flush();
      throttle.dispose();
    };
  }, [id, flush, show]);

  return { status, edit, flush };
}
