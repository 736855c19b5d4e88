/**
 * The background fill of the local mirror: while the app is online and signed in, the mirror
 * fetches the server's whole list and then, one article at a time, the bodies it lacks or holds
 * in an older version, so an outage at any moment leaves every article editable without the
 * owner having pressed 从服务器刷新.
 *
 * API:
 * - `fillMirror(api, mirror, { pause, stillWanted, onProgress? }): Promise<FillOutcome>` — one
 *   pass: the list, then the stale bodies newest first, with `pause()` before each. Stops early
 *   when `stillWanted()` turns false (the owner switched servers or signed out), when the server
 *   stops answering (`'offline'`) or refuses (`'refused'`), or once the size bound leaves no room
 *   (every remaining body is older than the ones kept).
 * - `createFillScheduler({ fill, intervalMs, now? })` — runs `fill` one pass at a time:
 *   `request({ force })` starts a pass unless one ran less than `intervalMs` ago (a forced
 *   request always runs, after the pass under way if there is one); `idle()` resolves once no
 *   pass is under way; after `stop()` no pass starts.
 */
import type { ArticlesApi } from './articles-api.js';
import { isNetworkError } from './http.js';
import type { Mirror } from './mirror.js';

export type FillOutcome = 'done' | 'offline' | 'refused' | 'stopped';

export interface FillOptions {
  /** Before each body: yields to everything else the app does (one request at a time). */
  pause(): Promise<void>;
  /** False once the pass should end (another server became active, or the owner signed out). */
  stillWanted(): boolean;
  /** After the list and after each body stored. */
  onProgress?(): void;
}

export async function fillMirror(api: ArticlesApi, mirror: Mirror, options: FillOptions): Promise<FillOutcome> {
  try {
    const listed = await api.listAll();
    if (!listed.ok) return 'refused';
    if (!options.stillWanted()) return 'stopped';
    await mirror.rememberList(listed.value);
    options.onProgress?.();
    for (const id of mirror.staleIds()) {
      await options.pause();
      if (!options.stillWanted()) return 'stopped';
      const fetched = await api.get(id);
      if (fetched.ok) {
        const kept = await mirror.rememberArticle(fetched.value, { deferIndex: true });
        options.onProgress?.();
        // Newest first: a body the bound could not keep means every remaining one is older still.
        if (!kept) break;
      } else if (fetched.status === 404) {
        await mirror.forget(id);
      } else if (fetched.status === 401) {
        return 'refused';
      }
    }
    return 'done';
  } catch (error) {
    if (isNetworkError(error)) return 'offline';
    throw error;
  } finally {
    await mirror.flush();
  }
}

export interface FillScheduler {
  request(options?: { force?: boolean }): void;
  idle(): Promise<void>;
  stop(): void;
}

export function createFillScheduler(input: {
  fill: () => Promise<unknown>;
  intervalMs: number;
  now?: () => number;
}): FillScheduler {
  const now = input.now ?? Date.now;
  let current: Promise<void> | undefined;
  let again = false;
  let stopped = false;
  let lastStart = Number.NEGATIVE_INFINITY;
  const start = (): Promise<void> => {
    lastStart = now();
    again = false;
    current = input
      .fill()
      .then(
        () => undefined,
        (error: unknown) => console.error('Folio: filling the local mirror failed', error),
      )
      .finally(() => {
        current = undefined;
        if (again && !stopped) void start();
      });
    return current;
  };
  return {
    request({ force = false } = {}) {
      if (stopped) return;
      if (current !== undefined) {
        again ||= force;
        return;
      }
      if (force || now() - lastStart >= input.intervalMs) void start();
    },
    async idle() {
      while (current !== undefined) await current;
    },
    stop() {
      stopped = true;
    },
  };
}
