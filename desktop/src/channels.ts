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
import { DesktopBridgeMessages as M, LIMITS } from '@folio/shared';
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
  .string({ error: M.serverUrlInvalid })
  .trim()
  .max(2048, M.serverUrlInvalid)
  .refine((value) => {
    try {
      const url = new URL(value);
      return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '' && url.username === '';
    } catch {
      return false;
    }
  }, M.serverUrlInvalid);

/* ------------------------------------------------------------------ profiles and session */

export const profileSchema = z.object({
  id: localIdSchema,
  name: z.string(),
  serverUrl: z.string(),
  username: z.string(),
  remember: z.boolean(),
  lastUsedAt: isoDate.nullable(),
});
export type Profile = z.infer<typeof profileSchema>;

export const profileListSchema = z.object({
  profiles: z.array(profileSchema),
  activeId: localIdSchema.nullable(),
});
export type ProfileList = z.infer<typeof profileListSchema>;

export const profileInputSchema = z.object({
  /** Absent: a new profile. */
  id: localIdSchema.optional(),
  name: z.string({ error: M.profileNameRequired }).trim().min(1, M.profileNameRequired).max(64, M.profileNameTooLong),
  serverUrl: serverUrlSchema,
  username: z.string({ error: M.usernameRequired }).trim().min(1, M.usernameRequired).max(128, M.usernameRequired),
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
  name: z.string().trim().max(64, M.profileNameTooLong).optional(),
  serverUrl: serverUrlSchema,
  username: z.string({ error: M.usernameRequired }).trim().min(1, M.usernameRequired).max(128, M.usernameRequired),
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
  method: z.enum(['GET', 'POST', 'PUT', 'PATCH', 'DELETE'], { error: M.methodInvalid }),
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
  revision: z.number().int(),
});
export const mirrorArticleSchema = mirrorArticleSummarySchema.extend({ content: z.string() });
export type MirrorArticleSummary = z.infer<typeof mirrorArticleSummarySchema>;
export type MirrorArticle = z.infer<typeof mirrorArticleSchema>;
// Compile-time proof that the mirror keeps the server's shapes (fails to type-check if they drift).
const _summaryFitsServer = (item: MirrorArticleSummary): AdminArticleListItem => item;
const _detailFitsServer = (item: MirrorArticle): AdminArticleDetail => item;
void _summaryFitsServer;
void _detailFitsServer;

export const mirrorListSchema = z.object({
  articles: z.array(mirrorArticleSummarySchema),
  /** When the list last came from the server; null if never. */
  refreshedAt: isoDate.nullable(),
  /** True when this answer comes from the local copy because the server is unreachable. */
  fromCache: z.boolean(),
});
export type MirrorList = z.infer<typeof mirrorListSchema>;

/* ------------------------------------------------------------------ drafts (草稿箱) */

/** 仅本地 / 待发布 / 已同步 / 冲突 (labels in DesktopBridgeMessages would be the renderer's call). */
export const draftStateSchema = z.enum(['local', 'pending', 'synced', 'conflict']);
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

export const draftSchema = z.object({
  id: localIdSchema,
  profileId: localIdSchema,
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
  /** The server's copy when the state is `conflict`. */
  conflict: z.object({ server: mirrorArticleSchema }).nullable(),
});
export type Draft = z.infer<typeof draftSchema>;

export const draftSummarySchema = draftSchema
  .pick({
    id: true,
    profileId: true,
    articleId: true,
    state: true,
    updatedAt: true,
    lastError: true,
  })
  .extend({ title: z.string() });
export type DraftSummary = z.infer<typeof draftSummarySchema>;

export const draftSaveInputSchema = z.object({
  /** Absent: a new draft. */
  id: localIdSchema.optional(),
  articleId: articleIdSchema.nullable().optional(),
  baseRevision: z.number().int().nullable().optional(),
  fields: draftFieldsSchema,
});
export type DraftSaveInput = z.infer<typeof draftSaveInputSchema>;

export const draftRevisionSchema = z.object({
  revisionId: localIdSchema,
  savedAt: isoDate,
  fields: draftFieldsSchema,
});
export type DraftRevision = z.infer<typeof draftRevisionSchema>;

/**
 * What a publish (or a conflict resolution) ended with: `published` (the server answered with the
 * saved article; the draft is gone), `queued` (offline: kept as 待发布, retried when back online),
 * `conflict` (the server copy changed: see `draft.conflict`), `invalid` (the server refused the
 * content; `draft.lastError` says why).
 */
