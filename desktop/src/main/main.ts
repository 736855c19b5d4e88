/**
 * The Electron entry: the only file that imports `electron` at run time. It creates the real
 * Electron objects and hands them to the glue modules (window, IPC, menu, quit, ...) and the
 * desktop-core modules, which are all tested under Node with fakes.
 */
import path from 'node:path';
import {
  app,
  BrowserWindow,
  dialog,
  ipcMain,
  Menu,
  net,
  Notification,
  protocol,
  safeStorage,
  screen,
  session,
  shell,
} from 'electron';
import type { OpenDialogOptions } from 'electron';
import { channelTable } from '../channels';
import { probeServer } from '../core/connection';
import { ProfileStore } from '../core/profiles';
import { TokenVault } from '../core/token-vault';
import { loadWindowState, placeWindow, saveWindowState } from '../core/window-state';
import { APP_ENTRY_URL, APP_ORIGIN, APP_SCHEME } from './app-origin';
import { createAppProtocolHandler } from './app-protocol';
import { createDraftImageFilesHandler } from './draft-image-files';
import { createActiveUploadsHandler, createServerFilesHandler } from './server-files';
import { createConnectivity, startConnectivityWatch } from './connectivity';
import { contentSecurityPolicy } from './csp';
import { createEventEmitter } from './events';
import { createDesktopServices } from './desktop-services';
import type { DesktopServices } from './desktop-services';
import { registerIpc } from './ipc';
import { createMainWindow } from './main-window';
import { buildMenuTemplate } from './menu';
import { installPermissionGuard } from './navigation-guards';
import { createNotifier } from './notifier';
import { createRendererFlush, installQuitFlush } from './quit-flush';
import { enforceSingleInstance } from './single-instance';

/** How often the app asks the active server whether it answers (GET /health), online or not. */
const CONNECTIVITY_PROBE_INTERVAL_MS = 15_000;

const isDevelopment = !app.isPackaged;
// A development run must never touch the drafts of the installed app.
if (isDevelopment) app.setPath('userData', path.join(app.getPath('appData'), 'Folio-dev'));

// Before `ready`: app://folio is a standard, secure origin (fetch, storage and CSP work as for https).
protocol.registerSchemesAsPrivileged([
  { scheme: APP_SCHEME, privileges: { standard: true, secure: true, supportFetchAPI: true, codeCache: true } },
]);

// Windows shows native notifications only for an app with an id (the installer's appId).
if (process.platform === 'win32') app.setAppUserModelId('dev.folio.desktop');

let mainWindow: BrowserWindow | undefined;
const liveWindow = () => (mainWindow !== undefined && !mainWindow.isDestroyed() ? mainWindow : undefined);

if (enforceSingleInstance(app, liveWindow)) {
  app.whenReady().then(start, (error: unknown) => {
    console.error('Folio: Electron did not start', error);
    app.exit(1);
  });
}

