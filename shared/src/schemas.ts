import { z } from 'zod';
import {
  BLOCK_NAME_PATTERN,
  CONTACT_DEFAULT_TYPE,
  CONTACT_TYPE_PATTERN,
  IDEMPOTENCY_KEY_PATTERN,
  LIMITS,
  SKILL_DEFAULT_LEVEL,
} from './constants.js';
import { cleanString } from './clean-text.js';
// Installs the Chinese error map and the eval-free parsers before any schema is used.
import './messages/zod-issues.js';
import { CommentConversationMessages as CM, ServerMessages as M, SubscriberMessages as SM } from './messages/index.js';
import { slugSchema } from './slugs.js';
import { normalizeTags, tagsAreWellFormed } from './tags.js';
import { parseIsoTimestamp } from './timestamps.js';
import { ARTICLE_STATUSES, COMMENT_MODERATIONS, COMMENT_SETTINGS_LIMITS } from './types.js';

/**
 * Request schemas for every JSON body of the API (server/API.md §2). Each rule carries the Chinese message the
 * contract names, so a failed parse can be turned into the 400 envelope without a lookup.
 */

const trimmedString = (messages: { type: string }) => cleanString({ error: messages.type }).trim();

export const loginSchema = z.object({
  username: cleanString({ error: M.loginFieldsRequired }).trim().min(1, M.loginFieldsRequired),
  password: cleanString({ error: M.loginFieldsRequired }).min(1, M.loginFieldsRequired),
  remember: z.boolean({ error: M.badRequest }).optional().default(false),
});
export type LoginRequest = z.infer<typeof loginSchema>;

const blockContentSchema = z.record(
  cleanString(),
  z.union(
    [
      cleanString({ error: M.blockContentValueNotString, multiline: true }).max(
        LIMITS.siteBlockValue,
        M.blockContentValueTooLong,
      ),
      z.null(),
    ],
    {
      error: M.blockContentValueNotString,
    },
  ),
  { error: M.blockContentNotObject },
);

export const siteBlocksPutSchema = z.object({
  blocks: z
    .array(
      z.object({
        name: cleanString({ error: M.blockNameInvalid }).regex(BLOCK_NAME_PATTERN, M.blockNameInvalid),
        content: blockContentSchema,
      }),
      { error: M.blocksEmpty },
    )
    .min(1, M.blocksEmpty)
    .max(LIMITS.siteBlocksPerPut, M.badRequest),
});
export type SiteBlocksPutRequest = z.infer<typeof siteBlocksPutSchema>;

const skillName = trimmedString({ type: M.skillNameRequired })
  .min(1, M.skillNameRequired)
  .max(LIMITS.skillName, M.skillNameTooLong);
const skillDescription = cleanString({ error: M.skillDescriptionTooLong, multiline: true }).max(
  LIMITS.skillDescription,
  M.skillDescriptionTooLong,
);
const skillLevel = z
  .number({ error: M.skillLevelInvalid })
  .int(M.skillLevelInvalid)
  .min(0, M.skillLevelInvalid)
  .max(100, M.skillLevelInvalid);

export const skillCreateSchema = z.object({
  name: skillName,
  description: skillDescription.optional().default(''),
  level: skillLevel.optional().default(SKILL_DEFAULT_LEVEL),
});
export const skillUpdateSchema = z.object({
  name: skillName.optional(),
  description: skillDescription.optional(),
  level: skillLevel.optional(),
});
export type SkillCreateRequest = z.infer<typeof skillCreateSchema>;
export type SkillUpdateRequest = z.infer<typeof skillUpdateSchema>;

const contactType = cleanString({ error: M.contactTypeInvalid }).trim().regex(CONTACT_TYPE_PATTERN, M.contactTypeInvalid);
const contactValue = trimmedString({ type: M.contactValueRequired })
  .min(1, M.contactValueRequired)
  .max(LIMITS.contactValue, M.contactValueTooLong);

export const contactCreateSchema = z.object({
  type: contactType.optional().default(CONTACT_DEFAULT_TYPE),
  value: contactValue,
});
export const contactUpdateSchema = z.object({ type: contactType.optional(), value: contactValue.optional() });
export type ContactCreateRequest = z.infer<typeof contactCreateSchema>;
export type ContactUpdateRequest = z.infer<typeof contactUpdateSchema>;

export const orderSchema = z.object({
  ids: z
    .array(z.number({ error: M.orderIdsInvalid }).int(M.orderIdsInvalid).positive(M.orderIdsInvalid), {
      error: M.orderIdsInvalid,
    })
    .refine((ids) => new Set(ids).size === ids.length, M.orderIdsInvalid),
});
export type OrderRequest = z.infer<typeof orderSchema>;

