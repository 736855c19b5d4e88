import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { DESKTOP_COMMAND_KEYS } from '@folio/shared';
import type { MenuCommand } from '../../channels';
import { folioBridge } from '../bridge/folio-bridge';
import { openEditorFlushes, SAVE_NOW_EVENT } from '../drafts/editor-flush';

/** The command of a Ctrl/Cmd+key press, if the menu has one for that key. */
function commandOfKey(event: KeyboardEvent): MenuCommand | undefined {
  if (event.altKey || event.shiftKey || !(event.ctrlKey || event.metaKey)) return undefined;
  const key = event.key.toUpperCase();
  return (Object.keys(DESKTOP_COMMAND_KEYS) as MenuCommand[]).find((command) => DESKTOP_COMMAND_KEYS[command] === key);
}

/**
 * The application menu's commands, from the menu or from their keys: 新建文章 opens a new draft
 * (works offline too), 保存 writes the open draft at once and says so, 查找 opens the editor's
 * search. The page handles the keys itself and marks them handled, so Electron does not run the
 * menu's accelerator as well; it hears them before CodeMirror does (capture), so Ctrl+F in the
 * body opens the same search, with the same words, as from anywhere else.
 */
export function useMenuCommands(): void {
  const navigate = useNavigate();
  useEffect(() => {
    const run = (command: MenuCommand) => {
      if (command === 'new-article') navigate('/drafts/new');
      else if (command === 'save') window.dispatchEvent(new Event(SAVE_NOW_EVENT));
      // The editor's chunk already holds CodeMirror: the search costs nothing until asked for.
      else void import('../drafts/editor-find').then(({ openEditorFind }) => openEditorFind());
    };
    const onKey = (event: KeyboardEvent) => {
      const command = event.defaultPrevented ? undefined : commandOfKey(event);
      if (command === undefined) return;
      event.preventDefault();
      run(command);
    };
    window.addEventListener('keydown', onKey, { capture: true });
    const stopMenu = folioBridge().on('menu', ({ command }) => run(command));
    return () => {
      window.removeEventListener('keydown', onKey, { capture: true });
      stopMenu();
    };
  }, [navigate]);
}

/**
 * Main asks before quitting: every open editor writes what was typed, then main hears back
 * through app.flushed and quits. Nothing typed is left waiting for the save interval.
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
