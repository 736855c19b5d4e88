/**
 * THE channel table of the desktop bridge (`window.folio`). Owned by desktop-glue; read-only for
 * desktop-core and desktop-renderer (ask for changes in your report instead of editing).
 *
 * Everything that crosses between the renderer and the main process is declared here once:
 * - `channelTable`: one entry per task function (`profiles.list`, `drafts.save`, ...) with the zod
 *   schema of its single argument and of its result. Main parses every argument with it before a
 *   handler runs, and every result before it leaves main (desktop/src/main/dispatch.ts).
 * - `eventTable`: the main -> renderer events and their payload schemas (`folio.on(name, fn)`).
 * - `createBridge(table, invoke, subscribe, local)`: builds the `window.folio` object from the
 *   table. The preload calls it with `ipcRenderer.invoke`/`ipcRenderer.on`; the Playwright harness
 *   (tests/e2e/desktop) calls it with a `page.exposeBinding` function wired to
 *   `createDispatcher(channelTable, handlers)` from desktop/src/main/dispatch.ts and the real
 *   handlers of desktop/src/main/handlers.ts. Both get the same functions, so they cannot drift.
 *
 * Calling convention (renderer side): every task function takes ONE argument (none for the
 * argument-less ones) and resolves to a `BridgeReply<T>`: `{ ok: true, data }` or
 * `{ ok: false, error: { code, message } }` with a Chinese `message` to show as is. It never
 * rejects for an expected failure: Electron's contextBridge strips custom properties from
 * thrown errors, so errors travel as values. `unwrapReply(reply)` turns a failure into a thrown
 * `BridgeError` (with `code`) for code that prefers exceptions, e.g. the HTTP transport.
 *
 * For desktop-core: handlers map your modules onto these shapes (desktop/src/main/handlers.ts);
 * throw `BridgeError(code, chineseMessage)` or your own errors, which handlers translate.
 * Nothing in this file may import `electron` or Node built-ins: it is bundled into the sandboxed
 * preload and the renderer.
 */
import { z } from 'zod';
import { DesktopBridgeMessages as M, DesktopMessages as D, DESKTOP_LIMITS, DRAFT_STATES, LIMITS } from '@folio/shared';
import type { AdminArticleDetail, AdminArticleListItem } from '@folio/shared';

/* ------------------------------------------------------------------ shared pieces */

const noArgument = z.undefined();
const ok = z.object({ ok: z.literal(true) });

/** Ids minted by the main process (profiles, drafts, revisions, scans): short and path-safe. */
export const localIdSchema = z.string({ error: M.idRequired }).regex(/^[A-Za-z0-9_-]{1,64}$/, M.idRequired);
const idArgument = z.object({ id: localIdSchema });
const articleIdSchema = z.number({ error: M.idRequired }).int(M.idRequired).positive(M.idRequired);
const isoDate = z.string();

/** An http(s) origin (optionally with a base path) typed by the owner on the connection screen. */
export const serverUrlSchema = z
  .string({ error: D.urlMalformed })
  .trim()
  .max(DESKTOP_LIMITS.serverUrl, D.urlMalformed)
  .refine((value) => {
    try {
      const url = new URL(value);
      return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '' && url.username === '';
    } catch {
      return false;
    }
  }, D.urlMalformed);

/* ------------------------------------------------------------------ profiles and session */

export const profileSchema = z.object({
  id: localIdSchema,
  name: z.string(),
  serverUrl: z.string(),
  username: z.string(),
  remember: z.boolean(),
});
export type Profile = z.infer<typeof profileSchema>;

export const profileListSchema = z.object({
  profiles: z.array(profileSchema),
  activeId: localIdSchema.nullable(),
});
export type ProfileList = z.infer<typeof profileListSchema>;

const usernameSchema = z
  .string({ error: D.usernameRequired })
  .trim()
  .min(1, D.usernameRequired)
  .max(DESKTOP_LIMITS.profileUsername, D.usernameRequired);

