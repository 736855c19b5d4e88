import { useEffect, useRef } from 'react';
import { DESKTOP_COMMAND_KEYS } from '@folio/shared';

/** Ctrl+S, or Cmd+S on a Mac: the key the desktop's 保存 answers to (DESKTOP_COMMAND_KEYS). */
export function isSaveKey(event: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'altKey' | 'shiftKey'>): boolean {
  return (
    (event.ctrlKey || event.metaKey) && !event.altKey && !event.shiftKey && event.key.toUpperCase() === DESKTOP_COMMAND_KEYS.save
  );
}

/**
 * While `active`, Ctrl/Cmd+S anywhere on the page runs `save` instead of the browser's own
 * 另存为 dialog, as in the desktop: the editor's work goes to the server at once. Heard before
 * the fields do (capture), so the body's editor never sees it.
 */
export function useSaveKey(save: () => void, active = true): void {
  const saveRef = useRef(save);
  saveRef.current = save;
  useEffect(() => {
    if (!active) return undefined;
    const onKey = (event: KeyboardEvent) => {
      if (!isSaveKey(event)) return;
      event.preventDefault();
      saveRef.current();
    };
    window.addEventListener('keydown', onKey, { capture: true });
    return () => window.removeEventListener('keydown', onKey, { capture: true });
  }, [active]);
}
