import { z } from 'zod';
import {
  ARTICLE_STATUSES,
  BLOCK_NAME_PATTERN,
  COMMENT_HELD_REASONS,
  COMMENT_STATUSES,
  CONTACT_TYPE_PATTERN,
  FILENAME_PATTERN,
  CommentConversationMessages as CM,
  ImportFieldMessages as F,
  LIMITS,
  ReaderStatsMessages as SM,
  checkRedirects,
  cleanString,
  commentSettingsSchema,
  isValidCover,
  normalizeTags,
  slugSchema,
} from '@folio/shared';
import type { BackupSectionName } from '@folio/shared';
import { toIsoSeconds } from '../store/clock.js';
import { STATS_KEYS_PER_DAY, STATS_KEY_MAX_CHARS } from '../store/reader-stats.repository.js';
import { MAX_IMPORTED_ID } from '../store/record-ids.js';

/**
 * The backup schema of server/API.md §15. It reads our export (version 2), the original server's format
 * and any mix: RFC 1123 or ISO dates, `null` strings, missing `sort_order`. Unknown keys
 * (`deleted_at`, top-level copies, ...) are stripped. Every message is a short Chinese phrase
 * that the service prefixes with the field path.
 */

const RFC_1123 =
  /^(Mon|Tue|Wed|Thu|Fri|Sat|Sun), \d{1,2} (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) \d{4} \d{2}:\d{2}:\d{2} (GMT|UTC|[+-]\d{4})$/;
const ISO_8601 = /^(\d{4}-\d{2}-\d{2})(?:[T ](\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?)(Z|[+-]\d{2}:?\d{2})?)?$/i;

/** A backup date as ISO 8601 UTC to the second; `undefined` when it is not a date we read. */
export function parseBackupDate(text: string): string | undefined {
  const trimmed = text.trim();
  let normalized: string | undefined;
  const iso = ISO_8601.exec(trimmed);
  if (iso) {
    const [, date, time, offset] = iso;
    // No offset means UTC (server/API.md §15), whatever the server's own time zone.
    normalized = time ? `${date}T${time}${offset ?? 'Z'}` : `${date}T00:00:00Z`;
  } else if (RFC_1123.test(trimmed)) {
    normalized = trimmed;
  }
  if (!normalized) return undefined;
  const millis = Date.parse(normalized);
  return Number.isNaN(millis) ? undefined : toIsoSeconds(new Date(millis));
}

const isMissing = (value: unknown) => value === undefined || value === null;

/** A date; absent, null or empty is `whenMissing`. */
const backupDateOr = <T extends string | undefined>(whenMissing: T) =>
  z
    .unknown()
    .optional()
    .transform((value, ctx): string | T => {
      if (isMissing(value) || value === '') return whenMissing;
      const parsed = typeof value === 'string' ? parseBackupDate(value) : undefined;
      if (parsed) return parsed;
      ctx.addIssue({ code: 'custom', message: F.dateInvalid });
      return z.NEVER;
    });

/** A date; absent, null or empty means the time of the import. */
const backupDate = (importTime: string) => backupDateOr(importTime);

/** A record id; the range check comes first, so a huge id is reported as out of range, not as a fraction. */
const id = z
  .number({ error: (issue) => (isMissing(issue.input) ? F.required : F.idInvalid) })
  .max(MAX_IMPORTED_ID, F.idOutOfRange(MAX_IMPORTED_ID))
  .int(F.idInvalid)
  .positive(F.idInvalid);

/** A required, trimmed, non-empty string. */
const requiredText = (max: number, multiline = false) =>
  cleanString({ error: (issue) => (isMissing(issue.input) ? F.required : F.notString), multiline })
    .trim()
    .min(1, F.required)
    .max(max, F.tooLong(max));

/** An optional string; null or absent becomes "" (original backups hold nulls). Markdown is kept untrimmed. */
const optionalText = (max: number, kind: 'line' | 'multiline' | 'markdown' = 'line') =>
  z.preprocess((value) => (isMissing(value) ? '' : value), cleanText(kind).max(max, F.tooLong(max)));

function cleanText(kind: 'line' | 'multiline' | 'markdown') {
  const text = cleanString({ error: F.notString, multiline: kind !== 'line' });
  return kind === 'markdown' ? text : text.trim();
}

const sortOrder = z.number({ error: F.nonNegativeInt }).int(F.nonNegativeInt).min(0, F.nonNegativeInt).nullish();

