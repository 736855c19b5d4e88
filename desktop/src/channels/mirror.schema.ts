import { z } from 'zod';
import { ARTICLE_STATUSES, articleFieldsSchema, DesktopBridgeMessages as M } from '@folio/shared';
import type { AdminArticleDetail, AdminArticleListItem } from '@folio/shared';
import { articleIdSchema, isoDate } from './common.schema';

/** The admin list item (server/API.md §9.2) plus its `revision` (server/API.md §E1). */
export const mirrorArticleSummarySchema = articleFieldsSchema.omit({ content: true }).extend({
  id: articleIdSchema,
  views: z.number(),
  comment_count: z.number(),
  created_at: z.string(),
  updated_at: z.string(),
  /** The article's revision (ETag); null when the server predates revisions. */
  revision: z.number().int().nullable(),
  /**
   * Draft, scheduled or published (server/API.md §E8); a server that predates drafts, or a
   * mirror written before them, has published articles only.
   */
  status: z.enum(ARTICLE_STATUSES).default('published'),
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

/** The bound on the bodies a server's mirror keeps, in MB (the list is always kept whole). */
export const MIRROR_LIMIT_MB = { default: 200, min: 10, max: 100_000 } as const;
export const MB = 1024 * 1024;

/** How fresh and how big the mirror is: what the offline screens and the settings show. */
export const mirrorStatusSchema = z.object({
  /** When the whole list last came from the server; null before the first time. */
  syncedAt: isoDate.nullable(),
  articleCount: z.number().int().nonnegative(),
  /** How many of them open offline (their body is stored). */
  bodyCount: z.number().int().nonnegative(),
  bytesUsed: z.number().int().nonnegative(),
  limitBytes: z.number().int().positive(),
  /** The background fill is fetching right now. */
  filling: z.boolean(),
});
export type MirrorStatus = z.infer<typeof mirrorStatusSchema>;

export const mirrorLimitInputSchema = z.object({
  limitMb: z
    .number({ error: M.mirrorLimitInvalid(MIRROR_LIMIT_MB.min, MIRROR_LIMIT_MB.max) })
    .int(M.mirrorLimitInvalid(MIRROR_LIMIT_MB.min, MIRROR_LIMIT_MB.max))
    .min(MIRROR_LIMIT_MB.min, M.mirrorLimitInvalid(MIRROR_LIMIT_MB.min, MIRROR_LIMIT_MB.max))
    .max(MIRROR_LIMIT_MB.max, M.mirrorLimitInvalid(MIRROR_LIMIT_MB.min, MIRROR_LIMIT_MB.max)),
});

export const mirrorListSchema = z.object({
  articles: z.array(mirrorEntrySchema),
  /** False when the server did not answer: the list is the local copy. */
  online: z.boolean(),
  status: mirrorStatusSchema,
});
/** An opened article: the server's copy when it answered (and now mirrored), else the mirrored one. */
export const mirrorOpenedSchema = z.object({ article: mirrorArticleSchema, source: z.enum(['server', 'mirror']) });
export type MirrorOpened = z.infer<typeof mirrorOpenedSchema>;
export type MirrorList = z.infer<typeof mirrorListSchema>;
