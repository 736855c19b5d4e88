import { useCallback, useEffect, useRef, useState } from 'react';
import type { RealtimeEvent, RealtimeEventMap } from '@folio/shared';
import { useRealtimeEvents } from './realtime';

export interface LiveResource<T> {
  data: T | undefined;
  error: unknown;
  loading: boolean;
  reload: () => void;
}

/**
 * Loads data, keeps it fresh on realtime `events` (those `concerns` keeps, when given) and on
 * each (re)connection of the realtime socket, and exposes loading/error states. With `initial` (the server-rendered snapshot) nothing is fetched
 * on mount. `load` is told whether it is such a refresh of data already shown.
 */
export function useLiveResource<T, E extends RealtimeEvent = RealtimeEvent>(
  load: (signal: AbortSignal, refresh: boolean) => Promise<T>,
  options: {
    initial?: T;
    events: readonly E[];
    concerns?: (payload: RealtimeEventMap[E]) => boolean;
    deps?: readonly unknown[];
  },
): LiveResource<T> {
  const [state, setState] = useState<{ data: T | undefined; error: unknown; loading: boolean }>(() => ({
    data: options.initial,
    error: undefined,
    loading: options.initial === undefined,
  }));
  const loadRef = useRef(load);
  useEffect(() => {
    loadRef.current = load;
  });
  const controllerRef = useRef<AbortController | null>(null);
  const skipFirst = useRef(options.initial !== undefined);

  // A silent reload (a realtime hint) keeps showing the current data while it refetches.
  const fetchNow = useCallback((silent: boolean) => {
    controllerRef.current?.abort();
    const controller = new AbortController();
    controllerRef.current = controller;
    // A silent refresh never hides a load under way: a filter's results still on their way keep
    // their skeleton, rather than the previous data showing as if it were the answer.
    setState((previous) => ({ ...previous, loading: silent ? previous.loading || previous.data === undefined : true }));
    loadRef.current(controller.signal, silent).then(
      (data) => !controller.signal.aborted && setState({ data, error: undefined, loading: false }),
      (error: unknown) => !controller.signal.aborted && setState((previous) => ({ ...previous, error, loading: false })),
    );
  }, []);
  const reload = useCallback(() => fetchNow(false), [fetchNow]);
  const refresh = useCallback(() => fetchNow(true), [fetchNow]);

  const depsKey = JSON.stringify(options.deps ?? []);
  useEffect(() => {
    if (skipFirst.current) {
      skipFirst.current = false;
      return;
    }
    reload();
  }, [depsKey, reload]);
  useEffect(() => () => controllerRef.current?.abort(), []);

  const concernsRef = useRef(options.concerns);
  concernsRef.current = options.concerns;
  useRealtimeEvents(
    options.events,
    (payload) => {
      if (concernsRef.current?.(payload) ?? true) refresh();
    },
    // Events sent while the page was not listening were missed: the data is checked again.
    refresh,
    options.initial !== undefined,
  );
  return { ...state, reload };
}
