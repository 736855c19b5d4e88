import path from 'node:path';
import { DesktopBridgeMessages as M } from '@folio/shared';
import { BridgeError } from '../../channels';
import type { ChannelTable, EventName, EventPayload, Profile, SessionStatus } from '../../channels';
import { createArticlesApi } from '../../core/articles-api';
import type { ArticlesApi } from '../../core/articles-api';
import type { ConnectionOptions } from '../../core/connection';
import { DraftImages } from '../../core/draft-images';
import { DraftStore } from '../../core/draft-store';
import { createHttpClient } from '../../core/http';
import type { HttpClient } from '../../core/http';
import { Mirror } from '../../core/mirror';
import { ProfileError } from '../../core/profiles';
import type { ProfileStore, ServerProfile } from '../../core/profiles';
import { BackgroundSync } from '../../core/background-sync';
import { SyncEngine } from '../../core/sync';
import type { TokenVault } from '../../core/token-vault';
import type { Connectivity } from '../connectivity';
import type { Notify } from '../notifier';
import type { BridgeHandlers } from '../dispatch';
import { reportBackgroundOutcome } from '../sync-outcomes';

/**
 * What the handler modules of each channel group share: the Electron-free dependencies main.ts
 * (or the Playwright harness) passes in, the session state, the active profile's workspace, and
 * the one factory of HTTP clients to a server.
 */

export type Handlers = BridgeHandlers<ChannelTable>;

export interface HandlerDeps {
  /** The app's data folder (Electron: userData); drafts and the mirror live in `profiles/<id>/`. */
  dataDir: string;
  profiles: ProfileStore;
  vault: TokenVault;
  connectivity: Connectivity;
  /** Native file pickers (Electron's dialog; the harness answers with fixed paths). */
  dialogs: { pickFiles(): Promise<string[]>; pickFolder(): Promise<string[]> };
  /** app.notify and the comment notices: a native notification when the window is in the background. */
  notify: Notify;
  /** Main -> renderer events (sync state, import progress, session changes). */
  emit: <E extends EventName>(event: E, payload: EventPayload<E>) => void;
  /** The renderer answered the `flush` event (app.flushed). */
  onFlushed?: () => void;
  /** For tests: a fetch and time-outs of their own. */
  connection?: ConnectionOptions;
  /** What the copy at home needs of the system (server/API.md §E22); without it, copies go under `dataDir`. */
  homeBackups?: HomeBackupsHost;
}

/** Electron's pieces of the copy at home and of the restore from a local file. */
export interface HomeBackupsHost {
  /** The owner's documents folder (Electron: app.getPath('documents')). */
  documentsDir: string;
  /** Opens a folder in the system's file manager; answers '' or what went wrong (Electron: shell.openPath). */
  openPath(folder: string): Promise<string>;
  /** A folder for the copies, picked in the system's dialog; undefined when cancelled. */
  pickFolder(): Promise<string | undefined>;
  /** A backup file to restore, picked in the system's dialog; undefined when cancelled. */
  pickBackupFile(): Promise<string | undefined>;
}

/** The drafts, mirror and sync of one server profile, opened on first use. */
export interface Workspace {
  profileId: string;
  api: ArticlesApi;
  drafts: DraftStore;
  /** Images pasted into drafts while the server could not take them (core/draft-images.ts). */
  images: DraftImages;
  mirror: Mirror;
  sync: SyncEngine;
  /** Pushes drafts the server lacks while online and signed in (core/background-sync.ts). */
  background: BackgroundSync;
}

export interface HandlerContext {
  deps: HandlerDeps;
  /** Profiles whose owner has not yet answered the basic_text question. */
  awaitingConsent: Set<string>;
  /** The sign-in's expiry per profile. */
  expiries: Map<string, string | null>;
  status(): SessionStatus;
  /** The status, also sent to the renderer as the `session` event. */
  changed(): SessionStatus;
  /** The active profile and its token; throws not-signed-in without them. */
  activeSession(): { active: ServerProfile; token: string };
  /** The active profile's workspace; drafts work offline and signed out too (they are local). */
  workspace(): Promise<Workspace>;
  /** Every HTTP client to a server is made here, with the configured fetch and time-out. */
  serverClient(baseUrl: string, token: string | (() => string | undefined)): HttpClient;
  /** Tells the renderer how many drafts wait or conflict, and which ones changed. */
  emitSync(drafts: DraftStore, changedIds: readonly string[]): void;
}

