import { z } from 'zod';
// Every module that builds a schema loads zod's Chinese messages and CSP-safe mode with it: the
// package is marked side-effect free except for that file, so a page that needs no schema loads no zod.
import './messages/zod-issues.js';
import { stripBodyDisguises, stripNicknameInvisibles } from './visitor-text.js';

/**
 * Text cleaning for every string the API accepts, in one place. Control characters are removed
 * (they are invisible, break XML 1.0 feeds and sitemaps, and serve only to disguise text), tab
 * and newline are kept where a field is multi-line, and the two noncharacters U+FFFE/U+FFFF go
 * too. A lone UTF-16 surrogate cannot be repaired without guessing, so it is refused.
 */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL_SINGLE_LINE = /[\u0000-\u001F\u007F-\u009F\uFFFE\uFFFF]/g;
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL_MULTI_LINE = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\uFFFE\uFFFF]/g;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Refused with this message (the field path is added by the issue formatter). */
export const TEXT_LONE_SURROGATE_MESSAGE = '包含无效的字符（孤立的代理项）';

export function hasLoneSurrogate(text: string): boolean {
  return LONE_SURROGATE.test(text);
}

/** Removes control characters; multi-line text keeps tab and newline (CRLF becomes LF). */
export function stripControlCharacters(text: string, multiline: boolean): string {
  if (!multiline) return text.replace(CONTROL_SINGLE_LINE, '');
  return text.replace(/\r\n?/g, '\n').replace(CONTROL_MULTI_LINE, '');
}

export interface CleanStringOptions {
  /** Message when the value is not a string (or absent), or a function choosing one. */
  error?: string | ((issue: { input: unknown }) => string);
  /** Keep newlines and tabs (Markdown, about texts, comments, summaries). */
  multiline?: boolean;
  /**
   * Text a visitor writes for others to read (see visitor-text.ts): a `nickname` loses every
   * invisible character, a `body` the characters that reorder or hide text.
   */
  visitor?: 'nickname' | 'body';
}

const VISITOR_TEXT_RULES = { nickname: stripNicknameInvisibles, body: stripBodyDisguises } as const;

/**
 * A zod string that refuses lone surrogates and removes control characters before the rest of
 * the chain (`.trim()`, `.min()`, `.max()`, ...) runs. Every request schema builds its strings
 * with this, so no field can store text that breaks a page, a feed or the sitemap.
 */
export function cleanString(options: CleanStringOptions = {}) {
  const base = options.error === undefined ? z.string() : z.string({ error: options.error });
  return base
    .refine((text) => !hasLoneSurrogate(text), { message: TEXT_LONE_SURROGATE_MESSAGE, abort: true })
    .overwrite((text) => {
      const cleaned = stripControlCharacters(text, options.multiline === true);
      return options.visitor === undefined ? cleaned : VISITOR_TEXT_RULES[options.visitor](cleaned);
    });
}
