import { DesktopBridgeMessages as M, DesktopMessages as D } from '@folio/shared';
import { BridgeError } from '../channels';
import type {
  ApiRequest,
  ApiResponse,
  BridgeErrorCode,
  ChannelTable,
  EventName,
  EventPayload,
  ImportCandidate,
  ImportReport,
  Profile,
  PublishResult,
  SessionStatus,
  SignInInput,
} from '../channels';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { createArticlesApi } from '../core/articles-api';
import type { ArticlesApi } from '../core/articles-api';
import { signIn as signInToServer, verifyToken } from '../core/connection';
import type { ConnectionProblemKind, ConnectionOptions } from '../core/connection';
import { createHttpClient, isNetworkError } from '../core/http';
import type { HttpRequest } from '../core/http';
import { DraftError, DraftStore } from '../core/draft-store';
import { runFolderImport } from '../core/folder-import';
import type { ImportReport as CoreImportReport } from '../core/folder-import';
import { scanForImport, titleIndex } from '../core/folder-scan';
import type { ImportPreview } from '../core/folder-scan';
import { Mirror, openArticle, refreshMirror } from '../core/mirror';
import { ProfileError } from '../core/profiles';
import { SyncEngine } from '../core/sync';
import type { PublishOutcome } from '../core/sync';
import type { ProfileStore, ServerProfile } from '../core/profiles';
import type { TokenVault } from '../core/token-vault';
import type { Connectivity } from './connectivity';
import type { BridgeHandlers } from './dispatch';

/**
 * Maps every bridge channel onto the desktop-core modules. Electron-free: main.ts passes the
 * Electron-backed pieces (dialogs, notifications, the safeStorage inside the vault), and the
 * Playwright harness passes its own, so the app and the tests run these very handlers.
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
  /** app.notify: a native notification when the window is in the background. */
  notify: Handlers['app']['notify'];
  /** Main -> renderer events (sync state, import progress, session changes). */
  emit: <E extends EventName>(event: E, payload: EventPayload<E>) => void;
  /** The renderer answered the `flush` event (app.flushed). */
  onFlushed?: () => void;
  /** For tests: a fetch and time-outs of their own. */
  connection?: ConnectionOptions;
}

/** The handlers plus what main needs around them. */
export interface DesktopServices {
  handlers: Handlers;
  /** Waits until every draft save that was accepted is on disk (quit calls this). */
  settleDrafts(): Promise<void>;
  /** Sends every 待发布 draft of the active profile (called when the server answers again). */
  publishPending(): Promise<void>;
  /** The active server's URL, for the CSP's image sources and the connectivity watch. */
  serverUrls(): string[];
}

/** The drafts, mirror and sync of one server profile, opened on first use. */
interface Workspace {
  profileId: string;
  api: ArticlesApi;
  drafts: DraftStore;
  mirror: Mirror;
  sync: SyncEngine;
}

const problemCodes: Record<ConnectionProblemKind, BridgeErrorCode> = {
  malformed: 'bad-url',
  timeout: 'unreachable',
  unreachable: 'unreachable',
  'not-folio': 'not-folio',
  'wrong-credentials': 'wrong-credentials',
  locked: 'wrong-credentials',
  'server-error': 'server-error',
};

export function toBridgeProfile(profile: ServerProfile): Profile {
  return { id: profile.id, name: profile.name, serverUrl: profile.url, username: profile.username, remember: profile.remember };
}

/** The profile's name when the owner gave none: the server's host. */
function defaultName(serverUrl: string): string {
  try {
    return new URL(serverUrl).host;
  } catch {
    return serverUrl;
  }
}

