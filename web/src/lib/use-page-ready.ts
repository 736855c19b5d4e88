import { useEffect } from 'react';

/**
 * Marks the document once a page component has hydrated and its children have subscribed to
 * live updates (their effects run first). End-to-end tests wait for it before interacting.
 */
export function usePageReady(): void {
  useEffect(() => {
    const root = document.documentElement;
    root.dataset.hydrated = 'true';
    return () => {
      delete root.dataset.hydrated;
    };
  }, []);
}
