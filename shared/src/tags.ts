import { LIMITS, TAGS_PATTERN, TAG_DISALLOWED_CHARS } from './constants.js';

/**
 * Normalises tags as server/API.md §9.1 says: split on commas, trim, drop empties, keep the first of
 * duplicates. Accepts the admin's comma string or the public array form.
 */
export function normalizeTags(input: string | readonly string[]): string[] {
  const parts = typeof input === 'string' ? input.split(',') : input.flatMap((tag) => tag.split(','));
  const seen = new Set<string>();
  const tags: string[] = [];
  for (const part of parts) {
    const tag = part.trim();
    if (tag && !seen.has(tag)) {
      seen.add(tag);
      tags.push(tag);
    }
  }
  return tags;
}

export function tagsAreWellFormed(input: string | readonly string[]): boolean {
  const joined = typeof input === 'string' ? input : input.join(',');
  return TAGS_PATTERN.test(joined);
}

/** Turns any text into a tag that passes the 9.1 rule, or '' when nothing usable is left. */
export function sanitizeTag(text: string): string {
  return text.replace(TAG_DISALLOWED_CHARS, '').replace(/\s+/g, ' ').trim().slice(0, LIMITS.articleTagLength);
}

export function tagsFromCommaString(tags: string): string[] {
  return normalizeTags(tags);
}
