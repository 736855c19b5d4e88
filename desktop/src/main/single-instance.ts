import type { App, BrowserWindow } from 'electron';

export type InstanceApp = Pick<App, 'requestSingleInstanceLock' | 'quit' | 'on'>;
export type FocusableWindow = Pick<BrowserWindow, 'isMinimized' | 'restore' | 'show' | 'focus'>;

/**
 * One instance per user: two processes writing the same drafts folder could lose words. The
 * first instance keeps the lock; a second launch quits at once and the first brings its window
 * to the front. Returns false in the instance that must quit (main.ts then stops starting up).
 */
export function enforceSingleInstance(app: InstanceApp, currentWindow: () => FocusableWindow | undefined): boolean {
  if (!app.requestSingleInstanceLock()) {
    app.quit();
    return false;
  }
  app.on('second-instance', () => {
    const window = currentWindow();
    if (window === undefined) return;
    if (window.isMinimized()) window.restore();
    window.show();
    window.focus();
  });
  return true;
}
