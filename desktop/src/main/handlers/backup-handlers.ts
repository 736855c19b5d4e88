import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { BackupScreenMessages as M, DesktopBridgeMessages as B, DesktopMessages as D } from '@folio/shared';
import { BridgeError } from '../../channels';
import { createBackupSource, HOME_BACKUPS_FOLDER_NAME, HomeBackups } from '../../core/home-backups';
import { isNetworkError } from '../../core/http';
import { backupFileKind, restoreBackupFile } from '../../core/local-restore';
import type { HandlerContext, Handlers } from './handler-context';

/**
 * Besides sign-in and the server answering again, a signed-in app asks this often whether a backup
 * run finished (to bring it home) or failed (to tell the owner): a scheduled run is at most daily,
 * so a copy lands within minutes of it, and the check itself is one small request when nothing is new.
 */
const CHECK_INTERVAL_MS = 10 * 60_000;

export interface BackupHandlers {
  handlers: Handlers['backups'];
  /** Checks now when signed in and online; call it after every session change. */
  follow(): void;
  /** No check starts after this; waits for the one under way. */
  stop(): Promise<void>;
}

/**
 * backups.*: the copy at home (core/home-backups.ts) of the active server, one per profile with its
 * own folder and retention, and the restore of a local backup file (core/local-restore.ts) from the
 * connection screen. Only a file the owner picked in the dialog is ever sent to a server.
 */
export function createBackupHandlers(context: HandlerContext): BackupHandlers {
  const { profiles, vault, connectivity, emit, notify, dataDir } = context.deps;
  const host = context.deps.homeBackups;
  const documentsDir = host?.documentsDir ?? path.join(dataDir, 'Documents');
  const homes = new Map<string, Promise<HomeBackups>>();
  const picked = new Set<string>();
  const running = new Set<Promise<void>>();
  let stopped = false;

  const homeOf = (profileId: string): Promise<HomeBackups> => {
    let opened = homes.get(profileId);
    if (opened === undefined) {
      opened = HomeBackups.open({
        stateFile: path.join(dataDir, 'profiles', profileId, 'home-backups.json'),
        defaultFolder: path.join(documentsDir, HOME_BACKUPS_FOLDER_NAME),
        source: () => {
          const active = profiles.active();
          if (stopped || active?.id !== profileId || vault.getToken(profileId) === undefined || !connectivity.online)
            return undefined;
          return createBackupSource(context.serverClient(active.url, () => vault.getToken(profileId)));
        },
        notifyFailure: (reason) => {
          notify({ title: M.noticeFailedTitle, body: M.noticeFailedBody(reason) });
        },
        onStatus: (status) => {
          if (profiles.active()?.id === profileId) emit('backups.home', status);
        },
      });
      opened.catch(() => homes.delete(profileId));
      homes.set(profileId, opened);
    }
    return opened;
  };

  const activeHome = (): Promise<HomeBackups> => {
    const active = profiles.active();
    if (!active) throw new BridgeError('not-signed-in', B.notSignedIn);
    return homeOf(active.id);
  };

  const checkActive = () => {
    const active = profiles.active();
    if (stopped || !active || vault.getToken(active.id) === undefined || !connectivity.online) return;
    const check = homeOf(active.id)
      .then((home) => home.check())
      .catch((error: unknown) => console.error('Folio: the copy at home failed', error));
    running.add(check);
    void check.finally(() => running.delete(check));
  };

  const timer = setInterval(checkActive, CHECK_INTERVAL_MS);
  timer.unref();
  connectivity.onReport(({ cameOnline }) => {
    if (cameOnline) checkActive();
  });

  const handlers: Handlers['backups'] = {
    homeStatus: async () => (await activeHome()).status(),
    copyNow: async () => {
      const home = await activeHome();
      await home.check();
      return home.status();
    },
    chooseFolder: async () => {
      const home = await activeHome();
      const folder = await host?.pickFolder();
      return folder ? home.setFolder(folder) : home.status();
    },
    setKeep: async ({ keep }) => (await activeHome()).setKeep(keep),
    openFolder: async () => {
      const folder = (await activeHome()).status().folder;
      await mkdir(folder, { recursive: true });
      const problem = host ? await host.openPath(folder) : M.homeFolderUnavailable;
      if (problem) throw new BridgeError('not-found', M.homeFolderUnavailable);
      return { ok: true as const };
    },
    pickLocalFile: async () => {
      const file = await host?.pickBackupFile();
      if (!file) return null;
      const kind = backupFileKind(path.basename(file));
      if (kind === undefined) throw new BridgeError('invalid-argument', M.localRestoreNotBackup);
      picked.add(file);
      return { path: file, name: path.basename(file), encrypted: kind === 'age' };
    },
    restoreLocal: async ({ path: file, passphrase }) => {
      if (!picked.has(file)) throw new BridgeError('invalid-argument', M.localRestorePickFirst);
      const { active, token } = context.activeSession();
      let outcome;
      try {
        outcome = await restoreBackupFile(context.serverClient(active.url, token), file, passphrase);
      } catch (error) {
        if (isNetworkError(error)) throw new BridgeError('offline', D.serverUnreachable);
        throw error;
      }
      if (!outcome.ok) throw new BridgeError(outcome.status === 401 ? 'not-signed-in' : 'server-error', outcome.message);
      return { message: outcome.message };
    },
  };

  return {
    handlers,
    follow: checkActive,
    stop: async () => {
      stopped = true;
      clearInterval(timer);
      await Promise.all(running);
    },
  };
}
