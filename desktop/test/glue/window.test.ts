import { EventEmitter } from 'node:events';
import { describe, expect, it, vi } from 'vitest';
import type { BrowserWindow, BrowserWindowConstructorOptions, HandlerDetails, WindowOpenHandlerResponse } from 'electron';
import { createMainWindow, mainWindowOptions } from '../../src/main/main-window';
import { installNavigationGuards, installPermissionGuard } from '../../src/main/navigation-guards';
import type { GuardedContents } from '../../src/main/navigation-guards';

/** A fake webContents: an EventEmitter that remembers its window-open handler. */
class FakeContents extends EventEmitter {
  openHandler: ((details: HandlerDetails) => WindowOpenHandlerResponse) | undefined;
  setWindowOpenHandler(handler: (details: HandlerDetails) => WindowOpenHandlerResponse) {
    this.openHandler = handler;
  }
  /** Emits like Electron: returns whether a listener called preventDefault. */
  navigate(eventName: string, url: string): boolean {
    let prevented = false;
    this.emit(eventName, { preventDefault: () => (prevented = true) }, url);
    return prevented;
  }
}

function guarded() {
  const contents = new FakeContents();
  const shell = { openExternal: vi.fn(async () => {}) };
  installNavigationGuards(contents as unknown as GuardedContents, shell);
  return { contents, shell };
}

describe('main window options', () => {
  it('turns on every security switch of the checklist and points at the preload', () => {
    const options = mainWindowOptions({ preloadPath: '/app/preload/preload.cjs' });
    expect(options.webPreferences).toMatchObject({
      preload: '/app/preload/preload.cjs',
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
    });
    expect(options.show).toBe(false);
  });

  it('opens where it was last time, at the remembered size', () => {
    const options = mainWindowOptions({
      preloadPath: 'p.cjs',
      placement: { bounds: { x: 40, y: 50, width: 1100, height: 700 } },
    });
    expect(options).toMatchObject({ x: 40, y: 50, width: 1100, height: 700 });
  });

  it('creates the window with those options, guards it, loads the app and shows it when ready', () => {
    const onFocus = vi.fn();
    const created: { options: BrowserWindowConstructorOptions; window: FakeWindow }[] = [];
    class FakeWindow extends EventEmitter {
      webContents = new FakeContents();
      loadURL = vi.fn(async () => {});
      show = vi.fn();
      maximize = vi.fn();
      constructor(options: BrowserWindowConstructorOptions) {
        super();
        created.push({ options, window: this });
      }
    }
    createMainWindow({
      BrowserWindow: FakeWindow as unknown as new (options: BrowserWindowConstructorOptions) => BrowserWindow,
      shell: { openExternal: async () => {} },
      preloadPath: '/app/preload/preload.cjs',
      entryUrl: 'app://folio/index.html',
      placement: { bounds: { width: 1280, height: 800 }, maximized: true },
      onFocus,
    });
    const [{ options, window }] = created as [{ options: BrowserWindowConstructorOptions; window: FakeWindow }];
    expect(options.webPreferences?.sandbox).toBe(true);
    expect(window.loadURL).toHaveBeenCalledWith('app://folio/index.html');
    expect(window.webContents.openHandler).toBeDefined();
    expect(window.show).not.toHaveBeenCalled();
    window.emit('ready-to-show');
    expect(window.maximize).toHaveBeenCalled();
    expect(window.show).toHaveBeenCalled();
    // Focus is when main re-checks the server, so the indicator is right when the owner looks.
    expect(onFocus).not.toHaveBeenCalled();
    window.emit('focus');
    expect(onFocus).toHaveBeenCalledTimes(1);
  });
});

describe('navigation guards', () => {
  it('denies every new window and opens http(s) links in the default browser instead', () => {
    const { contents, shell } = guarded();
    const open = (url: string) => contents.openHandler?.({ url } as HandlerDetails);
    expect(open('https://github.com/folio')).toEqual({ action: 'deny' });
    expect(open('http://example.com/')).toEqual({ action: 'deny' });
    expect(open('file:///etc/passwd')).toEqual({ action: 'deny' });
    expect(open('javascript:alert(1)')).toEqual({ action: 'deny' });
    expect(open('app://folio/index.html')).toEqual({ action: 'deny' });
    expect(shell.openExternal.mock.calls).toEqual([['https://github.com/folio'], ['http://example.com/']]);
  });

  it('blocks navigation and redirects away from the app, and lets in-app navigation through', () => {
    const { contents, shell } = guarded();
    expect(contents.navigate('will-navigate', 'app://folio/index.html#/drafts')).toBe(false);
    expect(contents.navigate('will-navigate', 'https://evil.example/login')).toBe(true);
    expect(contents.navigate('will-navigate', 'file:///home/me/notes.md')).toBe(true);
    expect(contents.navigate('will-redirect', 'https://evil.example/')).toBe(true);
    expect(contents.navigate('will-attach-webview', 'about:blank')).toBe(true);
    // A link clicked in a page still reaches the owner, in the browser.
    expect(shell.openExternal.mock.calls).toEqual([['https://evil.example/login'], ['https://evil.example/']]);
  });

  it('grants only notifications and clipboard writes, and only to the app', () => {
    let request: ((contents: { getURL(): string }, permission: string, callback: (granted: boolean) => void) => void) | undefined;
    let check: ((contents: unknown, permission: string, origin: string) => boolean) | undefined;
    installPermissionGuard({
      setPermissionRequestHandler: (handler: never) => (request = handler),
      setPermissionCheckHandler: (handler: never) => (check = handler),
    } as never);
    const ask = (url: string, permission: string) => {
      let granted: boolean | undefined;
      request?.({ getURL: () => url }, permission, (answer) => (granted = answer));
      return granted;
    };
    expect(ask('app://folio/index.html', 'notifications')).toBe(true);
    expect(ask('app://folio/index.html', 'media')).toBe(false);
    expect(ask('app://folio/index.html', 'geolocation')).toBe(false);
    expect(ask('https://evil.example/', 'notifications')).toBe(false);
    expect(check?.(null, 'notifications', 'app://folio')).toBe(true);
    expect(check?.(null, 'openExternal', 'app://folio')).toBe(false);
  });
});