export function createDesktopServices(deps: HandlerDeps): DesktopServices {
  const { profiles, vault, connectivity } = deps;
  const workspaces = new Map<string, Promise<Workspace>>();
  const inFlight = new Set<Promise<unknown>>();
  const scans = new Map<string, ImportPreview[]>();
  let importAbort: AbortController | undefined;
  /** Profiles whose owner has not yet answered the basic_text question, and the expiry per profile. */
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
  const changed = (): SessionStatus => {
    const next = status();
    deps.emit('session', next);
    return next;
  };

  /** Profile errors carry the Chinese message of the field at fault. */
  const profileCall = async <T>(run: () => Promise<T>): Promise<T> => {
    try {
      return await run();
    } catch (error) {
      if (error instanceof ProfileError) throw new BridgeError('invalid-argument', error.message);
      throw error;
    }
  };

  const activeSession = () => {
    const active = profiles.active();
    const token = active ? vault.getToken(active.id) : undefined;
    if (!active || token === undefined) throw new BridgeError('not-signed-in', M.notSignedIn);
    return { active, token };
  };

  const emitSync = (workspace: Pick<Workspace, 'drafts'>, changed: readonly string[]) => {
    const list = workspace.drafts.list();
    deps.emit('sync', {
      pending: list.filter((draft) => draft.state === 'pending').length,
      conflicts: list.filter((draft) => draft.state === 'conflict').length,
      running: false,
      changedDraftIds: [...changed],
    });
  };

  const openWorkspace = async (profileId: string, baseUrl: string): Promise<Workspace> => {
    const dir = path.join(deps.dataDir, 'profiles', profileId);
    const api = createArticlesApi(
      createHttpClient({
        baseUrl,
        token: () => vault.getToken(profileId),
        fetch: deps.connection?.fetch,
        timeoutMs: deps.connection?.timeoutMs,
      }),
    );
    const [drafts, mirror] = await Promise.all([
      DraftStore.open(path.join(dir, 'drafts')),
      Mirror.open(path.join(dir, 'mirror')),
    ]);
    const sync = new SyncEngine({ drafts, api, mirror, onDraftChange: (draft) => emitSync({ drafts }, [draft.id]) });
    return { profileId, api, drafts, mirror, sync };
  };

  /** The active profile's workspace; drafts work offline and signed out too (they are local). */
  const workspace = (): Promise<Workspace> => {
    const active = profiles.active();
    if (!active) throw new BridgeError('not-signed-in', M.notSignedIn);
    let opened = workspaces.get(active.id);
    if (opened === undefined) {
      opened = openWorkspace(active.id, active.url);
      opened.catch(() => workspaces.delete(active.id));
      workspaces.set(active.id, opened);
    }
    return opened;
  };

  /** Track a draft write so quit can wait for it; translate the store's errors. */
  const draftCall = <T>(run: () => Promise<T>): Promise<T> => {
    const task = run().catch((error: unknown) => {
      if (error instanceof DraftError) throw new BridgeError('not-found', error.message);
      throw error;
    });
    inFlight.add(task);
    void task.finally(() => inFlight.delete(task)).catch(() => undefined);
    return task;
  };

  const published = (work: Workspace, outcome: PublishOutcome): PublishResult => {
    connectivity.report(outcome.status !== 'offline');
    emitSync(work, [outcome.draft.id]);
    return { status: outcome.status, draft: outcome.draft, message: outcome.message ?? null };
  };

  const signIn = async (input: SignInInput): Promise<SessionStatus> => {
    const result = await signInToServer(
      { url: input.serverUrl, username: input.username, password: input.password, remember: input.remember },
      deps.connection,
    );
    if (!result.ok) {
      if (result.kind === 'timeout' || result.kind === 'unreachable') connectivity.report(false);
      throw new BridgeError(problemCodes[result.kind], result.message);
    }
    const existing =
      (input.profileId === undefined ? undefined : profiles.get(input.profileId)) ??
      profiles.list().profiles.find((profile) => profile.url === result.url && profile.username === input.username);
    const profile = await profileCall(() =>
      profiles.save({
        id: existing?.id,
        name: input.name?.trim() || existing?.name || defaultName(result.url),
        url: result.url,
        username: input.username,
        remember: input.remember,
      }),
    );
    await profiles.activate(profile.id);
    expiries.set(profile.id, result.expiresAt);
    const stored = await vault.setToken(profile.id, result.token, input.remember);
    if (!stored.persisted && stored.reason === 'needs-confirmation') awaitingConsent.add(profile.id);
    else awaitingConsent.delete(profile.id);
    connectivity.reset(result.url);
    return changed();
  };

  const handlers: Handlers = {
    profiles: {
      list: () => {
        const snapshot = profiles.list();
        return { profiles: snapshot.profiles.map(toBridgeProfile), activeId: snapshot.activeId };
      },
      save: async (input) =>
        toBridgeProfile(
          await profileCall(() =>
            profiles.save({
              id: input.id,
              name: input.name,
              url: input.serverUrl,
              username: input.username,
              remember: input.remember,
            }),
          ),
        ),
      remove: async ({ id }) => {
        const wasActive = profiles.active()?.id === id;
        await vault.forget(id);
        const snapshot = await profileCall(() => profiles.remove(id));
        if (wasActive) changed();
        return { profiles: snapshot.profiles.map(toBridgeProfile), activeId: snapshot.activeId };
      },
      activate: async ({ id }) => {
        const profile = await profileCall(() => profiles.activate(id));
        connectivity.reset(profile.url);
        const token = vault.getToken(profile.id);
        if (token !== undefined) {
          const check = await verifyToken(profile.url, token, deps.connection);
          if (check === 'invalid') await vault.forget(profile.id);
          connectivity.report(check !== 'offline');
        }
        return changed();
      },
    },
    session: {
      status,
      signIn,
      signOut: async () => {
        const active = profiles.active();
        if (active) {
          const token = vault.getToken(active.id);
          await vault.forget(active.id);
          awaitingConsent.delete(active.id);
          expiries.delete(active.id);
          // Best effort: the server forgets the token too; offline, it simply expires.
          if (token !== undefined) {
            await createHttpClient({
              baseUrl: active.url,
              token,
              fetch: deps.connection?.fetch,
              timeoutMs: deps.connection?.timeoutMs,
            })
              .request({ method: 'POST', path: '/api/admin/logout' })
              .catch(() => undefined);
          }
        }
        return changed();
      },
      confirmInsecureStorage: async ({ allow }) => {
        const active = profiles.active();
        if (active && awaitingConsent.has(active.id)) {
          awaitingConsent.delete(active.id);
          const token = vault.getToken(active.id);
          if (allow) {
            await vault.confirmInsecureStorage();
            if (token !== undefined) await vault.setToken(active.id, token, true);
          }
        }
        return changed();
      },
    },
    api: {
      request: async (request) => {
        const { active, token } = activeSession();
        const client = createHttpClient({ baseUrl: active.url, token, fetch: deps.connection?.fetch });
        try {
          const response = await client.request(toHttpRequest(request));
          connectivity.report(true);
          return toApiResponse(response);
        } catch (error) {
          if (!isNetworkError(error)) throw error;
          connectivity.report(false);
          throw new BridgeError('offline', D.serverUnreachable);
        }
      },
    },
    mirror: {
      list: async () => ({ articles: (await workspace()).mirror.list(), online: connectivity.online }),
      get: async ({ id }) => {
        const work = await workspace();
        const opened = await openArticle(work.api, work.mirror, id);
        connectivity.report(opened === undefined || opened.source === 'server');
        return opened ?? null;
      },
      refresh: async () => {
        const work = await workspace();
        const { online } = await refreshMirror(work.api, work.mirror);
        connectivity.report(online);
        return { articles: work.mirror.list(), online };
      },
    },
    drafts: {
      list: async () => (await workspace()).drafts.list(),
      get: async ({ id }) => (await workspace()).drafts.get(id) ?? null,
      save: async (input) => {
        const work = await workspace();
        return draftCall(() =>
          input.id === undefined
            ? work.drafts.create({ fields: input.fields, articleId: input.articleId, baseRevision: input.baseRevision })
            : work.drafts.save(input.id, input.fields),
        );
      },
      revisions: async ({ id }) => (await workspace()).drafts.revisions(id),
      restoreRevision: async ({ id, revisionId }) => {
        const work = await workspace();
        return draftCall(() => work.drafts.restoreRevision(id, revisionId));
      },
      discard: async ({ id }) => {
        const work = await workspace();
        await draftCall(() => work.drafts.discard(id));
        emitSync(work, [id]);
        return { ok: true as const };
      },
      publish: async ({ id }) => {
        const work = await workspace();
        return published(work, await draftCall(() => work.sync.publish(id)));
      },
      resolveConflict: async ({ id, choice, text }) => {
        const work = await workspace();
        const resolution = choice === 'merged' ? { choice, content: text ?? '' } : { choice };
        return published(work, await draftCall(() => work.sync.resolveConflict(id, resolution)));
      },
      keepAsNew: async ({ id }) => {
        const work = await workspace();
        return draftCall(() => work.sync.keepAsNew(id));
      },
    },
    folderImport: {
      pickFiles: async () => ({ paths: await deps.dialogs.pickFiles() }),
      pickFolder: async () => ({ paths: await deps.dialogs.pickFolder() }),
      scan: async ({ paths }) => {
        const work = await workspace();
        const list = await work.api.listAll().catch((error: unknown) => {
          if (isNetworkError(error)) throw new BridgeError('offline', D.serverUnreachable);
          throw error;
        });
        // Duplicates are flagged against the live server list; without it the preview would lie.
        if (!list.ok) throw new BridgeError('server-error', list.message);
        const previews = await scanForImport(paths, titleIndex(list.value));
        const scanId = randomUUID();
        scans.clear();
        scans.set(scanId, previews);
        return { scanId, candidates: previews.map(toCandidate) };
      },
      run: async ({ scanId, items }) => {
        const previews = scans.get(scanId);
        if (previews === undefined) throw new BridgeError('not-found', M.scanExpired);
        if (importAbort !== undefined) throw new BridgeError('busy', M.importBusy);
        const byPath = new Map(previews.map((preview) => [preview.path, preview]));
        const chosen = items.flatMap((item) => {
          const preview = byPath.get(item.path);
          return preview === undefined ? [] : [{ preview, onDuplicate: item.onDuplicate }];
        });
        const work = await workspace();
        importAbort = new AbortController();
        try {
          const report = await runFolderImport({
            api: work.api,
            items: chosen,
            signal: importAbort.signal,
            onProgress: (progress) => deps.emit('folderImport.progress', progress),
          });
          return toImportReport(report);
        } finally {
          importAbort = undefined;
        }
      },
      cancel: () => {
        const running = importAbort !== undefined;
        importAbort?.abort();
        return { cancelled: running };
      },
    },
    app: {
      flushed: () => {
        deps.onFlushed?.();
        return { ok: true as const };
      },
      notify: deps.notify,
    },
  };

  return {
    handlers,
    settleDrafts: async () => {
      while (inFlight.size > 0) await Promise.allSettled([...inFlight]);
    },
    publishPending: async () => {
      if (!profiles.active()) return;
      const work = await workspace();
      const outcomes = await work.sync.publishPending();
      emitSync(
        work,
        outcomes.map((outcome) => outcome.draft.id),
      );
    },
    serverUrls: () => profiles.list().profiles.map((profile) => profile.url),
  };
}