export const profileInputSchema = z.object({
  /** Absent: a new profile. */
  id: localIdSchema.optional(),
  name: z
    .string({ error: D.profileNameRequired })
    .trim()
    .min(1, D.profileNameRequired)
    .max(DESKTOP_LIMITS.profileName, D.profileNameTooLong),
  serverUrl: serverUrlSchema,
  username: usernameSchema,
  remember: z.boolean().optional(),
});
export type ProfileInput = z.infer<typeof profileInputSchema>;

/**
 * Where the token is kept: `keychain` (safeStorage backed by a real OS keychain), `insecure`
 * (Linux basic_text: the owner agreed to store it anyway), `memory` (not written to disk, e.g.
 * the owner declined or did not tick 记住登录状态).
 */
export const tokenStorageSchema = z.enum(['keychain', 'insecure', 'memory']);

export const sessionStatusSchema = z.object({
  profile: profileSchema.nullable(),
  signedIn: z.boolean(),
  username: z.string().nullable(),
  expiresAt: isoDate.nullable(),
  online: z.boolean(),
  tokenStorage: tokenStorageSchema,
  /** True while the OS has no real keychain and the owner has not yet said whether to store the token. */
  needsStorageConsent: z.boolean(),
});
export type SessionStatus = z.infer<typeof sessionStatusSchema>;

export const signInInputSchema = z.object({
  /** Update this profile; absent: create one (or reuse the one with the same server and user). */
  profileId: localIdSchema.optional(),
  name: z.string().trim().max(DESKTOP_LIMITS.profileName, D.profileNameTooLong).optional(),
  serverUrl: serverUrlSchema,
  username: usernameSchema,
  password: z.string({ error: M.passwordRequired }).min(1, M.passwordRequired).max(1024, M.passwordRequired),
  remember: z.boolean(),
});
export type SignInInput = z.infer<typeof signInInputSchema>;

/* ------------------------------------------------------------------ api.request */

