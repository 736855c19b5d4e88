import { createCommentNotices } from './comment-notices';
import { createApiRequestHandlers } from './handlers/api-request-handlers';
import { createBackupHandlers } from './handlers/backup-handlers';
import { createDraftHandlers } from './handlers/draft-handlers';
import { createFolderImportHandlers } from './handlers/folder-import-handlers';
import { createHandlerContext } from './handlers/handler-context';
import type { HandlerDeps, Handlers } from './handlers/handler-context';
import { createMirrorHandlers } from './handlers/mirror-handlers';
import { createProfileHandlers } from './handlers/profile-handlers';
import { createSessionHandlers } from './handlers/session-handlers';
import { reportBackgroundOutcome } from './sync-outcomes';

export type { HandlerDeps, Handlers } from './handlers/handler-context';

/**
 * Maps every bridge channel onto the desktop-core modules, one handler module per channel group
 * (desktop/src/main/handlers/). Electron-free: main.ts passes the Electron-backed pieces
 * (dialogs, notifications, the safeStorage inside the vault), and the Playwright harness passes
 * its own, so the app and the tests run these very handlers.
 */

/** The handlers plus what main needs around them. */
export interface DesktopServices {
  handlers: Handlers;
  /**
   * Waits until every draft save that was accepted is on disk and background work has ended, and
   * closes the comment connection (quit calls this).
   */
  settleDrafts(): Promise<void>;
  /**
   * Sends every 待发布 draft of the active profile, telling the owner of each one published or in
   * conflict, then pushes the drafts the server lacks (called when the server answers again).
   */
  publishPending(): Promise<void>;
  /** The active server's URL, for the CSP's image sources and the connectivity watch. */
  serverUrls(): string[];
}

export function createDesktopServices(deps: HandlerDeps): DesktopServices {
  const comments = createCommentNotices(deps);
  // Set once the context exists: the backups' handlers are built on it.
  const late: { backups?: ReturnType<typeof createBackupHandlers> } = {};
  // Every session change (sign-in, sign-out, another server) goes out as the `session` event:
  // the comment connection and the copy at home follow it.
  const context = createHandlerContext({
    ...deps,
    emit: (event, payload) => {
      deps.emit(event, payload);
      if (event === 'session') {
        comments.follow();
        late.backups?.follow();
      }
    },
  });
  const backups = createBackupHandlers(context);
  late.backups = backups;
  // A token remembered from the last run: connected from the start.
  comments.follow();
  backups.follow();
  const drafts = createDraftHandlers(context);
  const mirror = createMirrorHandlers(context);
  const handlers: Handlers = {
    profiles: createProfileHandlers(context),
    session: createSessionHandlers(context),
    api: createApiRequestHandlers(context),
    mirror: mirror.handlers,
    drafts: drafts.handlers,
    folderImport: createFolderImportHandlers(context),
    backups: backups.handlers,
    app: {
      flushed: () => {
        deps.onFlushed?.();
        return { ok: true as const };
      },
      notify: deps.notify,
    },
  };

  // Every report of the server answering (the watch's interval, a sign-in) sends what the server
  // still lacks: drafts saved before a restart, or a push the server put off (429, 5xx).
  deps.connectivity.onReport(({ online }) => {
    if (!online || !deps.profiles.active()) return;
    void context
      .workspace()
      .then((work) => work.background.pushAll())
      .catch((error: unknown) => console.error('Folio: the background draft sync failed', error));
  });

  return {
    handlers,
    settleDrafts: async () => {
      comments.stop();
      await backups.stop();
      await drafts.settle();
      // The mirror's background fill ends too: its writes are done before quit (or a test's cleanup).
      await mirror.stop();
      // A push under way finishes (its answer is recorded); none starts after quit.
      if (!deps.profiles.active()) return;
      const work = await context.workspace();
      work.background.stop();
      await work.background.idle();
    },
    publishPending: async () => {
      const active = deps.profiles.active();
      if (!active) return;
      const work = await context.workspace();
      const outcomes = await work.sync.publishPending();
      for (const outcome of outcomes) reportBackgroundOutcome(deps, active.url, 'publish', outcome);
      context.emitSync(
        work.drafts,
        outcomes.map((outcome) => outcome.draft.id),
      );
      // Then the drafts whose text the server lacks (saved while offline) follow in the background.
      if (deps.connectivity.online) await work.background.pushAll();
    },
    serverUrls: () => deps.profiles.list().profiles.map((profile) => profile.url),
  };
}