export const publishResultSchema = z.discriminatedUnion('outcome', [
  z.object({ outcome: z.literal('published'), article: mirrorArticleSchema }),
  z.object({ outcome: z.literal('queued'), draft: draftSchema }),
  z.object({ outcome: z.literal('conflict'), draft: draftSchema }),
  z.object({ outcome: z.literal('invalid'), draft: draftSchema }),
]);
export type PublishResult = z.infer<typeof publishResultSchema>;

export const resolveConflictInputSchema = z
  .object({
    id: localIdSchema,
    choice: z.enum(['mine', 'theirs', 'merged']),
    /** The merged body; required for `merged`. */
    text: z.string().max(LIMITS.articleContent).optional(),
  })
  .refine((input) => input.choice !== 'merged' || input.text !== undefined, M.mergedTextRequired);
export type ResolveConflictInput = z.infer<typeof resolveConflictInputSchema>;

/* ------------------------------------------------------------------ folder import (本地导入) */

const absolutePath = z.string().min(1).max(4096);
export const pickedPathsSchema = z.object({ paths: z.array(absolutePath) });

export const importCandidateSchema = z.object({
  path: absolutePath,
  /** Relative to the picked folder (or the file name), for display. */
  relativePath: z.string(),
  title: z.string(),
  date: isoDate.nullable(),
  updated: isoDate.nullable(),
  category: z.string(),
  tags: z.array(z.string()),
  summary: z.string(),
  cover: z.string().nullable(),
  images: z.array(
    z.object({
      /** The link as written in the file. */
      reference: z.string(),
      /** The local file it points at; null for remote links. */
      resolvedPath: z.string().nullable(),
      missing: z.boolean(),
    }),
  ),
  /** Chinese descriptions (no title, bad tags, unreadable YAML, missing image...). */
  problems: z.array(z.string()),
  /** A server article with the same title, if any. */
  existing: z.object({ id: articleIdSchema, title: z.string() }).nullable(),
  /** False when a problem makes the file impossible to import (e.g. unreadable front matter). */
  importable: z.boolean(),
});
export type ImportCandidate = z.infer<typeof importCandidateSchema>;

export const importScanSchema = z.object({
  scanId: localIdSchema,
  candidates: z.array(importCandidateSchema),
});
export type ImportScan = z.infer<typeof importScanSchema>;

export const importRunInputSchema = z.object({
  scanId: localIdSchema,
  items: z
    .array(
      z.object({
        path: absolutePath,
        /** `update` overwrites `existing`; `create` imports as a new article. */
        action: z.enum(['create', 'update', 'skip']),
      }),
    )
    .min(1, M.pathsRequired),
});
export type ImportRunInput = z.infer<typeof importRunInputSchema>;

export const importFileResultSchema = z.object({
  path: absolutePath,
  status: z.enum(['imported', 'updated', 'skipped', 'failed', 'cancelled']),
  articleId: articleIdSchema.nullable(),
  /** Chinese reason for `failed`/`skipped`/`cancelled`. */
  reason: z.string().nullable(),
});
export const importReportSchema = z.object({
  results: z.array(importFileResultSchema),
  cancelled: z.boolean(),
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
    get: channel(z.object({ id: articleIdSchema }), mirrorArticleSchema.nullable()),
    refresh: channel(noArgument, mirrorListSchema),
  },
  drafts: {
    list: channel(noArgument, z.array(draftSummarySchema)),
    get: channel(idArgument, draftSchema.nullable()),
    save: channel(draftSaveInputSchema, draftSchema),
    revisions: channel(idArgument, z.array(draftRevisionSchema)),
    restoreRevision: channel(z.object({ id: localIdSchema, revisionId: localIdSchema }), draftSchema),
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
    /** Stops before the next file; the running `run` resolves with `cancelled: true`. */
    cancel: channel(noArgument, z.object({ cancelled: z.boolean() })),
  },
  app: {
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
    currentPath: z.string().nullable(),
  }),
  menu: z.object({ command: menuCommandSchema }),
} as const satisfies EventSpecs;
export type EventTable = typeof eventTable;
export type EventName = keyof EventTable & string;
export type EventPayload<E extends EventName> = z.output<EventTable[E]>;

/** The table as one value: what createBridge and the main process take. */
export const folioTable = { channels: channelTable, events: eventTable } as const;
export type FolioTable = typeof folioTable;

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
