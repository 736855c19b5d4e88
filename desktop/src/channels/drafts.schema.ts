import { z } from 'zod';
import {
  ARTICLE_FIELD_NAMES,
  ARTICLE_STATUSES,
  articleFieldsSchema,
  DesktopBridgeMessages as M,
  DesktopMessages as D,
  DRAFT_STATES,
  LIMITS,
  ServerMessages,
} from '@folio/shared';
import type { ArticleFieldName } from '@folio/shared';
import { articleIdSchema, isoDate, localIdSchema } from './common.schema';

/** 仅本地 / 待发布 / 已同步 / 冲突 (labels: DRAFT_STATE_LABELS in @folio/shared). */
export const draftStateSchema = z.enum(DRAFT_STATES);
export type DraftState = z.infer<typeof draftStateSchema>;

/**
 * How long each field of a draft may grow: four times the server's limit (the body: the limit
 * itself). Lenient on purpose, so typing is never refused (publishing applies the server's
 * rules), yet finite, so a renderer cannot hand main a gigabyte.
 */
const DRAFT_FIELD_LIMITS: Readonly<Record<ArticleFieldName, number>> = {
  title: LIMITS.articleTitle * 4,
  category: LIMITS.articleCategory * 4,
  tags: LIMITS.articleTagsJoined * 4,
  summary: LIMITS.articleSummary * 4,
  cover: LIMITS.articleCover * 4,
  content: LIMITS.articleContent,
};

/** The fields a keystroke save carries: any of the six, each within its limit. */
export const draftFieldsPatchSchema = articleFieldsSchema.partial().superRefine((fields, context) => {
  for (const name of ARTICLE_FIELD_NAMES) {
    const value = fields[name];
    const maximum = DRAFT_FIELD_LIMITS[name];
    if (value !== undefined && value.length > maximum) {
      context.addIssue({ code: 'too_big', origin: 'string', maximum, inclusive: true, path: [name], input: value });
    }
  }
});

/** The server's copy kept with a conflict. */
export const serverCopySchema = articleFieldsSchema.extend({
  id: articleIdSchema,
  revision: z.number().int().nullable(),
  updated_at: z.string(),
});
export type ServerCopy = z.infer<typeof serverCopySchema>;

export const draftConflictSchema = z.object({
  /** The server's copy at the time of the refusal; null when the article was deleted there. */
  server: serverCopySchema.nullable(),
  /**
   * The six fields at the server revision the draft started from, the base both sides changed:
   * the merge is against it. Null when the server no longer keeps that version (or a draft
   * stored before merging existed).
   */
  base: articleFieldsSchema.nullable().default(null),
  detectedAt: isoDate,
  /**
   * Whether the server holds `server` at its revision. False when it is text sync brought in
   * under an open editor (a merge with the server's changes) that no send has delivered yet:
   * choosing it must still send it. A conflict stored before this was recorded: true.
   */
  serverHeld: z.boolean().default(true),
  /**
   * Whether a 发布 was under way (the draft was 待发布): resolving publishes. Otherwise the
   * resolution is sent as the background sync sends the draft (a server draft stays a draft).
   * Null for a conflict stored before this was recorded.
   */
  publishing: z.boolean().nullable().default(null),
});
export type DraftConflict = z.infer<typeof draftConflictSchema>;

/** A draft as the renderer sees it (desktop/src/core/draft-file.ts maps the one on disk to it). */
export const draftSchema = z.object({
  id: localIdSchema,
  /** The server article this draft edits; null for a new article. */
  articleId: articleIdSchema.nullable(),
  /** The server revision the edit started from (sent as If-Match); null for a new article. */
  baseRevision: z.number().int().nullable(),
  fields: articleFieldsSchema,
  state: draftStateSchema,
  createdAt: isoDate,
  updatedAt: isoDate,
  /** Last publish failure in Chinese (offline, validation...), null when none. */
  lastError: z.string().nullable(),
  /** Set while the state is `conflict`. */
  conflict: draftConflictSchema.nullable(),
  /**
   * The server article's status as last seen (server/API.md §E8), which decides how the
   * background sync sends the text: a `draft` by PUT, a published or scheduled article only as
   * its autosave (§E9). Null for a new article, or not known yet (a draft stored before).
   */
  serverStatus: z.enum(ARTICLE_STATUSES).nullable().default(null),
});
export type Draft = z.infer<typeof draftSchema>;

export const draftSummarySchema = draftSchema
  .pick({
    id: true,
    articleId: true,
    state: true,
    updatedAt: true,
    lastError: true,
    serverStatus: true,
  })
  .extend({
    title: z.string(),
    /** The server lacks this draft's latest text (never sent, or saved since the last send). */
    unsent: z.boolean(),
    /** The draft waits for the owner (core/draft-sync-state.ts): counted on the 草稿箱 tab. */
    waiting: z.boolean(),
  });
export type DraftSummary = z.infer<typeof draftSummarySchema>;

/**
 * The keystroke save. Without `id`: a new draft (missing fields are empty; `articleId` and
 * `baseRevision` say which server article it edits). With `id`: only the given fields change.
 */
export const draftSaveInputSchema = z.object({
  id: localIdSchema.optional(),
  articleId: articleIdSchema.nullable().optional(),
  baseRevision: z.number().int().nullable().optional(),
  fields: draftFieldsPatchSchema,
});
export type DraftSaveInput = z.infer<typeof draftSaveInputSchema>;

/** One earlier text of a draft, the same on disk and on the bridge. */
export const draftRevisionSchema = z.object({
  id: z.number().int(),
  savedAt: isoDate,
  fields: articleFieldsSchema,
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
    /** For `merged`, each other field the owner settled when both sides changed it. */
    title: z.string().max(DRAFT_FIELD_LIMITS.title).optional(),
    category: z.string().max(DRAFT_FIELD_LIMITS.category).optional(),
    tags: z.string().max(DRAFT_FIELD_LIMITS.tags).optional(),
    summary: z.string().max(DRAFT_FIELD_LIMITS.summary).optional(),
    cover: z.string().max(DRAFT_FIELD_LIMITS.cover).optional(),
  })
  .refine((input) => input.choice !== 'merged' || input.text !== undefined, D.mergedTextRequired);
export type ResolveConflictInput = z.infer<typeof resolveConflictInputSchema>;

/**
 * An image pasted, dropped or picked into a draft while the server cannot take it, its bytes as
 * base64 (as api.request carries files). The cap leaves room above the server's 5 MB, so an image
 * over it reaches main and is refused there with the server's own message.
 */
export const draftImageInputSchema = z.object({
  base64: z
    .string()
    .max(Math.ceil((LIMITS.imageBytes * 2 * 4) / 3) + 4, ServerMessages.imageTooLarge)
    .regex(/^[A-Za-z0-9+/]*={0,2}$/, M.base64Invalid),
});
export type DraftImageInput = z.infer<typeof draftImageInputSchema>;

/** The kept image's link for the draft's text (`/draft-images/<profileId>/<sha256>.<ext>`). */
export const keptDraftImageSchema = z.object({ url: z.string() });
export type KeptDraftImage = z.infer<typeof keptDraftImageSchema>;
