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
  /**
   * Hears every report and reset, changed or not (the watch reports every interval, so this is
   * also a slow clock of the server seen answering); `cameOnline`: a server just became active,
   * or answered after being offline. Returns the unsubscribe.
   */
  onReport(listener: (report: { online: boolean; cameOnline: boolean }) => void): () => void;
}

export function createConnectivity(
  emit: (state: { online: boolean; serverUrl: string | null; checkedAt: string }) => void,
  now: () => Date = () => new Date(),
): Connectivity {
  let online = true;
  let serverUrl: string | null = null;
  const listeners = new Set<(report: { online: boolean; cameOnline: boolean }) => void>();
  const publish = () => emit({ online, serverUrl, checkedAt: now().toISOString() });
  const tell = (cameOnline: boolean) => {
    for (const listener of listeners) listener({ online, cameOnline });
  };
  return {
    get online() {
      return online;
    },
    report(next) {
      const changed = next !== online;
      online = next;
      if (changed) publish();
      tell(changed && next);
    },
    reset(url) {
      serverUrl = url;
      online = true;
      publish();
      tell(url !== null);
    },
    onReport(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

export interface ConnectivityWatch {
  /** Asks the active server now (the window got focus); a probe already under way is not doubled. */
  checkNow(): Promise<void>;
  stop(): void;
}

/**
 * Asks the active server every `intervalMs` whether it answers, online or not: an app left
 * idle notices the server went away (离线) before the owner tries to publish, and an offline app
 * notices it is back (在线), so queued drafts go out without the owner doing anything. The probe
 * is the cheap `GET /health`. An answer that arrives after the owner switched servers is dropped.
 */
export function startConnectivityWatch(input: {
  connectivity: Connectivity;
  activeServerUrl: () => string | undefined;
  probe: (url: string) => Promise<boolean>;
  intervalMs: number;
}): ConnectivityWatch {
  let running: Promise<void> | undefined;
  const check = (): Promise<void> => {
    const url = input.activeServerUrl();
    if (url === undefined) return Promise.resolve();
    running ??= input
      .probe(url)
      .then((answers) => {
        if (input.activeServerUrl() === url) input.connectivity.report(answers);
      })
      .catch((error: unknown) => console.error('Folio: the connectivity probe failed', error))
      .finally(() => {
        running = undefined;
      });
    return running;
  };
  const timer = setInterval(() => void check(), input.intervalMs);
  timer.unref?.();
  return { checkNow: check, stop: () => clearInterval(timer) };
}
