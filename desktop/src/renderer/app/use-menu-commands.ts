import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { folioBridge } from '../bridge/folio-bridge';
import { openEditorFlushes, SAVE_NOW_EVENT } from '../drafts/editor-flush';

/**
 * The application menu's commands: 新建文章 opens a new draft (works offline too), 保存 flushes
 * the open draft at once. 查找 is handled by main (the window's find-in-page).
 */
export function useMenuCommands(): void {
  const navigate = useNavigate();
  useEffect(
    () =>
      folioBridge().on('menu', ({ command }) => {
        if (command === 'new-article') navigate('/drafts/new');
        else if (command === 'save') window.dispatchEvent(new Event(SAVE_NOW_EVENT));
      }),
    [navigate],
  );
}

/**
 * Main asks before quitting: every open editor writes what was typed, then main hears back
 * through app.flushed and quits. Nothing typed is left in a debounce timer.
 */
export function useQuitFlush(): void {
  useEffect(
    () =>
      folioBridge().on('flush', () => {
        void Promise.allSettled([...openEditorFlushes].map((flush) => flush())).then(() => folioBridge().app.flushed());
      }),
    [],
  );
}
