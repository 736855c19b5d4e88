import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { channelTable } from '../../../../desktop/src/channels';
import type { BridgeReply } from '../../../../desktop/src/channels';
import { probeServer } from '../../../../desktop/src/core/connection';
import { ProfileStore } from '../../../../desktop/src/core/profiles';
import { TokenVault } from '../../../../desktop/src/core/token-vault';
import { createConnectivity, startConnectivityWatch } from '../../../../desktop/src/main/connectivity';
import { createDispatcher } from '../../../../desktop/src/main/dispatch';
import type { Dispatch } from '../../../../desktop/src/main/dispatch';
import { createEventEmitter } from '../../../../desktop/src/main/events';
import type { EventTarget } from '../../../../desktop/src/main/events';
import { createDesktopServices } from '../../../../desktop/src/main/desktop-services';
import { createServerFilesHandler } from '../../../../desktop/src/main/server-files';
import { createNotifier } from '../../../../desktop/src/main/notifier';
import { fakeSafeStorage } from '../../../../desktop/test/support/fake-safe-storage';
import { fakeNotificationClass } from './fake-notification';
import type { ShownNotification } from './fake-notification';

/** Which keychain the fake safeStorage pretends the OS has. */
export type KeychainKind = 'keychain' | 'basic_text';

export interface DesktopMain {
  /** The app's data folder (Electron's userData). */
  dataDir: string;
  /** One bridge call, validated and dispatched exactly as main's IPC registration does it. */
  dispatch: Dispatch;
  /** What the next native file or folder dialog answers. */
  answerDialogs(paths: string[]): void;
  /** Notifications main was asked to show (app.notify). */
  notifications: { title: string; body: string }[];
  /**
   * Whether the window counts as focused (true at start): main's notifier shows a native
   * notification only when it is not. Clicking a notification focuses it again.
   */
  window: { focused: boolean };
  /** The native notifications main's real notifier showed, through a fake Electron Notification. */
  shownNotifications: ShownNotification[];
  /** Answers the page's `/server-files/...` image requests, as main's app:// protocol does. */
  serverFiles(request: Request): Promise<Response>;
  /** Every bridge call answered so far (channel name and reply), oldest first. */
  bridgeCalls: { channel: string; reply: BridgeReply<unknown> }[];
  /** Every main -> renderer event sent so far (IPC event name and payload), oldest first. */
  sentEvents: { event: string; payload: unknown }[];
  /** The owner's documents folder (Electron: app.getPath('documents')): the copy at home goes under it. */
  documentsDir: string;
  /** Folders main asked the system to open (shell.openPath), oldest first. */
  openedFolders: string[];
  stop(): Promise<void>;
}

export interface DesktopMainOptions {
  /** Delivers a main -> renderer event to the page (ipc event name, payload). */
  send: EventTarget;
  keychain?: KeychainKind;
  /** How often the app asks the server whether it answers, online or not (main uses 15 s). */
  probeIntervalMs?: number;
  /** An existing data folder (a main started again after a kill); a new temp folder when absent. */
  dataDir?: string;
}

/**
 * The desktop main process minus Electron: the real profile store, token vault (over a fake
 * safeStorage), connectivity watch, desktop services and dispatcher, in a temp data dir. The
 * page reaches it through page.exposeBinding, the way the preload reaches main through IPC.
 */
export async function startDesktopMain(options: DesktopMainOptions): Promise<DesktopMain> {
  const dataDir = options.dataDir ?? (await mkdtemp(path.join(tmpdir(), 'folio-desktop-')));
  const [profiles, vault] = await Promise.all([
    ProfileStore.open(dataDir),
    TokenVault.open({
      dir: dataDir,
      safeStorage: fakeSafeStorage(options.keychain === 'basic_text' ? 'basic_text' : 'gnome_libsecret'),
      platform: 'linux',
    }),
  ]);
  const sentEvents: { event: string; payload: unknown }[] = [];
  const recorder: EventTarget = {
    send(event, payload) {
      sentEvents.push({ event, payload });
      options.send?.send(event, payload);
    },
  };
  const emit = createEventEmitter(() => recorder);
  let dialogAnswer: string[] = [];
  const documentsDir = path.join(dataDir, 'Documents');
  const openedFolders: string[] = [];
  const notifications: { title: string; body: string }[] = [];
  const windowState = { focused: true };
  const shownNotifications: ShownNotification[] = [];
  const nativeNotify = createNotifier({
    Notification: fakeNotificationClass(shownNotifications),
    isWindowFocused: () => windowState.focused,
    focusWindow: () => (windowState.focused = true),
  });
  let publishPending: () => Promise<void> = async () => undefined;
  const connectivity = createConnectivity((state) => {
    emit('connectivity', state);
    if (state.online)
      publishPending().catch((error: unknown) => console.error('harness: publishing queued drafts failed', error));
  });
  connectivity.reset(profiles.active()?.url ?? null);
  const services = createDesktopServices({
    dataDir,
    profiles,
    vault,
    connectivity,
    emit,
    dialogs: { pickFiles: async () => dialogAnswer, pickFolder: async () => dialogAnswer },
    notify: (input) => {
      notifications.push({ title: input.title, body: input.body });
      return nativeNotify(input);
    },
    homeBackups: {
      documentsDir,
      openPath: async (folder) => {
        openedFolders.push(folder);
        return '';
      },
      pickFolder: async () => dialogAnswer[0],
      pickBackupFile: async () => dialogAnswer[0],
    },
  });
  publishPending = () => services.publishPending();
  const watch = startConnectivityWatch({
    connectivity,
    activeServerUrl: () => profiles.active()?.url,
    probe: async (url) => (await probeServer(url)).ok,
    intervalMs: options.probeIntervalMs ?? 500,
  });
  const dispatcher = createDispatcher(channelTable, services.handlers, {
    logError: (name, error) => console.error(`harness: bridge call ${name} failed`, error),
  });
  const bridgeCalls: DesktopMain['bridgeCalls'] = [];
  return {
    dataDir,
    async dispatch(channel, arg) {
      const reply = await dispatcher(channel, arg);
      bridgeCalls.push({ channel, reply });
      return reply;
    },
    bridgeCalls,
    serverFiles: createServerFilesHandler({ serverUrl: (profileId) => profiles.get(profileId)?.url }),
    answerDialogs(paths) {
      dialogAnswer = paths;
    },
    notifications,
    window: windowState,
    shownNotifications,
    sentEvents,
    documentsDir,
    openedFolders,
    async stop() {
      watch.stop();
      await services.settleDrafts();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
