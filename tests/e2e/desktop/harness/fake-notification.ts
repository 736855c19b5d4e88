import { EventEmitter } from 'node:events';
import type { NotificationConstructorOptions } from 'electron';
import type { NotificationLike } from '../../../../desktop/src/main/notifier';

/** A native notification main showed, as the harness records it; `click()` is the owner clicking it. */
export interface ShownNotification {
  title: string;
  body: string;
  click(): void;
}

/**
 * Electron's Notification class for the harness: showing one records it in `shown` instead of
 * asking the OS, and its click fires the listeners main attached, as Electron's does.
 */
export function fakeNotificationClass(shown: ShownNotification[]): {
  new (options: NotificationConstructorOptions): NotificationLike;
  isSupported(): boolean;
} {
  return class FakeNotification extends EventEmitter implements NotificationLike {
    static isSupported = () => true;
    constructor(private readonly options: NotificationConstructorOptions) {
      super();
    }
    show() {
      shown.push({ title: this.options.title ?? '', body: this.options.body ?? '', click: () => this.emit('click') });
    }
  };
}
