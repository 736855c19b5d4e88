import { z } from 'zod';
import { DesktopBridgeMessages as M } from '@folio/shared';
import { apiRequestSchema, apiResponseSchema } from './api-request.schema';
import { channel } from './channel-spec';
import type { ChannelGroups, EventSpecs } from './channel-spec';
import { commentCreatedEventSchema } from './comments.schema';
import { articleIdSchema, idArgument, isoDate, localIdSchema, noArgument, ok } from './common.schema';
import {
  draftImageInputSchema,
  draftRevisionSchema,
  draftSaveInputSchema,
  draftSchema,
  draftSummarySchema,
  keptDraftImageSchema,
  publishResultSchema,
  resolveConflictInputSchema,
} from './drafts.schema';
import {
  importReportSchema,
  importRunInputSchema,
  importScanInputSchema,
  importScanSchema,
  pickedPathsSchema,
} from './folder-import.schema';
import {
  homeBackupsKeepInputSchema,
  homeBackupsStatusSchema,
  localBackupFileSchema,
  localRestoreInputSchema,
} from './home-backups.schema';
import { mirrorLimitInputSchema, mirrorListSchema, mirrorOpenedSchema, mirrorStatusSchema } from './mirror.schema';
import { profileInputSchema, profileListSchema, profileSchema, sessionStatusSchema, signInInputSchema } from './session.schema';

/**
 * THE table of the desktop bridge (`window.folio`): one entry per task function
 * (`profiles.list`, `drafts.save`, ...) with the zod schema of its single argument and of its
 * result, and the main -> renderer events with their payload schemas. The preload, the main
 * process (desktop/src/main/dispatch.ts parses every argument before a handler runs, and every
 * result before it leaves main) and the Playwright harness are all generated from it.
 */
export const channelTable = {
  profiles: {
    list: channel(noArgument, profileListSchema),
    save: channel(profileInputSchema, profileSchema),
    remove: channel(idArgument, profileListSchema),
    /** Switch servers in one click: uses the stored token when there is one. */
    activate: channel(idArgument, sessionStatusSchema),
  },
  session: {
    status: channel(noArgument, sessionStatusSchema),
    /** Errors: bad-url, unreachable, not-folio, wrong-credentials (see BridgeErrorCode). */
    signIn: channel(signInInputSchema, sessionStatusSchema),
    signOut: channel(noArgument, sessionStatusSchema),
    /** The owner's answer when `needsStorageConsent`: store the token without a real keychain, or not. */
    confirmInsecureStorage: channel(z.object({ allow: z.boolean() }), sessionStatusSchema),
  },
  api: {
    request: channel(apiRequestSchema, apiResponseSchema),
  },
  mirror: {
    list: channel(noArgument, mirrorListSchema),
    /** Null when neither the server nor the mirror has it. */
    get: channel(z.object({ id: articleIdSchema }), mirrorOpenedSchema.nullable()),
    refresh: channel(noArgument, mirrorListSchema),
    /** How fresh and how big the active server's mirror is, and its size bound. */
    status: channel(noArgument, mirrorStatusSchema),
    /** Sets the bound on the mirrored bodies (every server's); lowering it drops the oldest at once. */
    setLimit: channel(mirrorLimitInputSchema, mirrorStatusSchema),
  },
  drafts: {
    list: channel(noArgument, z.array(draftSummarySchema)),
    get: channel(idArgument, draftSchema.nullable()),
    save: channel(draftSaveInputSchema, draftSchema),
    revisions: channel(idArgument, z.array(draftRevisionSchema)),
    restoreRevision: channel(z.object({ id: localIdSchema, revisionId: z.number().int() }), draftSchema),
    discard: channel(idArgument, ok),
    publish: channel(idArgument, publishResultSchema),
    resolveConflict: channel(resolveConflictInputSchema, publishResultSchema),
    /** Keep the local text as a separate new draft (never loses either side). */
    keepAsNew: channel(idArgument, draftSchema),
    /**
     * Keeps an image with the drafts while the server cannot take it (offline, unreachable): on
     * disk before it answers the link to put in the text; uploaded when the draft syncs.
     */
    keepImage: channel(draftImageInputSchema, keptDraftImageSchema),
  },
  folderImport: {
    pickFiles: channel(noArgument, pickedPathsSchema),
    pickFolder: channel(noArgument, pickedPathsSchema),
    scan: channel(importScanInputSchema, importScanSchema),
    run: channel(importRunInputSchema, importReportSchema),
    /** Stops before the next file (the one in progress finishes); the running `run` resolves with `cancelled: true`. */
    cancel: channel(noArgument, z.object({ cancelled: z.boolean() })),
  },
  backups: {
    /** The copy at home of the active server's backups (server/API.md §E22). */
    homeStatus: channel(noArgument, homeBackupsStatusSchema),
    /** Checks for a failed run and brings the newest backup home now. */
    copyNow: channel(noArgument, homeBackupsStatusSchema),
    /** Another folder for the copies, picked in the system's dialog; unchanged when cancelled. */
    chooseFolder: channel(noArgument, homeBackupsStatusSchema),
    openFolder: channel(noArgument, ok),
    /** How many copies of the site the folder keeps; the older ones beyond go at the next copy. */
    setKeep: channel(homeBackupsKeepInputSchema, homeBackupsStatusSchema),
    /** A backup file on this computer, picked in the system's dialog; null when cancelled. */
    pickLocalFile: channel(noArgument, localBackupFileSchema.nullable()),
    /** Restores a picked file to the signed-in server (server/API.md §E22.7); answers the server's message. */
    restoreLocal: channel(localRestoreInputSchema, z.object({ message: z.string() })),
  },
  app: {
    /** The answer to the `flush` event: everything typed has been handed to `drafts.save`. */
    flushed: channel(noArgument, ok),
    /** A native notification, shown only when the window is not focused (long work finished in the background). */
    notify: channel(
      z.object({
        title: z.string().trim().min(1, M.notificationTitleRequired).max(128),
        body: z.string().max(1024),
      }),
      z.object({ shown: z.boolean() }),
    ),
  },
} as const satisfies ChannelGroups;
export type ChannelTable = typeof channelTable;

