import type { NotificationConstructorOptions } from 'electron';

export interface NotificationLike {
  show(): void;
  on(event: 'click', listener: () => void): unknown;
}
export interface NotifierDeps {
  Notification: { new (options: NotificationConstructorOptions): NotificationLike; isSupported(): boolean };
  /** True while the owner is looking at the window: then the app's own toast is enough. */
  isWindowFocused: () => boolean;
  /** Clicking the notification brings the window back. */
  focusWindow: () => void;
}

/**
 * Native notifications for long work that finished while the owner was elsewhere (an import, a
 * publish of queued drafts). Answers whether one was shown, so the renderer can fall back to its
 * in-window message.
 */
export function createNotifier(deps: NotifierDeps): (input: { title: string; body: string }) => { shown: boolean } {
  return ({ title, body }) => {
    if (deps.isWindowFocused() || !deps.Notification.isSupported()) return { shown: false };
    const notification = new deps.Notification({ title, body, silent: false });
    notification.on('click', () => deps.focusWindow());
    notification.show();
    return { shown: true };
  };
}