export const batchDeleteSchema = z.object({
  ids: z
    .array(z.number({ error: M.idsRequired }).int(M.idsRequired).positive(M.idsRequired), { error: M.idsRequired })
    .min(1, M.idsRequired)
    .max(LIMITS.batchDeleteIds, M.idsRequired),
});

/** `tags` arrives as a comma string or a string array and leaves as the normalised list. */
export const articleTagsSchema = z
  .union([cleanString(), z.array(cleanString())], { error: M.tagsInvalid })
  .refine(tagsAreWellFormed, M.tagsInvalid)
  .transform((tags) => normalizeTags(tags))
  .refine((tags) => tags.length <= LIMITS.articleTags, `标签不能超过${LIMITS.articleTags}个`)
  .refine(
    (tags) => tags.every((tag) => tag.length <= LIMITS.articleTagLength),
    `单个标签不能超过${LIMITS.articleTagLength}个字符`,
  )
  .refine((tags) => tags.join(',').length <= LIMITS.articleTagsJoined, `标签总长度不能超过${LIMITS.articleTagsJoined}个字符`);

export function isValidCover(cover: string): boolean {
  if (cover === '') return true;
  if (cover.length > LIMITS.articleCover) return false;
  if (/^https?:\/\//i.test(cover)) {
    try {
      new URL(cover);
      return true;
    } catch {
      return false;
    }
  }
  return cover.startsWith('/') && !cover.startsWith('//') && !/[\s\\]/.test(cover) && !cover.split('/').includes('..');
}

/** Title and body as typed: an autosave may hold them empty, a saved article may not. */
const articleTitleText = cleanString({ error: M.titleAndContentRequired }).trim().max(LIMITS.articleTitle, M.titleTooLong);
const articleContentText = cleanString({ error: M.titleAndContentRequired, multiline: true }).refine(
  (text) => text.length <= LIMITS.articleContent,
  '正文不能超过1000000个字符',
);
const articleTitle = articleTitleText.min(1, M.titleAndContentRequired);
const articleContent = articleContentText.refine((text) => text.trim().length > 0, M.titleAndContentRequired);
const articleCategory = cleanString({ error: M.categoryInvalid })
  .trim()
  .max(LIMITS.articleCategory, M.categoryTooLong)
  .refine((category) => !category.includes(','), M.categoryNoComma);
const articleSummary = cleanString({ error: M.summaryTooLong, multiline: true })
  .trim()
  .max(LIMITS.articleSummary, M.summaryTooLong);
const articleCover = cleanString({ error: M.coverInvalid }).trim().refine(isValidCover, M.coverInvalid);

/** Legacy clients send `null` for empty optional strings; treat that as "". */
const nullAsEmpty = <T extends z.ZodType>(schema: T) => z.preprocess((value) => (value === null ? '' : value), schema);

/**
 * A timestamp a client may set on create (server/API.md §E4): ISO 8601, a date (`2024-01-15`, UTC
 * midnight) or a date-time with its zone (`Z` or `+08:00`); stored as a server/API.md §1.4 timestamp.
 * `null` and `""` mean absent, as for the other optional fields of legacy clients.
 */
const clientTimestamp = (message: string) =>
  z.preprocess(
    (value) => (value === null || value === '' ? undefined : value),
    cleanString({ error: message })
      .transform((text, ctx) => {
        const timestamp = parseIsoTimestamp(text.trim());
        if (timestamp === undefined) ctx.addIssue({ code: 'custom', message });
        return timestamp ?? '';
      })
      .optional(),
  );

/** `draft`, `scheduled` or `published` (server/API.md §E8). */
export const articleStatusSchema = z.enum(ARTICLE_STATUSES, { error: M.articleStatusInvalid });

/**
 * Status and schedule as a POST or PUT may send them (server/API.md §E8). Both are optional: the
 * original client sends neither. Whether `publish_at` fits the status (in the future for
 * `scheduled`) depends on the server's clock and the stored article, so the server checks that.
 */
const articlePublicationFields = {
  status: articleStatusSchema.optional(),
  publish_at: clientTimestamp(M.publishAtInvalid),
  // Absent keeps the stored choice; `false` is 不通知订阅者 (server/API.md §E23.11).
  notify_subscribers: z.boolean({ error: SM.notifyInvalid }).optional(),
};

