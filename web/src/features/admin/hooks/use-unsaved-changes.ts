import { createContext, useCallback, useContext, useEffect } from 'react';
import { UiMessages } from '@folio/shared';

/**
 * BrowserRouter has no navigation blocker, so screens with local edits register here and the
 * shell asks before it navigates away (tabs, logout); the browser asks on reload or close.
 */
export interface UnsavedChangesRegistry {
  setDirty(key: string, dirty: boolean): void;
  /** True when nothing is dirty or the owner agreed to drop the changes. */
  confirmLeave(): boolean;
}

export const UnsavedChangesContext = createContext<UnsavedChangesRegistry | null>(null);

export function createUnsavedChangesRegistry(): UnsavedChangesRegistry {
  const dirtyKeys = new Set<string>();
  return {
    setDirty(key, dirty) {
      if (dirty) dirtyKeys.add(key);
      else dirtyKeys.delete(key);
    },
    confirmLeave() {
      if (dirtyKeys.size === 0) return true;
      const leave = window.confirm(UiMessages.unsavedChanges);
      if (leave) dirtyKeys.clear();
      return leave;
    },
  };
}

export function useConfirmLeave(): () => boolean {
  const registry = useContext(UnsavedChangesContext);
  return useCallback(() => registry?.confirmLeave() ?? true, [registry]);
}

/** Marks this screen dirty while `dirty` is true and warns on reload or tab close. */
export function useUnsavedChanges(key: string, dirty: boolean): void {
  const registry = useContext(UnsavedChangesContext);
  useEffect(() => {
    registry?.setDirty(key, dirty);
    if (!dirty) return undefined;
    const onBeforeUnload = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => {
      window.removeEventListener('beforeunload', onBeforeUnload);
      registry?.setDirty(key, false);
    };
  }, [registry, key, dirty]);
}
