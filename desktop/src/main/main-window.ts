import path from 'node:path';
import type { BrowserWindow, BrowserWindowConstructorOptions, Rectangle } from 'electron';
import { DesktopBridgeMessages as M } from '@folio/shared';
import { installNavigationGuards } from './navigation-guards';
import type { ExternalOpener } from './navigation-guards';

/** Where and how big the window opens (from desktop-core's window-state; undefined x/y: centred). */
export interface WindowPlacement {
  bounds: Partial<Rectangle> & { width: number; height: number };
  maximized?: boolean;
}

export const DEFAULT_WINDOW_SIZE = { width: 1280, height: 800 } as const;
export const MIN_WINDOW_SIZE = { width: 960, height: 640 } as const;

/**
 * The BrowserWindow options. Every security switch is spelled out even where it matches
 * Electron's default, so a reader (and the test) sees them and a future default change cannot
 * weaken them silently.
 */
export function mainWindowOptions(input: { preloadPath: string; placement?: WindowPlacement }): BrowserWindowConstructorOptions {
  const bounds = input.placement?.bounds ?? DEFAULT_WINDOW_SIZE;
  return {
    ...bounds,
    minWidth: MIN_WINDOW_SIZE.width,
    minHeight: MIN_WINDOW_SIZE.height,
    title: M.appName,
    // Shown once the first paint is ready, so the owner never sees a white flash.
    show: false,
    webPreferences: {
      preload: path.resolve(input.preloadPath),
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
      spellcheck: true,
    },
  };
}

export type WindowConstructor = new (options: BrowserWindowConstructorOptions) => BrowserWindow;

export interface MainWindowDeps {
  BrowserWindow: WindowConstructor;
  shell: ExternalOpener;
  preloadPath: string;
  entryUrl: string;
  placement?: WindowPlacement;
  /** The window got focus (main asks the server whether it still answers). */
  onFocus?: () => void;
}

/** Creates the one window, guards it, and loads the app. */
export function createMainWindow(deps: MainWindowDeps): BrowserWindow {
  const window = new deps.BrowserWindow(mainWindowOptions({ preloadPath: deps.preloadPath, placement: deps.placement }));
  installNavigationGuards(window.webContents, deps.shell);
  window.once('ready-to-show', () => {
    if (deps.placement?.maximized) window.maximize();
    window.show();
  });
  if (deps.onFocus) window.on('focus', deps.onFocus);
  window.loadURL(deps.entryUrl).catch((error: unknown) => console.error('Folio: the app page did not load', error));
  return window;
}
