import { useCallback, useEffect, useState } from 'react';

export interface FocusMode {
  on: boolean;
  /** Switches focus mode (to `next` when given) and puts the caret back in the text. */
  toggle(next?: boolean): void;
}

/** Whether a keyboard event is the focus mode shortcut, Ctrl+Shift+F (Cmd+Shift+F on macOS). */
function isFocusShortcut(event: KeyboardEvent): boolean {
  return (event.ctrlKey || event.metaKey) && event.shiftKey && !event.altKey && event.code === 'KeyF';
}

/** CodeMirror's own uses of Esc: closing its search panel or a completion list. */
const EDITOR_ESCAPE_TARGETS = '.cm-panels .cm-search, .cm-tooltip-autocomplete';

/**
 * The editor's focus mode: the toolbar button and Ctrl/Cmd+Shift+F switch it, Esc leaves it
 * unless the editor uses that Esc itself. Listened to before the editor: it marks even an Esc on
 * a plain caret as handled, so `defaultPrevented` would say nothing.
 */
export function useFocusMode(allowed: boolean): FocusMode {
  const [on, setOn] = useState(false);
  const active = on && allowed;

  const toggle = useCallback(
    (next?: boolean) => {
      setOn((current) => (next ?? !current) && allowed);
      // After the re-render: the text the owner was writing keeps the keyboard.
      requestAnimationFrame(() => document.querySelector<HTMLElement>('.cm-content')?.focus());
    },
    [allowed],
  );

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (isFocusShortcut(event)) {
        event.preventDefault();
        toggle();
      } else if (event.key === 'Escape' && active && !document.querySelector(EDITOR_ESCAPE_TARGETS)) {
        toggle(false);
      }
    };
    window.addEventListener('keydown', onKey, true);
    return () => window.removeEventListener('keydown', onKey, true);
  }, [active, toggle]);

  return { on: active, toggle };
}
