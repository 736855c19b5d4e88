/**
 * Whether the active server answers, as last seen by any call main made to it. Changes are
 * pushed to the renderer as the `connectivity` event (the always-visible indicator); going
 * offline is a state, never an error page.
 */
export interface Connectivity {
  readonly online: boolean;
  report(online: boolean): void;
  /** A new server became active: its state is unknown until the next call, assume online. */
  reset(serverUrl: string | null): void;
}

export function createConnectivity(
  emit: (state: { online: boolean; serverUrl: string | null; checkedAt: string }) => void,
  now: () => Date = () => new Date(),
): Connectivity {
  let online = true;
  let serverUrl: string | null = null;
  const publish = () => emit({ online, serverUrl, checkedAt: now().toISOString() });
  return {
    get online() {
      return online;
    },
    report(next) {
      if (next === online) return;
      online = next;
      publish();
    },
    reset(url) {
      serverUrl = url;
      online = true;
      publish();
    },
  };
}

/**
 * While offline, asks the active server every `intervalMs` whether it answers again, so queued
 * drafts go out without the owner doing anything. Returns the function that stops it.
 */
export function startOfflineProbe(input: {
  connectivity: Connectivity;
  activeServerUrl: () => string | undefined;
  probe: (url: string) => Promise<boolean>;
  intervalMs: number;
}): () => void {
  let probing = false;
  const timer = setInterval(() => {
    const url = input.activeServerUrl();
    if (input.connectivity.online || url === undefined || probing) return;
    probing = true;
    input
      .probe(url)
      .then((answers) => {
        if (answers) input.connectivity.report(true);
      })
      .catch((error: unknown) => console.error('Folio: the connectivity probe failed', error))
      .finally(() => {
        probing = false;
      });
  }, input.intervalMs);
  timer.unref?.();
  return () => clearInterval(timer);
}