/** The fields of a new article, with the rule for its title and body given by the caller. */
const articleCreateFields = <Title extends z.ZodType<string>, Content extends z.ZodType<string>>(
  title: Title,
  content: Content,
) =>
  z
    .object({
      title,
      content,
      category: nullAsEmpty(articleCategory).optional().default(''),
      tags: nullAsEmpty(articleTagsSchema).optional().default([]),
      summary: nullAsEmpty(articleSummary).optional().default(''),
      cover: nullAsEmpty(articleCover).optional().default(''),
      // Made from the title when absent; a taken one gets `-2`, `-3` (server/API.md §E19).
      slug: slugSchema.optional(),
      // Kept by imports (the desktop's folder import sends the front matter's date and updated).
      created_at: clientTimestamp(M.createdAtInvalid),
      updated_at: clientTimestamp(M.updatedAtInvalid),
      ...articlePublicationFields,
    })
    .refine(
      // Both are normalised to the same format, so text order is time order.
      (article) => !article.created_at || !article.updated_at || article.updated_at >= article.created_at,
      { message: M.updatedBeforeCreated, path: ['updated_at'] },
    );

/** An article readers may see (now or at its time) needs a title and a body. */
const publishableCreateSchema = articleCreateFields(articleTitle, articleContent);
/** A draft needs one of them: an owner starts with a title or with a paragraph (server/API.md §E8). */
const draftCreateSchema = articleCreateFields(articleTitleText, articleContentText).refine(
  (draft) => draft.title !== '' || draft.content.trim() !== '',
  { message: M.draftNeedsTitleOrContent, path: ['title'] },
);

const asksForDraft = (body: unknown): boolean =>
  typeof body === 'object' && body !== null && (body as { status?: unknown }).status === 'draft';

/**
 * A new article (server/API.md §9.2, §E8): checked as a draft when it says `status: "draft"`,
 * else as an article to publish. One schema per case keeps each one's issues in field order.
 */
export const articleCreateSchema = z.unknown().transform((body, ctx) => {
  const checked = (asksForDraft(body) ? draftCreateSchema : publishableCreateSchema).safeParse(body);
  if (checked.success) return checked.data;
  for (const { message, path } of checked.error.issues) ctx.addIssue({ code: 'custom', message, path });
  return z.NEVER;
});
/**
 * A change to an article. The title or body may be emptied only on a draft: whether the article
 * is one after the change depends on the stored article, so the server checks the result.
 */
export const articleUpdateSchema = z.object({
  title: articleTitleText.optional(),
  content: articleContentText.optional(),
  category: nullAsEmpty(articleCategory).optional(),
  tags: nullAsEmpty(articleTagsSchema).optional(),
  summary: nullAsEmpty(articleSummary).optional(),
  cover: nullAsEmpty(articleCover).optional(),
  // A new slug keeps the old address working: it answers 301 (server/API.md §E19).
  slug: slugSchema.optional(),
  ...articlePublicationFields,
});
export type ArticleCreateRequest = z.infer<typeof articleCreateSchema>;

/** A field the autosave must hold: absent, it is refused with its name (the autosave holds all six). */
const autosaveField = <T extends z.ZodType>(name: string, schema: T) =>
  z
    .unknown()
    .refine((value): boolean => value !== undefined, { message: M.autosaveFieldMissing(name), abort: true })
    .pipe(schema);

/**
 * The editor's unsaved fields (server/API.md §E9): all six, checked like a PUT, except that the
 * title and body may be empty while the owner is typing. `base_revision` is the article revision
 * the editor started from.
 */
export const articleAutosaveSchema = z.object({
  title: autosaveField('title', articleTitleText),
  category: autosaveField('category', nullAsEmpty(articleCategory)),
  tags: autosaveField('tags', nullAsEmpty(articleTagsSchema)),
  summary: autosaveField('summary', nullAsEmpty(articleSummary)),
  cover: autosaveField('cover', nullAsEmpty(articleCover)),
  content: autosaveField('content', articleContentText),
  base_revision: z
    .number({ error: M.autosaveBaseRevisionInvalid })
    .int(M.autosaveBaseRevisionInvalid)
    .positive(M.autosaveBaseRevisionInvalid),
});
export type ArticleAutosaveRequest = z.infer<typeof articleAutosaveSchema>;

/**
 * The optional body of a version's restore (server/API.md §E10.3): `into: "autosave"` puts the
 * version in the editor's autosave for the owner to check, leaving the article as readers see it.
 */
export const revisionRestoreSchema = z.object({
  into: z.enum(['article', 'autosave'], { error: M.restoreIntoInvalid }).optional().default('article'),
});
export type RevisionRestoreRequest = z.infer<typeof revisionRestoreSchema>;

/** The `Idempotency-Key` header of an article creation (server/API.md §E2). */
export const idempotencyKeySchema = z.string().regex(IDEMPOTENCY_KEY_PATTERN, M.idempotencyKeyInvalid);
export type ArticleUpdateRequest = z.infer<typeof articleUpdateSchema>;

const diagramSvg = cleanString({ error: M.diagramSvgRequired, multiline: true })
  .min(1, M.diagramSvgRequired)
  .refine((svg) => new TextEncoder().encode(svg).length <= LIMITS.diagramSvgBytes, M.diagramSvgTooLarge);

