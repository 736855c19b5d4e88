/**
 * Article slugs (server/API.md §E19): the one part of an article's address `/articles/{slug}`
 * that the owner may edit. The server makes one from the title when an article is created; the
 * rules here are checked by the server and by the editors as the owner types.
 */
import { z } from 'zod';
import './messages/zod-issues.js';
import { RESERVED_ARTICLE_SEGMENTS } from './article-lists.js';
import { AddressMessages as M } from './messages/addresses.messages.js';

export const SLUG_MAX_LENGTH = 100;

/** Lowercase ASCII letters, digits and hyphens, neither starting nor ending with a hyphen. */
const SLUG_PATTERN = /^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/;

/** Why a slug is refused, in Chinese; `null` when it is a slug an article may take. */
export function slugProblem(slug: string): string | null {
  if (slug === '') return M.slugRequired;
  if (slug.length > SLUG_MAX_LENGTH) return M.slugTooLong(SLUG_MAX_LENGTH);
  if (!SLUG_PATTERN.test(slug)) return M.slugCharacters;
  // `/articles/{digits}` is the old address by id, which answers 301 to the slug address.
  if (/^\d+$/.test(slug)) return M.slugDigitsOnly;
  if (RESERVED_ARTICLE_SEGMENTS.includes(slug)) return M.slugReserved(slug);
  return null;
}

/** A slug sent by a client: trimmed, then held to {@link slugProblem}. */
export const slugSchema = z
  .string({ error: M.slugNotString })
  .trim()
  .superRefine((slug, ctx) => {
    const problem = slugProblem(slug);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

/** The body of `PUT /api/admin/articles/{id}/slug`. */
export const articleSlugChangeSchema = z.object({ slug: slugSchema }, { error: M.slugRequired });
