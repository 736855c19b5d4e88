/**
 * Saves the latest value of something being edited at most `intervalMs` after the first change
 * that is not yet saved, also while changes keep coming: a throttle, not a debounce, so steady
 * typing is saved every few seconds instead of only once the owner pauses. One save runs at a
 * time and always sends the newest value; a save that answers "try again" keeps the value
 * pending and is retried after `retryMs` (or at the next change, whichever comes first).
 */
export interface SaveThrottleOptions<T> {
  intervalMs: number;
  retryMs: number;
  /** Resolves true when the value is saved (or refused for good), false to try again later. */
  save: (value: T) => Promise<boolean>;
  /** The clock; Date.now unless a test passes its own. */
  now?: () => number;
}

export interface SaveThrottle<T> {
  /** A new value: saved within `intervalMs` of the oldest change not yet saved. */
  change(value: T): void;
  /** Saves what is pending now, without waiting for the timer; resolves when nothing runs. */
  flush(): Promise<void>;
  /** Drops what is pending and waits for a save already sent, so nothing lands after this. */
  discardPending(): Promise<void>;
  /** True while a change waits for the timer or a save is on its way. */
  busy(): boolean;

  /** Stops the timer for good (the component is gone). */
  dispose(): void;
}

export function createSaveThrottle<T>({ intervalMs, retryMs, save, now = Date.now }: SaveThrottleOptions<T>): SaveThrottle<T> {
  let latest: { value: T } | null = null;
  /** When the oldest change not yet saved (or the failed save's retry) is due. */
  let dueAt = 0;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let running: Promise<void> | null = null;
  let disposed = false;

  const clearTimer = () => {
    if (timer !== null) clearTimeout(timer);
    timer = null;
  };

  const arm = () => {
    clearTimer();
    if (disposed || latest === null || running !== null) return;
    timer = setTimeout(
      () => {
        timer = null;
        void runOnce();
      },
      Math.max(0, dueAt - now()),
    );
  };

  const runOnce = (): Promise<void> => {
    if (running !== null) return running;
    clearTimer();
    const pending = latest;
    if (pending === null) return Promise.resolve();
    latest = null;
    running = save(pending.value)
      .catch(() => false)
      .then((saved) => {
        running = null;
        if (!saved && latest === null) {
          // Keep the value for the retry unless a newer one arrived meanwhile.
          latest = pending;
          dueAt = now() + retryMs;
        }
        arm();
      });
    return running;
  };

  return {
    change(value) {
      if (disposed) return;
      if (latest === null) dueAt = now() + intervalMs;
      else dueAt = Math.min(dueAt, now() + intervalMs);
      latest = { value };
      arm();
    },
    async flush() {
      while (running !== null) await running;
      if (latest !== null) await runOnce();
    },
    async discardPending() {
      latest = null;
      clearTimer();
      while (running !== null) await running;
      latest = null;
      clearTimer();
    },
    busy: () => latest !== null || running !== null,
    dispose() {
      disposed = true;
      clearTimer();
    },
  };
}