export const menuCommandSchema = z.enum(['new-article', 'save', 'find']);
export type MenuCommand = z.infer<typeof menuCommandSchema>;

export const eventTable = {
  connectivity: z.object({ online: z.boolean(), serverUrl: z.string().nullable(), checkedAt: isoDate }),
  /** Session changes the renderer did not ask for (token expired, profile switched elsewhere). */
  session: sessionStatusSchema,
  /** The background sync queue: how many drafts wait, and which ones changed state. */
  sync: z.object({
    pending: z.number().int().nonnegative(),
    conflicts: z.number().int().nonnegative(),
    running: z.boolean(),
    changedDraftIds: z.array(localIdSchema),
    /** Drafts waiting for the owner (core/draft-sync-state.ts): the count on the 草稿箱 tab. */
    waiting: z.number().int().nonnegative(),
  }),
  /**
   * Work the background sync finished while the owner was elsewhere: a queued draft went live
   * (`articleUrl`, its public page) or a draft ran into a conflict (opened at /drafts/<draftId>).
   */
  'sync.outcome': z.object({
    kind: z.enum(['published', 'conflict']),
    draftId: localIdSchema,
    title: z.string(),
    articleUrl: z.string().nullable(),
  }),
  /** The mirror's background fill made progress or finished: the offline screens reload its list. */
  mirror: mirrorStatusSchema,
  'folderImport.progress': z.object({
    done: z.number().int().nonnegative(),
    total: z.number().int().nonnegative(),
    /** The relative path of the file being imported; null once finished. */
    current: z.string().nullable(),
  }),
  /** Quit is waiting: save what is typed but not yet saved, then call `app.flushed`. */
  flush: z.object({}),
  menu: z.object({ command: menuCommandSchema }),
  /** A visitor commented on the signed-in server (core/comment-feed.ts); main has shown it natively, or not. */
  'comments.created': commentCreatedEventSchema,
  /** The comment counts may have changed (approved, deleted, seen elsewhere, the feed reconnected). */
  'comments.changed': z.object({}),
  /** The owner clicked a comment's native notification: show the comment page. */
  'comments.open': z.object({}),
  /** The copy at home started or finished a check (server/API.md §E22). */
  'backups.home': homeBackupsStatusSchema,
} as const satisfies EventSpecs;
export type EventTable = typeof eventTable;
export type EventName = keyof EventTable & string;
export type EventPayload<E extends EventName> = z.output<EventTable[E]>;

/** The table as one value: what createBridge and the main process take. */
export const folioTable = { channels: channelTable, events: eventTable } as const;
export type FolioTable = typeof folioTable;
