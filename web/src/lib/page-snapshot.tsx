import { createContext, useContext } from 'react';
import type { ReactNode } from 'react';
import type { PublicPageSnapshot } from '@folio/shared';

/**
 * What a server-rendered page's JSON carries: the page's data and, keyed by the raw HTML, the
 * server's sanitised copy of each owner HTML text on the page (see useSanitizedHtml).
 */
export interface PageSnapshot extends PublicPageSnapshot {
  sanitizedHtml?: Record<string, string>;
}

/**
 * The server-rendered page's data. Hooks start from it while the first page is shown, so
 * hydration renders exactly what the server sent; after the first client-side navigation it is
 * `consumed` and every screen fetches its own data.
 */
export interface SnapshotHolder {
  snapshot: PageSnapshot | null;
  consumed: boolean;
}

const SnapshotContext = createContext<SnapshotHolder>({ snapshot: null, consumed: true });

export function SnapshotProvider({ holder, children }: { holder: SnapshotHolder; children: ReactNode }) {
  return <SnapshotContext.Provider value={holder}>{children}</SnapshotContext.Provider>;
}

export function useSnapshotHolder(): SnapshotHolder {
  return useContext(SnapshotContext);
}

/** A piece of the first page's data, or `undefined` once the visitor has navigated. */
export function useSnapshot<K extends keyof PublicPageSnapshot>(key: K): PublicPageSnapshot[K] | undefined {
  const holder = useContext(SnapshotContext);
  return holder.consumed || !holder.snapshot ? undefined : holder.snapshot[key];
}

/** Element id of the JSON snapshot in the server-rendered HTML. */
export const SNAPSHOT_ELEMENT_ID = 'folio-snapshot';