export function toBridgeProfile(profile: ServerProfile): Profile {
  return { id: profile.id, name: profile.name, serverUrl: profile.url, username: profile.username, remember: profile.remember };
}

/** Profile errors carry the Chinese message of the field at fault. */
export async function profileCall<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof ProfileError) throw new BridgeError('invalid-argument', error.message);
    throw error;
  }
}

export function createHandlerContext(deps: HandlerDeps): HandlerContext {
  const { profiles, vault, connectivity } = deps;
  const workspaces = new Map<string, Promise<Workspace>>();
  const awaitingConsent = new Set<string>();
  const expiries = new Map<string, string | null>();

  const status = (): SessionStatus => {
    const active = profiles.active();
    const token = active ? vault.getToken(active.id) : undefined;
    const storage = vault.storageStatus();
    return {
      profile: active ? toBridgeProfile(active) : null,
      signedIn: token !== undefined,
      username: active && token !== undefined ? active.username : null,
      expiresAt: active ? (expiries.get(active.id) ?? null) : null,
      online: connectivity.online,
      tokenStorage:
        active && vault.hasRememberedToken(active.id) ? (storage.kind === 'keychain' ? 'keychain' : 'insecure') : 'memory',
      needsStorageConsent: active !== undefined && awaitingConsent.has(active.id),
    };
  };

  const serverClient: HandlerContext['serverClient'] = (baseUrl, token) =>
    createHttpClient({ baseUrl, token, fetch: deps.connection?.fetch, timeoutMs: deps.connection?.timeoutMs });

  const emitSync: HandlerContext['emitSync'] = (drafts, changedIds) => {
    const list = drafts.list();
    deps.emit('sync', {
      pending: list.filter((draft) => draft.state === 'pending').length,
      conflicts: list.filter((draft) => draft.state === 'conflict').length,
      running: false,
      changedDraftIds: [...changedIds],
      waiting: list.filter((draft) => draft.waiting).length,
    });
  };

  const openWorkspace = async (profileId: string, baseUrl: string): Promise<Workspace> => {
    const dir = path.join(deps.dataDir, 'profiles', profileId);
    const api = createArticlesApi(serverClient(baseUrl, () => vault.getToken(profileId)));
    const [drafts, images, mirror] = await Promise.all([
      DraftStore.open(path.join(dir, 'drafts')),
      DraftImages.open(path.join(dir, 'drafts', 'images'), { profileId }),
      Mirror.open(path.join(dir, 'mirror')),
    ]);
    const sync = new SyncEngine({ drafts, api, mirror, images, onDraftChange: (draft) => emitSync(drafts, [draft.id]) });
    const background = new BackgroundSync({
      drafts,
      sync,
      canSend: () => connectivity.online && profiles.active()?.id === profileId && vault.getToken(profileId) !== undefined,
      onOutcome: (outcome) => reportBackgroundOutcome(deps, baseUrl, 'push', outcome),
    });
    return { profileId, api, drafts, images, mirror, sync, background };
  };

  return {
    deps,
    awaitingConsent,
    expiries,
    status,
    changed: () => {
      const next = status();
      deps.emit('session', next);
      return next;
    },
    activeSession: () => {
      const active = profiles.active();
      const token = active ? vault.getToken(active.id) : undefined;
      if (!active || token === undefined) throw new BridgeError('not-signed-in', M.notSignedIn);
      return { active, token };
    },
    workspace: () => {
      const active = profiles.active();
      if (!active) throw new BridgeError('not-signed-in', M.notSignedIn);
      let opened = workspaces.get(active.id);
      if (opened === undefined) {
        opened = openWorkspace(active.id, active.url);
        opened.catch(() => workspaces.delete(active.id));
        workspaces.set(active.id, opened);
      }
      return opened;
    },
    serverClient,
    emitSync,
  };
}
