import { useCallback, useState } from 'react';

function readStored(key: string, fallback: boolean): boolean {
  try {
    const stored = window.localStorage.getItem(key);
    return stored === null ? fallback : stored === 'true';
  } catch {
    // Storage switched off: the choice lasts as long as the page.
    return fallback;
  }
}

/** An on/off choice of the owner's that outlives the page (kept in localStorage under `key`). */
export function useStoredToggle(key: string, fallback: boolean): [boolean, (next: boolean) => void] {
  const [value, setValue] = useState(() => readStored(key, fallback));
  const set = useCallback(
    (next: boolean) => {
      setValue(next);
      try {
        window.localStorage.setItem(key, String(next));
      } catch {
        // As above: not kept, still applied.
      }
    },
    [key],
  );
  return [value, set];
}
