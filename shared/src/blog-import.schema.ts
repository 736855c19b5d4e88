/**
 * The `options` of `POST /api/admin/imports` (server/API.md §E21), checked with one schema by
 * the server and the import screens.
 */
import { z } from 'zod';
import './messages/zod-issues.js';
import type { BlogImportOptions } from './blog-import.js';
import { LIMITS } from './constants.js';
import { BlogImportJobMessages as M } from './messages/blog-import-job.messages.js';

/** The largest import file (a static site's zip with its images): 200 MB, as a backup (server/API.md §E21). */
export const BLOG_IMPORT_MAX_BYTES = 200 * 1024 * 1024;

const PERMALINK_MAX_LENGTH = 200;
const SITE_URL_MAX_LENGTH = 2000;

function isWebAddress(text: string): boolean {
  if (!/^https?:\/\//i.test(text)) return false;
  try {
    return new URL(text).hostname !== '';
  } catch {
    return false;
  }
}

/** An optional text field: absent, `null` and `''` (after trimming) all mean "not given". */
const optionalText = (check: z.ZodType<string>) =>
  z.preprocess(
    (value) => (value === null || (typeof value === 'string' && value.trim() === '') ? undefined : value),
    check.optional(),
  );

export const blogImportOptionsSchema: z.ZodType<BlogImportOptions, unknown> = z
  .object(
    {
      site_url: optionalText(
        z
          .string({ error: M.siteUrlInvalid })
          .trim()
          .max(SITE_URL_MAX_LENGTH, M.siteUrlInvalid)
          .refine(isWebAddress, M.siteUrlInvalid)
          .transform((url) => url.replace(/\/+$/, '')),
      ),
      pages_category: optionalText(
        z
          .string({ error: M.pagesCategoryTooLong(LIMITS.articleCategory) })
          .trim()
          .max(LIMITS.articleCategory, M.pagesCategoryTooLong(LIMITS.articleCategory)),
      ),
      permalink: optionalText(
        z
          .string({ error: M.permalinkInvalid })
          .trim()
          .max(PERMALINK_MAX_LENGTH, M.permalinkInvalid)
          .refine((pattern) => pattern.startsWith('/') && !/[\s?#\\]/.test(pattern), M.permalinkInvalid),
      ),
    },
    { error: M.optionsNotJson },
  )
  .transform((options) => {
    const result: BlogImportOptions = {};
    if (options.site_url !== undefined) result.site_url = options.site_url;
    if (options.pages_category !== undefined) result.pages_category = options.pages_category;
    if (options.permalink !== undefined) result.permalink = options.permalink;
    return result;
  });
