import type { NotificationConstructorOptions } from 'electron';

export interface NotificationLike {
  show(): void;
  on(event: 'click' | 'close', listener: () => void): unknown;
}
export interface NotifierDeps {
  Notification: { new (options: NotificationConstructorOptions): NotificationLike; isSupported(): boolean };
  /** True while the owner is looking at the window: then the app's own toast is enough. */
  isWindowFocused: () => boolean;
  /** Clicking the notification brings the window back. */
  focusWindow: () => void;
}

/** Shows a native notification unless the window is in front; `onClick` runs after the window is back. */
export type Notify = (input: { title: string; body: string; onClick?: () => void }) => { shown: boolean };

/**
 * Native notifications for what happened while the owner was elsewhere (an import or a publish of
 * queued drafts finished, a visitor commented). Answers whether one was shown, so the renderer
 * can fall back to its in-window message.
 */
export function createNotifier(deps: NotifierDeps): Notify {
  // Electron holds a shown notification only weakly: once the garbage collector has taken it, a
  // click reaches no listener. Each one is kept here until it is clicked or closed.
  const showing = new Set<NotificationLike>();
  return ({ title, body, onClick }) => {
    if (deps.isWindowFocused() || !deps.Notification.isSupported()) return { shown: false };
    const notification = new deps.Notification({ title, body, silent: false });
    showing.add(notification);
    notification.on('close', () => showing.delete(notification));
    notification.on('click', () => {
      showing.delete(notification);
      deps.focusWindow();
      onClick?.();
    });
    notification.show();
    return { shown: true };
  };
}
