import type { App } from 'electron';

export type QuittingApp = Pick<App, 'on' | 'quit'>;

/** How long a quit waits for the drafts to reach the disk before it goes anyway. */
export const QUIT_FLUSH_LIMIT_MS = 10_000;

/**
 * A quit (menu, Cmd+Q, closing the last window, OS logout) first writes every pending draft:
 * before-quit is cancelled once, the flush runs, then the app quits for real. A flush that fails
 * or hangs is logged and the quit goes on: the drafts store's atomic writes mean the previous
 * copy on disk is intact either way.
 */
export function installQuitFlush(
  app: QuittingApp,
  flushDrafts: () => Promise<void>,
  options: { limitMs?: number; logError?: (error: unknown) => void } = {},
): void {
  const logError =
    options.logError ?? ((error: unknown) => console.error('Folio: drafts were not flushed before quitting', error));
  let state: 'running' | 'flushing' | 'flushed' = 'running';
  app.on('before-quit', (event) => {
    if (state === 'flushed') return;
    event.preventDefault();
    if (state === 'flushing') return;
    state = 'flushing';
    let timer: ReturnType<typeof setTimeout> | undefined;
    const limit = new Promise<void>((resolve) => {
      timer = setTimeout(() => {
        logError(new Error(`flush took longer than ${options.limitMs ?? QUIT_FLUSH_LIMIT_MS} ms`));
        resolve();
      }, options.limitMs ?? QUIT_FLUSH_LIMIT_MS);
    });
    Promise.race([flushDrafts().catch(logError), limit]).finally(() => {
      clearTimeout(timer);
      state = 'flushed';
      app.quit();
    });
  });
}

/**
 * Asks the renderer to save what is typed but not yet saved (waiting for its save interval) and waits
 * for its answer (`app.flushed`), at most `limitMs`: a renderer that hung must not block quitting.
 */
export function createRendererFlush(emitFlush: () => boolean, options: { limitMs?: number } = {}) {
  let waiting: (() => void) | undefined;
  return {
    /** Resolves once the renderer answered, at once if there is no renderer to ask. */
    request(): Promise<void> {
      return new Promise<void>((resolve) => {
        const timer = setTimeout(done, options.limitMs ?? RENDERER_FLUSH_LIMIT_MS);
        function done() {
          clearTimeout(timer);
          waiting = undefined;
          resolve();
        }
        waiting = done;
        if (!emitFlush()) done();
      });
    },
    acknowledged(): void {
      waiting?.();
    },
  };
}

/** How long a close waits for the renderer to hand over its unsaved keystrokes. */
export const RENDERER_FLUSH_LIMIT_MS = 3_000;