/** Content values must be text; numbers and booleans from hand-edited files are kept as text. */
const blockContentValue = z.preprocess(
  (value) => (isMissing(value) ? '' : typeof value === 'number' || typeof value === 'boolean' ? String(value) : value),
  cleanString({ error: F.notString, multiline: true }).max(LIMITS.siteBlockValue, F.tooLong(LIMITS.siteBlockValue)),
);

/**
 * Where a blog import took an article or comment from (server/API.md §E21): restored with it, so
 * the restored site still knows what a later import of the same blog already brought.
 */
const importSource = z
  .string({ error: F.notString })
  .max(2000, F.notString)
  .nullish()
  .transform((source) => source ?? undefined);

const statsCount = z.number({ error: F.nonNegativeInt }).int(F.nonNegativeInt).min(0, F.nonNegativeInt);
const statsFigures = z.object({ views: statsCount, visitors: statsCount }, { error: F.notObject });
const statsTable = z
  .record(z.string().min(1).max(STATS_KEY_MAX_CHARS), statsFigures, { error: F.notObject })
  .refine((table) => Object.keys(table).length <= STATS_KEYS_PER_DAY, { message: SM.backupStatsTooManyKeys(STATS_KEYS_PER_DAY) });
/** Readers' daily aggregates as the export writes them (server/API.md §E23.5). */
const readerStatsSchema = z.object(
  {
    days: z.record(
      z.string().regex(/^\d{4}-\d{2}-\d{2}$/, SM.dateInvalid('reader_stats.days')),
      statsFigures.extend({ paths: statsTable, referrers: statsTable, devices: statsTable, browsers: statsTable }),
      { error: F.notObject },
    ),
  },
  { error: F.notObject },
);

const section = <T extends z.ZodType>(item: T) => z.array(item, { error: F.notArray }).optional();

