import { EventEmitter } from 'node:events';
import { describe, expect, it, vi } from 'vitest';
import type { MenuItemConstructorOptions } from 'electron';
import { buildMenuTemplate } from '../../src/main/menu';
import { createNotifier } from '../../src/main/notifier';
import { createRendererFlush, installQuitFlush } from '../../src/main/quit-flush';
import type { QuittingApp } from '../../src/main/quit-flush';
import { enforceSingleInstance } from '../../src/main/single-instance';
import type { InstanceApp } from '../../src/main/single-instance';

function flatten(items: MenuItemConstructorOptions[]): MenuItemConstructorOptions[] {
  return items.flatMap((item) => [item, ...(Array.isArray(item.submenu) ? flatten(item.submenu) : [])]);
}

describe('application menu', () => {
  it('has 新建文章, 保存 and 查找 with Cmd/Ctrl shortcuts that reach the renderer', () => {
    const sent: string[] = [];
    const items = flatten(
      buildMenuTemplate({ platform: 'linux', isDevelopment: false, sendCommand: (command) => sent.push(command) }),
    );
    const byLabel = (label: string) => items.find((item) => item.label === label);
    expect(byLabel('新建文章')?.accelerator).toBe('CmdOrCtrl+N');
    expect(byLabel('保存')?.accelerator).toBe('CmdOrCtrl+S');
    expect(byLabel('查找')?.accelerator).toBe('CmdOrCtrl+F');
    for (const label of ['新建文章', '保存', '查找']) (byLabel(label)?.click as () => void)();
    expect(sent).toEqual(['new-article', 'save', 'find']);
    const roles = items.map((item) => item.role);
    expect(roles).toEqual(expect.arrayContaining(['zoomIn', 'zoomOut', 'resetZoom', 'reload', 'undo', 'copy', 'paste', 'quit']));
  });

  it('offers devtools only in development', () => {
    const roles = (isDevelopment: boolean) =>
      flatten(buildMenuTemplate({ platform: 'win32', isDevelopment, sendCommand: () => {} })).map((item) => item.role);
    expect(roles(true)).toContain('toggleDevTools');
    expect(roles(false)).not.toContain('toggleDevTools');
    expect(roles(false)).not.toContain('forceReload');
  });

  it('puts the app menu first on macOS', () => {
    const template = buildMenuTemplate({ platform: 'darwin', isDevelopment: false, sendCommand: () => {} });
    expect(template[0]?.label).toBe('Folio');
    expect(flatten(template).filter((item) => item.role === 'quit')).toHaveLength(1);
  });
});

class FakeApp extends EventEmitter {
  quit = vi.fn(() => {
    // Like Electron: quit() emits before-quit, which a listener may cancel.
    let prevented = false;
    this.emit('before-quit', { preventDefault: () => (prevented = true) });
    if (!prevented) this.quitted = true;
  });
  quitted = false;
  constructor(private readonly locked: boolean) {
    super();
  }
  requestSingleInstanceLock = () => this.locked;
}

describe('single instance', () => {
  it('quits a second launch and tells the caller to stop', () => {
    const app = new FakeApp(false);
    expect(enforceSingleInstance(app as unknown as InstanceApp, () => undefined)).toBe(false);
    expect(app.quit).toHaveBeenCalled();
  });

  it('brings the first window to the front when a second launch happens', () => {
    const app = new FakeApp(true);
    const window = { isMinimized: () => true, restore: vi.fn(), show: vi.fn(), focus: vi.fn() };
    expect(enforceSingleInstance(app as unknown as InstanceApp, () => window)).toBe(true);
    app.emit('second-instance');
    expect(window.restore).toHaveBeenCalled();
    expect(window.show).toHaveBeenCalled();
    expect(window.focus).toHaveBeenCalled();
  });
});

describe('quit flushes drafts first', () => {
  it('cancels the first quit, waits for the flush, then quits for real', async () => {
    const app = new FakeApp(true);
    let finishFlush: () => void = () => {};
    const flush = vi.fn(() => new Promise<void>((resolve) => (finishFlush = resolve)));
    installQuitFlush(app as unknown as QuittingApp, flush);
    app.quit();
    expect(flush).toHaveBeenCalledTimes(1);
    expect(app.quitted).toBe(false);
    app.quit(); // a second Cmd+Q while flushing neither quits nor flushes twice
    expect(flush).toHaveBeenCalledTimes(1);
    finishFlush();
    await vi.waitFor(() => expect(app.quitted).toBe(true));
  });

  it('still quits when the flush fails, and reports why', async () => {
    const app = new FakeApp(true);
    const logError = vi.fn();
    installQuitFlush(app as unknown as QuittingApp, () => Promise.reject(new Error('disk full')), { logError });
    app.quit();
    await vi.waitFor(() => expect(app.quitted).toBe(true));
    expect(logError).toHaveBeenCalledWith(expect.objectContaining({ message: 'disk full' }));
  });

  it('asks the renderer for its unsaved keystrokes and waits for its answer', async () => {
    let asked = 0;
    const flush = createRendererFlush(() => {
      asked += 1;
      return true;
    });
    let done = false;
    const pending = flush.request().then(() => (done = true));
    await Promise.resolve();
    expect(asked).toBe(1);
    expect(done).toBe(false);
    flush.acknowledged();
    await pending;
    expect(done).toBe(true);
  });

  it('does not wait when there is no renderer to ask', async () => {
    const flush = createRendererFlush(() => false);
    await expect(flush.request()).resolves.toBeUndefined();
  });
});

describe('background notifications', () => {
  it('shows a native notification only while the window is in the background', () => {
    const shown: { title: string; body: string }[] = [];
    let focused = true;
    class FakeNotification extends EventEmitter {
      static isSupported = () => true;
      constructor(private readonly options: { title: string; body: string }) {
        super();
      }
      show() {
        shown.push({ title: this.options.title, body: this.options.body });
      }
    }
    const notify = createNotifier({
      Notification: FakeNotification as never,
      isWindowFocused: () => focused,
      focusWindow: () => {},
    });
    expect(notify({ title: '导入完成', body: '新增3篇' })).toEqual({ shown: false });
    focused = false;
    expect(notify({ title: '导入完成', body: '新增3篇' })).toEqual({ shown: true });
    expect(shown).toEqual([{ title: '导入完成', body: '新增3篇' }]);
  });
});