/**
 * One Mermaid diagram of an article, drawn by the admin in both themes, so visitors get an image
 * instead of running Mermaid. `source` is the fence's text exactly as the Markdown holds it.
 */
export const diagramRenderingSchema = z.object({
  source: cleanString({ error: M.diagramSourceRequired, multiline: true })
    .min(1, M.diagramSourceRequired)
    .max(LIMITS.articleContent, M.diagramSourceRequired),
  light: diagramSvg,
  dark: diagramSvg,
});
export type DiagramRenderingRequest = z.infer<typeof diagramRenderingSchema>;

export const aiAnalyzeSchema = z.object({
  title: cleanString({ error: M.aiNeedsTitleAndContent }).trim().min(1, M.aiNeedsTitleAndContent),
  content: cleanString({ error: M.aiNeedsTitleAndContent, multiline: true }).trim().min(1, M.aiNeedsTitleAndContent),
  summary: cleanString({ multiline: true })
    .nullish()
    .transform((summary) => summary?.trim() ?? ''),
});
export type AiAnalyzeRequest = z.infer<typeof aiAnalyzeSchema>;

export const commentCreateSchema = z.object({
  author: cleanString({ error: M.commentFieldsRequired, visitor: 'nickname' })
    .trim()
    .min(1, M.commentFieldsRequired)
    .max(LIMITS.commentAuthor, M.commentAuthorTooLong),
  content: cleanString({ error: M.commentFieldsRequired, multiline: true, visitor: 'body' })
    .trim()
    .min(1, M.commentFieldsRequired)
    .max(LIMITS.commentContent, M.commentContentTooLong),
  email: cleanString({ error: M.commentEmailInvalid })
    .trim()
    .max(LIMITS.commentEmail, M.commentEmailInvalid)
    .refine((email) => email === '' || z.email().safeParse(email).success, M.commentEmailInvalid)
    .nullish()
    .transform((email) => email ?? ''),
  /** The comment it answers (server/API.md §E12); absent or null for a top-level comment. */
  parent_id: z
    .number({ error: CM.parentMissing })
    .int(CM.parentMissing)
    .min(1, CM.parentMissing)
    .nullish()
    .transform((parentId) => parentId ?? null),
});
export type CommentCreateRequest = z.infer<typeof commentCreateSchema>;

/** `POST /api/admin/comments/{id}/replies`: the owner's answer (server/API.md §E12). */
export const ownerReplySchema = z.object({
  content: cleanString({ error: CM.replyContentRequired, multiline: true })
    .trim()
    .min(1, CM.replyContentRequired)
    .max(LIMITS.commentContent, CM.replyContentTooLong),
});
export type OwnerReplyRequest = z.infer<typeof ownerReplySchema>;

/** A settings list: entries trimmed, empty ones and repeats (any case) dropped, bounded in count and length. */
function settingsList(messages: { invalid: string; tooMany: string; tooLong: string }) {
  return z
    .array(cleanString({ error: messages.invalid }).trim().max(COMMENT_SETTINGS_LIMITS.entryChars, messages.tooLong), {
      error: messages.invalid,
    })
    .transform((entries) => {
      const seen = new Set<string>();
      return entries.filter((entry) => {
        const key = entry.toLowerCase();
        if (entry === '' || seen.has(key)) return false;
        seen.add(key);
        return true;
      });
    })
    .refine((entries) => entries.length <= COMMENT_SETTINGS_LIMITS.entries, messages.tooMany);
}

/** `PUT /api/admin/settings/comments` (server/API.md §E12); the stored settings file is read with it too. */
export const commentSettingsSchema = z.object({
  moderation: z.enum(COMMENT_MODERATIONS, { error: CM.moderationInvalid }),
  blocked_words: settingsList({
    invalid: CM.blockedWordsInvalid,
    tooMany: CM.blockedWordsTooMany,
    tooLong: CM.blockedWordTooLong,
  }),
  blocked_addresses: settingsList({
    invalid: CM.blockedAddressesInvalid,
    tooMany: CM.blockedAddressesTooMany,
    tooLong: CM.blockedAddressTooLong,
  }),
});

const positiveIntParam = z
  .string()
  .regex(/^\d+$/, M.invalidPagination)
  .transform(Number)
  .pipe(z.number().int(M.invalidPagination).min(1, M.invalidPagination));

/** Query pagination of server/API.md §1.4: defaults per endpoint, capped at 100, 400 below 1 or not integer. */
export function paginationSchema(defaultPerPage: number) {
  return z.object({
    page: positiveIntParam.optional().default(1),
    per_page: positiveIntParam
      .optional()
      .default(defaultPerPage)
      .transform((perPage) => Math.min(perPage, 100)),
  });
}