export function backupSchema(importTime: string) {
  const date = backupDate(importTime);
  return z.object({
    version: z.literal(2, { error: F.versionUnsupported }).optional(),
    site_blocks: section(
      z.object({
        name: z
          .string({ error: (issue) => (isMissing(issue.input) ? F.required : F.blockNameInvalid) })
          .regex(BLOCK_NAME_PATTERN, F.blockNameInvalid),
        content: z.record(cleanString(), blockContentValue, {
          error: (issue) => (isMissing(issue.input) ? F.required : F.notObject),
        }),
        updated_at: date,
      }),
    ),
    skills: section(
      z.object({
        id,
        name: requiredText(LIMITS.skillName),
        description: optionalText(LIMITS.skillDescription, 'markdown'),
        level: z.preprocess(
          (value) => (isMissing(value) ? 0 : value),
          z.number({ error: F.levelInvalid }).int(F.levelInvalid).min(0, F.levelInvalid).max(100, F.levelInvalid),
        ),
        sort_order: sortOrder,
        created_at: date,
        updated_at: date,
      }),
    ),
    contacts: section(
      z.object({
        id,
        type: z
          .string({ error: (issue) => (isMissing(issue.input) ? F.required : F.contactTypeInvalid) })
          .trim()
          .regex(CONTACT_TYPE_PATTERN, F.contactTypeInvalid),
        value: requiredText(LIMITS.contactValue),
        sort_order: sortOrder,
        created_at: date,
        updated_at: date,
      }),
    ),
    avatars: section(
      z.object({
        id,
        filename: z
          .string({ error: (issue) => (isMissing(issue.input) ? F.required : F.filenameInvalid) })
          .regex(FILENAME_PATTERN, F.filenameInvalid),
        is_current: z.preprocess((value) => (isMissing(value) ? false : value), z.boolean({ error: F.notBoolean })),
        sort_order: sortOrder,
        cropped_info: z
          .unknown()
          .optional()
          .transform((value) => value ?? null),
        uploaded_at: date,
      }),
    ),
    articles: section(
      z
        .object({
          id,
          // Absent in backups from before slugs: made from the title (server/API.md §E19).
          slug: slugSchema.nullish(),
          title: requiredText(LIMITS.articleTitle),
          category: optionalText(LIMITS.articleCategory),
          tags: z.preprocess(
            (value) => (isMissing(value) ? '' : value),
            z.union([cleanString(), z.array(cleanString())], { error: F.notString }).transform((tags) => normalizeTags(tags)),
          ),
          cover: optionalText(LIMITS.articleCover).refine(isValidCover, F.coverInvalid),
          summary: optionalText(LIMITS.articleSummary, 'multiline'),
          content: optionalText(LIMITS.articleContent, 'markdown'),
          views: z.number({ error: F.nonNegativeInt }).int(F.nonNegativeInt).min(0, F.nonNegativeInt).nullish(),
          created_at: date,
          updated_at: date,
          // Absent in the original's backups, whose articles were all public (server/API.md §E8).
          status: z.enum(ARTICLE_STATUSES, { error: F.statusInvalid }).nullish(),
          publish_at: backupDateOr(undefined),
          import_source: importSource,
          // Absent in older backups (server/API.md §E23.11).
          notify_subscribers: z
            .boolean({ error: F.notBoolean })
            .nullish()
            .transform((notify) => (notify === false ? false : undefined)),
          subscribers_notified_at: backupDateOr(undefined),
        })
        .refine((article) => article.status !== 'scheduled' || article.publish_at !== undefined, {
          message: F.required,
          path: ['publish_at'],
        }),
    ),
    comments: section(
      z.object({
        id,
        article_id: id,
        author: requiredText(LIMITS.commentAuthor),
        email: optionalText(LIMITS.commentEmail),
        content: requiredText(LIMITS.commentContent, true),
        created_at: date,
        // Absent in backups from before replies and review (server/API.md §E12): a shown top-level comment.
        parent_id: id.nullish(),
        is_owner: z.boolean({ error: F.notBoolean }).nullish(),
        status: z.enum(COMMENT_STATUSES, { error: CM.commentStatusInvalid }).nullish(),
        held_reason: z.enum(COMMENT_HELD_REASONS, { error: CM.commentHeldReasonInvalid }).nullish(),
        import_source: importSource,
      }),
    ),
    // Absent in older backups: the stored settings stay as they are.
    comment_settings: commentSettingsSchema.optional(),
    // Absent in older backups: the stored redirects stay as they are (server/API.md §E19).
    redirects: z
      .unknown()
      .optional()
      .transform((value, ctx) => {
        if (value === undefined || value === null) return undefined;
        const checked = checkRedirects(value);
        if ('rules' in checked) return checked.rules;
        ctx.addIssue({ code: 'custom', message: checked.problem });
        return z.NEVER;
      }),
    // Absent in older backups: the stored days stay; a backup's day replaces the stored one of its date (server/API.md §E23.5).
    reader_stats: readerStatsSchema.nullish(),
    // Absent in older backups: the stored subscribers stay; present, it replaces them (server/API.md §E23.13).
    subscribers: z
      .array(
        z.object({
          id,
          email: cleanString({ error: F.notString })
            .trim()
            .toLowerCase()
            .refine((email) => z.email().safeParse(email).success, F.notString),
          created_at: date,
          confirmed_at: backupDateOr(undefined).transform((at) => at ?? null),
          confirm_sent_at: backupDateOr(undefined).transform((at) => at ?? null),
        }),
        { error: F.notArray },
      )
      .nullish(),
    files: z
      .record(
        z.string(),
        z.object({
          size: z.number({ error: F.nonNegativeInt }).int(F.nonNegativeInt).min(0, F.nonNegativeInt),
          sha256: z.string({ error: F.sha256Mismatch }).regex(/^[0-9a-f]{64}$/i, F.sha256Mismatch),
          base64: z.string({ error: F.base64Invalid }),
        }),
        { error: F.notObject },
      )
      .optional(),
  });
}

export type ParsedBackup = z.output<ReturnType<typeof backupSchema>>;
export type ParsedArticle = NonNullable<ParsedBackup['articles']>[number];

/** The section keys of a backup, in the order their problems are reported. */
export const BACKUP_SECTIONS = [
  'site_blocks',
  'skills',
  'contacts',
  'avatars',
  'articles',
  'comments',
] as const satisfies readonly BackupSectionName[];
export type BackupSection = BackupSectionName;

/** `articles[3].title` from zod's `['articles', 3, 'title']`. */
export function formatIssuePath(path: readonly PropertyKey[]): string {
  let text = '';
  for (const key of path) {
    if (typeof key === 'number') text += `[${key}]`;
    else text += text ? `.${String(key)}` : String(key);
  }
  return text || 'body';
}