function toCandidate(preview: ImportPreview): ImportCandidate {
  return {
    path: preview.path,
    relativePath: preview.relativePath,
    title: preview.title,
    date: preview.date ?? null,
    updated: preview.updated ?? null,
    category: preview.category,
    tags: preview.tags,
    summary: preview.summary,
    cover: preview.cover,
    coverPath: preview.coverFile ?? null,
    images: preview.images.map((image) => ({
      reference: image.ref.target,
      resolvedPath: image.file ?? null,
      missing: !image.exists,
    })),
    problems: preview.problems.map((problem) => ({ kind: problem.kind, message: problem.message })),
    blocking: preview.blocking,
    duplicateOf: preview.duplicateOf,
  };
}

function toImportReport(report: CoreImportReport): ImportReport {
  return {
    files: report.files.map((file) => ({
      path: file.path,
      relativePath: file.relativePath,
      title: file.title,
      status: file.status,
      articleId: file.articleId ?? null,
      reason: file.reason ?? null,
      warnings: file.warnings,
    })),
    cancelled: report.cancelled,
    counts: report.counts,
    message: report.message,
  };
}

/** The bridge's request (text or multipart body) as the core HTTP client's request. */
function toHttpRequest(request: ApiRequest): HttpRequest {
  const headers = { ...request.headers };
  const base: HttpRequest = { method: request.method, path: request.path, headers };
  if (request.body === undefined) return base;
  if (request.body.kind === 'text') {
    // The admin sends JSON; the core client serialises it again with the right Content-Type.
    try {
      return { ...base, json: JSON.parse(request.body.text) as unknown };
    } catch {
      throw new BridgeError('invalid-argument', M.requestBodyNotJson);
    }
  }
  const form = new FormData();
  for (const part of request.body.parts) {
    if (part.kind === 'field') form.append(part.name, part.value);
    else form.append(part.name, new Blob([Buffer.from(part.base64, 'base64')], { type: part.contentType }), part.filename);
  }
  return { ...base, form };
}

function toApiResponse(response: { status: number; headers: Headers; body: unknown; isJson: boolean }): ApiResponse {
  const headers: Record<string, string> = {};
  response.headers.forEach((value, name) => {
    headers[name.toLowerCase()] = value;
  });
  const body = response.isJson ? (response.body === null ? '' : JSON.stringify(response.body)) : String(response.body);
  return { status: response.status, headers, body };
}