async function start(): Promise<void> {
  const dataDir = app.getPath('userData');
  const [profiles, vault, savedWindow] = await Promise.all([
    ProfileStore.open(dataDir),
    TokenVault.open({ dir: dataDir, safeStorage }),
    loadWindowState(path.join(dataDir, 'window-state.json')),
  ]);

  const emit = createEventEmitter(() => liveWindow()?.webContents);
  const rendererFlush = createRendererFlush(() => {
    if (liveWindow() === undefined) return false;
    emit('flush', {});
    return true;
  });
  // Connectivity and the services need each other: the services exist only after connectivity.
  const late: { services?: DesktopServices } = {};
  const connectivity = createConnectivity((state) => {
    emit('connectivity', state);
    // Back online: the 待发布 drafts go out by themselves.
    if (state.online)
      late.services?.publishPending().catch((error: unknown) => console.error('Folio: publishing queued drafts failed', error));
  });
  connectivity.reset(profiles.active()?.url ?? null);

  const services = createDesktopServices({
    dataDir,
    profiles,
    vault,
    connectivity,
    emit,
    onFlushed: () => rendererFlush.acknowledged(),
    dialogs: {
      pickFiles: () =>
        pickPaths({
          properties: ['openFile', 'multiSelections'],
          filters: [{ name: 'Markdown', extensions: ['md', 'markdown'] }],
        }),
      pickFolder: () => pickPaths({ properties: ['openDirectory', 'multiSelections'] }),
    },
    notify: createNotifier({
      Notification,
      isWindowFocused: () => liveWindow()?.isFocused() ?? false,
      focusWindow: () => liveWindow()?.show(),
    }),
    homeBackups: {
      documentsDir: app.getPath('documents'),
      openPath: (folder) => shell.openPath(folder),
      pickFolder: async () => (await pickPaths({ properties: ['openDirectory', 'createDirectory'] }))[0],
      pickBackupFile: async () =>
        (await pickPaths({ properties: ['openFile'], filters: [{ name: 'Folio 备份', extensions: ['gz', 'age', 'json'] }] }))[0],
    },
  });
  late.services = services;
  const serverUrls = services.serverUrls;

  const serverFiles = createServerFilesHandler({
    serverUrl: (profileId) => profiles.get(profileId)?.url,
    fetch: (url, init) => net.fetch(url, init),
  });
  protocol.handle(
    APP_SCHEME,
    createAppProtocolHandler({
      rendererDir: path.join(__dirname, '..', 'renderer'),
      contentSecurityPolicy: () => contentSecurityPolicy(APP_ORIGIN, serverUrls()),
      // Covers and avatars load from the app's origin, so a server added while the app runs shows its images at once.
      serverFiles,
      // The body images of the article being edited, linked the way the server writes them.
      activeUploads: createActiveUploadsHandler(serverFiles, () => profiles.active()?.id),
      // Images pasted into a draft offline, shown in its preview from this disk.
      draftImages: createDraftImageFilesHandler({ dataDir, hasProfile: (profileId) => profiles.get(profileId) !== undefined }),
    }),
  );
  installPermissionGuard(session.defaultSession);
  registerIpc(ipcMain, services.handlers, channelTable);
  Menu.setApplicationMenu(
    Menu.buildFromTemplate(
      buildMenuTemplate({ platform: process.platform, isDevelopment, sendCommand: (command) => emit('menu', { command }) }),
    ),
  );

  const primary = screen.getPrimaryDisplay();
  const displays = [primary, ...screen.getAllDisplays().filter((display) => display.id !== primary.id)].map(
    (display) => display.workArea,
  );
  const connectivityWatch = startConnectivityWatch({
    connectivity,
    activeServerUrl: () => profiles.active()?.url,
    probe: async (url) => (await probeServer(url)).ok,
    intervalMs: CONNECTIVITY_PROBE_INTERVAL_MS,
  });
  mainWindow = createMainWindow({
    BrowserWindow,
    shell,
    preloadPath: path.join(__dirname, '..', 'preload', 'preload.cjs'),
    entryUrl: APP_ENTRY_URL,
    placement: { bounds: placeWindow(savedWindow?.bounds, displays), maximized: savedWindow?.maximized ?? false },
    // Coming back to the app (after a laptop slept, say) is when the owner looks at the indicator.
    onFocus: () => void connectivityWatch.checkNow(),
  });
  rememberPlacement(mainWindow, path.join(dataDir, 'window-state.json'));
  // Quitting flushes the renderer itself; the close that follows need not ask again.
  const closeFlush = flushBeforeClose(mainWindow, () => rendererFlush.request());

  const settle = services.settleDrafts;
  installQuitFlush(app, async () => {
    await rendererFlush.request();
    closeFlush.done = true;
    await settle();
  });
  // Tray-free: closing the window quits (after the flushes above), on every platform.
  app.on('window-all-closed', () => app.quit());
}

async function pickPaths(options: OpenDialogOptions): Promise<string[]> {
  const window = liveWindow();
  const result = window ? await dialog.showOpenDialog(window, options) : await dialog.showOpenDialog(options);
  return result.canceled ? [] : result.filePaths;
}

/** Saves size, position and maximized state when the window closes (restored at the next start). */
function rememberPlacement(window: BrowserWindow, file: string): void {
  window.on('close', () => {
    saveWindowState(file, { bounds: window.getNormalBounds(), maximized: window.isMaximized() }).catch((error: unknown) =>
      console.error('Folio: the window position was not saved', error),
    );
  });
}

/** Closing the window first lets the renderer hand over its unsaved keystrokes. */
function flushBeforeClose(window: BrowserWindow, flush: () => Promise<void>): { done: boolean } {
  const state = { done: false, running: false };
  window.on('close', (event) => {
    if (state.done) return;
    event.preventDefault();
    if (state.running) return;
    state.running = true;
    void flush().finally(() => {
      state.done = true;
      window.close();
    });
  });
  return state;
}