const forbiddenRequestHeaders = new Set(['authorization', 'cookie', 'host', 'origin', 'content-length']);
const headerName = z.string().regex(/^[A-Za-z0-9!#$%&'*+.^_`|~-]{1,64}$/, M.headerInvalid);
const headerValue = z
  .string()
  .max(1024, M.headerInvalid)
  .regex(/^[\t\x20-\x7e]*$/, M.headerInvalid);
const base64Bytes = z
  .string()
  .max(Math.ceil((LIMITS.importBodyBytes * 4) / 3) + 4, M.base64Invalid)
  .regex(/^[A-Za-z0-9+/]*={0,2}$/, M.base64Invalid);

export const apiRequestSchema = z.object({
  method: z.enum(['GET', 'POST', 'PUT', 'DELETE'], { error: M.methodInvalid }),
  /** Path and query on the active server, e.g. `/api/admin/articles?page=2`. */
  path: z
    .string({ error: M.apiPathInvalid })
    .max(4096, M.apiPathInvalid)
    .refine((path) => path.startsWith('/api/') && !path.split(/[/?#]/).includes('..'), M.apiPathInvalid),
  /** Main adds Authorization itself: the renderer never holds the token. */
  headers: z
    .record(headerName, headerValue)
    .refine((headers) => Object.keys(headers).every((name) => !forbiddenRequestHeaders.has(name.toLowerCase())), M.headerInvalid)
    .optional(),
  body: z
    .discriminatedUnion('kind', [
      z.object({ kind: z.literal('text'), text: z.string(), contentType: headerValue.optional() }),
      z.object({
        kind: z.literal('multipart'),
        parts: z
          .array(
            z.discriminatedUnion('kind', [
              z.object({ kind: z.literal('field'), name: z.string().min(1).max(128), value: z.string() }),
              z.object({
                kind: z.literal('file'),
                name: z.string().min(1).max(128),
                filename: z.string().min(1).max(255),
                contentType: headerValue,
                /** File bytes as base64: survives both contextBridge and Playwright's JSON bindings. */
                base64: base64Bytes,
              }),
            ]),
          )
          .max(100),
      }),
    ])
    .optional(),
});
export type ApiRequest = z.infer<typeof apiRequestSchema>;

export const apiResponseSchema = z.object({
  status: z.number().int(),
  /** Lower-case header names (e.g. `etag`, `content-type`). */
  headers: z.record(z.string(), z.string()),
  /** The body as text (the API answers JSON). */
  body: z.string(),
});
export type ApiResponse = z.infer<typeof apiResponseSchema>;

/* ------------------------------------------------------------------ mirror (local copy of server articles) */

/** The admin list item of API.md plus the `revision` of the optimistic-concurrency extension. */
export const mirrorArticleSummarySchema = z.object({
  id: articleIdSchema,
  title: z.string(),
  category: z.string(),
  tags: z.string(),
  summary: z.string(),
  cover: z.string(),
  views: z.number(),
  comment_count: z.number(),
  created_at: z.string(),
  updated_at: z.string(),
  /** The article's revision (ETag); null when the server predates revisions. */
  revision: z.number().int().nullable(),
});
export const mirrorArticleSchema = mirrorArticleSummarySchema.extend({ content: z.string() });
/** A mirrored list entry; `hasBody`: the body is stored too, so the article opens offline. */
export const mirrorEntrySchema = mirrorArticleSummarySchema.extend({ hasBody: z.boolean() });
export type MirrorArticleSummary = z.infer<typeof mirrorArticleSummarySchema>;
export type MirrorArticle = z.infer<typeof mirrorArticleSchema>;
export type MirrorEntry = z.infer<typeof mirrorEntrySchema>;
// Compile-time proof that the mirror keeps the server's shapes (fails to type-check if they drift).
// `revision` is left out: the mirror also holds copies from servers that predate it (null).
const _summaryFitsServer = (item: MirrorArticleSummary): Omit<AdminArticleListItem, 'revision'> => item;
const _detailFitsServer = (item: MirrorArticle): Omit<AdminArticleDetail, 'revision'> => item;
void _summaryFitsServer;
void _detailFitsServer;

export const mirrorListSchema = z.object({
  articles: z.array(mirrorEntrySchema),
  /** False when the server did not answer: the list is the local copy. */
  online: z.boolean(),
});
/** An opened article: the server's copy when it answered (and now mirrored), else the mirrored one. */
export const mirrorOpenedSchema = z.object({ article: mirrorArticleSchema, source: z.enum(['server', 'mirror']) });
export type MirrorOpened = z.infer<typeof mirrorOpenedSchema>;
export type MirrorList = z.infer<typeof mirrorListSchema>;

/* ------------------------------------------------------------------ drafts (草稿箱) */

/** 仅本地 / 待发布 / 已同步 / 冲突 (labels: DRAFT_STATE_LABELS in @folio/shared). */
export const draftStateSchema = z.enum(DRAFT_STATES);
export type DraftState = z.infer<typeof draftStateSchema>;

/** The editable fields. Lenient on purpose (an empty title mid-typing is saved); publish validates. */
export const draftFieldsSchema = z.object({
  title: z.string().max(LIMITS.articleTitle * 4),
  content: z.string().max(LIMITS.articleContent),
  category: z.string().max(LIMITS.articleCategory * 4),
  /** Comma-separated, as the admin form edits them. */
  tags: z.string().max(LIMITS.articleTagsJoined * 4),
  summary: z.string().max(LIMITS.articleSummary * 4),
  cover: z.string().max(LIMITS.articleCover * 4),
});
export type DraftFields = z.infer<typeof draftFieldsSchema>;

/** The server's copy kept with a conflict (null when the article was deleted on the server). */
export const serverCopySchema = draftFieldsSchema.extend({
  id: articleIdSchema,
  revision: z.number().int().nullable(),
  updated_at: z.string(),
});

export const draftSchema = z.object({
  id: localIdSchema,
  /** The server article this draft edits; null for a new article. */
  articleId: articleIdSchema.nullable(),
  /** The server revision the edit started from (sent as If-Match); null for a new article. */
  baseRevision: z.number().int().nullable(),
  fields: draftFieldsSchema,
  state: draftStateSchema,
  createdAt: isoDate,
  updatedAt: isoDate,
  /** Last publish failure in Chinese (offline, validation...), null when none. */
  lastError: z.string().nullable(),
  /** Set while the state is `conflict`. */
  conflict: z.object({ server: serverCopySchema.nullable(), detectedAt: isoDate }).nullable(),
});
export type Draft = z.infer<typeof draftSchema>;

export const draftSummarySchema = draftSchema
  .pick({
    id: true,
    articleId: true,
    state: true,
    updatedAt: true,
    lastError: true,
  })
  .extend({ title: z.string() });
export type DraftSummary = z.infer<typeof draftSummarySchema>;

/**
 * The keystroke save. Without `id`: a new draft (missing fields are empty; `articleId` and
 * `baseRevision` say which server article it edits). With `id`: only the given fields change.
 */
export const draftSaveInputSchema = z.object({
  id: localIdSchema.optional(),
  articleId: articleIdSchema.nullable().optional(),
  baseRevision: z.number().int().nullable().optional(),
  fields: draftFieldsSchema.partial(),
});
export type DraftSaveInput = z.infer<typeof draftSaveInputSchema>;

export const draftRevisionSchema = z.object({
  id: z.number().int(),
  savedAt: isoDate,
  fields: draftFieldsSchema,
});
export type DraftRevision = z.infer<typeof draftRevisionSchema>;

/**
 * What a publish (or a conflict resolution) ended with (desktop-core's sync): `synced` (the
 * server answered with the saved article), `conflict` (the server copy changed: see
 * `draft.conflict`), `offline` (kept as 待发布, sent again when back online), `rejected` (the
 * server refused the content; back to 仅本地 with `lastError`), `retry-later` (401/429/5xx;
 * stays 待发布). `message`: Chinese, for the owner.
 */
export const publishResultSchema = z.object({
  status: z.enum(['synced', 'conflict', 'offline', 'rejected', 'retry-later']),
  draft: draftSchema,
  message: z.string().nullable(),
});
export type PublishResult = z.infer<typeof publishResultSchema>;

export const resolveConflictInputSchema = z
  .object({
    id: localIdSchema,
    choice: z.enum(['mine', 'theirs', 'merged']),
    /** The merged body; required for `merged`. */
    text: z.string().max(LIMITS.articleContent).optional(),
  })
  .refine((input) => input.choice !== 'merged' || input.text !== undefined, D.mergedTextRequired);
export type ResolveConflictInput = z.infer<typeof resolveConflictInputSchema>;

/* ------------------------------------------------------------------ folder import (本地导入) */

const absolutePath = z.string().min(1).max(4096);
export const pickedPathsSchema = z.object({ paths: z.array(absolutePath) });

/** One Markdown file as it would be imported (desktop-core's folder-scan preview). */
export const importCandidateSchema = z.object({
  path: absolutePath,
  /** Relative to the picked folder (the file name for a picked file), for display. */
  relativePath: z.string(),
  title: z.string(),
  date: isoDate.nullable(),
  updated: isoDate.nullable(),
  category: z.string(),
  tags: z.array(z.string()),
  summary: z.string(),
  /** As written in the front matter ('' when none); `coverPath` is the local file to upload. */
  cover: z.string(),
  coverPath: z.string().nullable(),
  images: z.array(
    z.object({
      /** The link as written in the file. */
      reference: z.string(),
      /** The local file it points at; null for web addresses and site paths. */
      resolvedPath: z.string().nullable(),
      missing: z.boolean(),
    }),
  ),
  /** No title, bad tags, unreadable YAML, a missing image... (`message` in Chinese). */
  problems: z.array(z.object({ kind: z.string(), message: z.string() })),
  /** True when a problem makes the file impossible to import as it is. */
  blocking: z.boolean(),
  /** A server article with the same title: the owner chooses skip, update or import as new. */
  duplicateOf: z.object({ id: articleIdSchema, title: z.string(), revision: z.number().int().nullable() }).nullable(),
});
export type ImportCandidate = z.infer<typeof importCandidateSchema>;

export const importScanSchema = z.object({
  /** Names this preview for `run` (the files are read again then: they may have changed). */
  scanId: localIdSchema,
  candidates: z.array(importCandidateSchema),
});
export type ImportScan = z.infer<typeof importScanSchema>;

export const duplicateChoiceSchema = z.enum(['skip', 'update', 'import-as-new']);
export const importRunInputSchema = z.object({
  scanId: localIdSchema,
  /** The files the owner ticked, in order; `onDuplicate` is read only for a `duplicateOf` file (default skip). */
  items: z.array(z.object({ path: absolutePath, onDuplicate: duplicateChoiceSchema.optional() })).min(1, M.pathsRequired),
});
export type ImportRunInput = z.infer<typeof importRunInputSchema>;

export const importFileResultSchema = z.object({
  path: absolutePath,
  relativePath: z.string(),
  title: z.string(),
  status: z.enum(['imported', 'updated', 'skipped', 'failed']),
  articleId: articleIdSchema.nullable(),
  /** Chinese reason for `failed`/`skipped`. */
  reason: z.string().nullable(),
  warnings: z.array(z.string()),
});
export const importReportSchema = z.object({
  files: z.array(importFileResultSchema),
  cancelled: z.boolean(),
  counts: z.object({ imported: z.number(), updated: z.number(), skipped: z.number(), failed: z.number() }),
  /** The one-line Chinese summary (导入完成：新增…). */
  message: z.string(),
});
export type ImportReport = z.infer<typeof importReportSchema>;

/* ------------------------------------------------------------------ the table */

/** One bridge task function: argument schema and result schema. */
export interface ChannelSpec<A extends z.ZodType = z.ZodType, R extends z.ZodType = z.ZodType> {
  readonly arg: A;
  readonly result: R;
}
export type ChannelGroups = Readonly<Record<string, Readonly<Record<string, ChannelSpec>>>>;
export type EventSpecs = Readonly<Record<string, z.ZodType>>;

const channel = <A extends z.ZodType, R extends z.ZodType>(arg: A, result: R): ChannelSpec<A, R> => ({ arg, result });

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
  },
  folderImport: {
    pickFiles: channel(noArgument, pickedPathsSchema),
    pickFolder: channel(noArgument, pickedPathsSchema),
    scan: channel(z.object({ paths: z.array(absolutePath).min(1, M.pathsRequired).max(10_000) }), importScanSchema),
    run: channel(importRunInputSchema, importReportSchema),
    /** Stops before the next file (the one in progress finishes); the running `run` resolves with `cancelled: true`. */
    cancel: channel(noArgument, z.object({ cancelled: z.boolean() })),
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
  }),
  'folderImport.progress': z.object({
    done: z.number().int().nonnegative(),
    total: z.number().int().nonnegative(),
    /** The relative path of the file being imported; null once finished. */
    current: z.string().nullable(),
  }),
  /** Quit is waiting: save what is typed but not yet saved, then call `app.flushed`. */
  flush: z.object({}),
  menu: z.object({ command: menuCommandSchema }),
} as const satisfies EventSpecs;
export type EventTable = typeof eventTable;
export type EventName = keyof EventTable & string;
export type EventPayload<E extends EventName> = z.output<EventTable[E]>;

/** The table as one value: what createBridge and the main process take. */
export const folioTable = { channels: channelTable, events: eventTable } as const;
export type FolioTable = typeof folioTable;

/**
 * Images of a saved server load from the app's own origin at `/server-files/<profileId>/...`
 * (main fetches them, desktop/src/main/server-files.ts): the page's CSP, fixed at load, need not
 * know servers added later.
 */
export const SERVER_FILES_PATH = '/server-files/';

/** `/server-files/<profileId>`: where the admin's root-relative file URLs (covers, avatars) load from. */
export function serverFilesBase(profileId: string): string {
  return `${SERVER_FILES_PATH}${encodeURIComponent(profileId)}`;
}

/** `profiles.list` -> `folio:profiles.list`: the IPC channel name (prefixed so nothing else collides). */
export const ipcChannelName = (channelName: string): string => `folio:${channelName}`;
/** `menu` -> `folio-event:menu`. */
export const ipcEventName = (eventName: string): string => `folio-event:${eventName}`;

/** Every task function's dotted name, e.g. `drafts.save`. */
export function channelNames(table: ChannelGroups): string[] {
  return Object.entries(table).flatMap(([group, functions]) => Object.keys(functions).map((fn) => `${group}.${fn}`));
}

/** The spec of a dotted name, or undefined for an unknown one (own properties only: no `__proto__` tricks). */
export function findChannel(table: ChannelGroups, channelName: string): ChannelSpec | undefined {
  const dot = channelName.indexOf('.');
  if (dot <= 0) return undefined;
  const group = channelName.slice(0, dot);
  const fn = channelName.slice(dot + 1);
  if (!Object.hasOwn(table, group)) return undefined;
  const functions = table[group];
  if (functions === undefined || !Object.hasOwn(functions, fn)) return undefined;
  return functions[fn];
}

/* ------------------------------------------------------------------ replies and errors */

export const bridgeErrorCodeSchema = z.enum([
  'unknown-channel',
  'forbidden-sender',
  'invalid-argument',
  'invalid-result',
  'internal',
  /** Connection screen: malformed URL / nothing answers / answers but is not Folio / wrong password. */
  'bad-url',
  'unreachable',
  'not-folio',
  'wrong-credentials',
  /** The server answered the sign-in with an error of its own (5xx...). */
  'server-error',
  'not-signed-in',
  'offline',
  'not-found',
  'conflict',
  'cancelled',
  'busy',
]);
export type BridgeErrorCode = z.infer<typeof bridgeErrorCodeSchema>;

export const bridgeFailureSchema = z.object({
  ok: z.literal(false),
  error: z.object({ code: bridgeErrorCodeSchema, message: z.string() }),
});
export type BridgeFailure = z.infer<typeof bridgeFailureSchema>;
export type BridgeReply<T> = { ok: true; data: T } | BridgeFailure;

/** A failure with a code and a Chinese message for the owner. Thrown by handlers; rebuilt by unwrapReply. */
export class BridgeError extends Error {
  constructor(
    readonly code: BridgeErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'BridgeError';
  }
}

export const bridgeFailure = (code: BridgeErrorCode, message: string): BridgeFailure => ({ ok: false, error: { code, message } });

/** The data of a successful reply; throws a BridgeError (with its code) for a failure. */
export function unwrapReply<T>(reply: BridgeReply<T>): T {
  if (reply.ok) return reply.data;
  throw new BridgeError(reply.error.code, reply.error.message);
}

/* ------------------------------------------------------------------ the generated bridge */

type TaskFunction<S extends ChannelSpec> =
  undefined extends z.input<S['arg']>
    ? (arg?: z.input<S['arg']>) => Promise<BridgeReply<z.output<S['result']>>>
    : (arg: z.input<S['arg']>) => Promise<BridgeReply<z.output<S['result']>>>;

export type BridgeFunctions<T extends ChannelGroups> = {
  readonly [G in keyof T]: { readonly [F in keyof T[G]]: T[G][F] extends ChannelSpec ? TaskFunction<T[G][F]> : never };
};

export interface BridgeEvents<E extends EventSpecs> {
  /** Listen to a main -> renderer event; returns the function that stops listening. */
  on<N extends keyof E & string>(event: N, listener: (payload: z.output<E[N]>) => void): () => void;
}

/** Things the preload answers itself without IPC. */
export interface BridgeLocal {
  /** The absolute path of a file dropped on the window (Electron's webUtils.getPathForFile); '' if none. */
  pathForFile(file: File): string;
}

/** The type of `window.folio`. */
export type FolioBridge = BridgeFunctions<ChannelTable> & BridgeEvents<EventTable> & BridgeLocal;

/** Sends one call to main (ipcRenderer.invoke, or the harness's exposeBinding function). */
export type BridgeInvoke = (ipcChannel: string, arg: unknown) => Promise<unknown>;
/** Listens to one event channel from main; returns the unsubscribe function. */
export type BridgeSubscribe = (ipcEvent: string, listener: (payload: unknown) => void) => () => void;

/**
 * Builds the `window.folio` object from the table. Replies are checked against the channel's
 * result schema here too, so a harness or a main process that drifted from the table shows up as
 * an `invalid-result` failure instead of a wrongly typed value deep inside the renderer.
 */
export function createBridge<T extends ChannelGroups, E extends EventSpecs>(
  table: { channels: T; events: E },
  invoke: BridgeInvoke,
  subscribe: BridgeSubscribe,
  local: BridgeLocal,
): BridgeFunctions<T> & BridgeEvents<E> & BridgeLocal {
  const groups: Record<string, Record<string, (arg?: unknown) => Promise<BridgeReply<unknown>>>> = {};
  for (const [group, functions] of Object.entries(table.channels)) {
    const built: Record<string, (arg?: unknown) => Promise<BridgeReply<unknown>>> = {};
    for (const [fn, spec] of Object.entries(functions)) {
      const name = `${group}.${fn}`;
      built[fn] = async (arg?: unknown) => readReply(name, spec, await invoke(ipcChannelName(name), arg));
    }
    groups[group] = Object.freeze(built);
  }
  const events: BridgeEvents<E> = {
    on<N extends keyof E & string>(event: N, listener: (payload: z.output<E[N]>) => void) {
      const schema = Object.hasOwn(table.events, event) ? table.events[event] : undefined;
      if (schema === undefined) throw new BridgeError('unknown-channel', M.unknownChannel(event));
      return subscribe(ipcEventName(event), (payload) => {
        const parsed = schema.safeParse(payload);
        // safeParse of a generic E[N] is typed with the ZodType constraint (unknown); the data is E[N]'s output.
        if (parsed.success) listener(parsed.data as z.output<E[N]>);
        else console.error(`Folio: dropped a malformed "${event}" event`, parsed.error.issues);
      });
    },
  };
  const bridge = { ...groups, on: events.on, pathForFile: (file: File) => local.pathForFile(file) };
  // The loops above built exactly the keys and signatures BridgeFunctions<T> describes; TypeScript
  // cannot follow a mapped type through Object.entries, hence this single cast.
  return Object.freeze(bridge) as unknown as BridgeFunctions<T> & BridgeEvents<E> & BridgeLocal;
}

function readReply(name: string, spec: ChannelSpec, raw: unknown): BridgeReply<unknown> {
  const failure = bridgeFailureSchema.safeParse(raw);
  if (failure.success) return failure.data;
  const success = z.object({ ok: z.literal(true), data: z.unknown() }).safeParse(raw);
  if (!success.success) return bridgeFailure('invalid-result', M.malformedAnswer);
  const data = spec.result.safeParse(success.data.data);
  if (!data.success) return bridgeFailure('invalid-result', M.invalidResult(name));
  return { ok: true, data: data.data };
}
