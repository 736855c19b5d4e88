/**
 * Redirects the owner manages (server/API.md §E19): old addresses on this site sent on to new
 * ones. One set of rules for the server (`PUT /api/admin/redirects`, backup import) and the
 * admin's 重定向 screen, which checks the rows as they are typed.
 */
import { z } from 'zod';
import './messages/zod-issues.js';
import { AddressMessages as M } from './messages/addresses.messages.js';

export const REDIRECT_STATUSES = [301, 302] as const;
export type RedirectStatus = (typeof REDIRECT_STATUSES)[number];

export interface RedirectRule {
  /** A path on this site, as the owner wrote it. */
  from: string;
  /** A path on this site or an absolute http(s) URL. */
  to: string;
  status: RedirectStatus;
}

/** `data` of `GET` and `PUT /api/admin/redirects`. */
export interface RedirectList {
  redirects: RedirectRule[];
}

export const REDIRECTS_MAX = 10_000;
const FROM_MAX_LENGTH = 1000;
const TO_MAX_LENGTH = 2000;

/** Whitespace and control characters (C0, DEL, C1, and the Unicode line and paragraph separators). */
// eslint-disable-next-line no-control-regex
const UNSAFE_CHARACTERS = /[\s\u0000-\u001f\u007f-\u009f\u2028\u2029]/u;

/**
 * Folio's own addresses: the landing page and the paths its server and admin answer. A redirect
 * from one of them could never apply, so it is refused rather than kept unused.
 */
const RESERVED_FROM = /^\/(?:$|index\.html$|(?:admin|api|uploads|socket\.io|preview)(?:\/|$))/;

/**
 * A legacy query address: the landing page's path with a query, as WordPress's `/?p=123` and
 * `/?page_id=7`. Only the path `/` may carry one; `#` never reaches a server (server/API.md §E21).
 */
const QUERY_FROM = /^\/\?[^#]+$/;

/**
 * The address a request is matched by when a rule from `/?…` may apply: the landing page's path
 * with its query (`/?p=123`), `null` for any other request. The landing page without a query is
 * never redirected.
 */
export function legacyQueryAddress(path: string, querystring: string): string | null {
  return path === '/' && querystring !== '' ? `/?${querystring}` : null;
}

/**
 * A site path in the one form redirects are matched in: percent-decoded where that is valid
 * UTF-8, without a trailing slash (`/2020/05/hello/` and `/2020/05/hello` are one address).
 */
export function normalizeSitePath(path: string): string {
  let decoded = path;
  try {
    decoded = decodeURI(path);
  } catch {
    // A malformed escape stays as written: it can only match the same text.
  }
  return decoded.length > 1 ? decoded.replace(/\/+$/, '') || '/' : decoded;
}

/** A path on this site: `/…`, never `//…` nor `/\…`, which browsers read as another host. */
function isSitePath(text: string, maxLength: number): boolean {
  return (
    text.length <= maxLength &&
    text.startsWith('/') &&
    !text.startsWith('//') &&
    !text.includes('\\') &&
    !UNSAFE_CHARACTERS.test(text)
  );
}

function isAbsoluteWebUrl(text: string): boolean {
  if (text.length > TO_MAX_LENGTH || UNSAFE_CHARACTERS.test(text) || !/^https?:\/\//i.test(text)) return false;
  try {
    const url = new URL(text);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}

/** The problem of one rule (`n` counts from 1), or the rule as stored. */
function checkRule(value: unknown, n: number): { rule: RedirectRule } | { problem: string } {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return { problem: M.redirectNotObject(n) };
  const { from, to, status } = value as Record<string, unknown>;
  const fromPath = typeof from === 'string' ? from.trim() : '';
  const legacyQuery = QUERY_FROM.test(fromPath);
  if (typeof from !== 'string' || !isSitePath(fromPath, FROM_MAX_LENGTH) || (!legacyQuery && /[?#]/.test(fromPath))) {
    return { problem: M.redirectFromInvalid(n) };
  }
  // `/?p=123` is no page of Folio's: the landing page itself (no query) stays reserved.
  if (!legacyQuery && RESERVED_FROM.test(normalizeSitePath(fromPath))) return { problem: M.redirectFromReserved(n, fromPath) };
  if (typeof to !== 'string' || !(isSitePath(to.trim(), TO_MAX_LENGTH) || isAbsoluteWebUrl(to.trim()))) {
    return { problem: M.redirectToInvalid(n) };
  }
  const statusValue = status === undefined || status === null ? 301 : status;
  if (!REDIRECT_STATUSES.includes(statusValue as RedirectStatus)) return { problem: M.redirectStatusInvalid(n) };
  return { rule: { from: fromPath, to: to.trim(), status: statusValue as RedirectStatus } };
}

/** The first loop among the rules' site-internal targets, as `/a → /b → /a`; `null` when none. */
function findLoop(rules: readonly RedirectRule[]): string | null {
  const next = new Map(
    rules.map((rule) => [normalizeSitePath(rule.from), rule.to.startsWith('/') ? normalizeSitePath(rule.to) : null]),
  );
  const cleared = new Set<string>();
  for (const start of next.keys()) {
    const chain: string[] = [];
    const seen = new Set<string>();
    let at: string | null | undefined = start;
    while (at !== null && at !== undefined && next.has(at) && !cleared.has(at)) {
      if (seen.has(at)) return [...chain.slice(chain.indexOf(at)), at].join(' → ');
      seen.add(at);
      chain.push(at);
      at = next.get(at);
    }
    for (const path of chain) cleared.add(path);
  }
  return null;
}

/**
 * Checks a whole list of redirects: each rule, then duplicates (two rules from one address) and
 * loops. Resolves with the rules as stored (trimmed, `status` 301 when left out) or the first
 * problem, in Chinese, naming the rule.
 */
export function checkRedirects(value: unknown): { rules: RedirectRule[] } | { problem: string } {
  if (!Array.isArray(value)) return { problem: M.redirectsNotList };
  if (value.length > REDIRECTS_MAX) return { problem: M.redirectsTooMany(REDIRECTS_MAX) };
  const rules: RedirectRule[] = [];
  const firstFrom = new Map<string, number>();
  for (const [index, item] of value.entries()) {
    const checked = checkRule(item, index + 1);
    if ('problem' in checked) return checked;
    const key = normalizeSitePath(checked.rule.from);
    const first = firstFrom.get(key);
    if (first !== undefined) return { problem: M.redirectDuplicate(index + 1, first, checked.rule.from) };
    firstFrom.set(key, index + 1);
    rules.push(checked.rule);
  }
  const loop = findLoop(rules);
  return loop ? { problem: M.redirectLoop(loop) } : { rules };
}

/** The body of `PUT /api/admin/redirects`: `{ "redirects": [...] }`, checked by {@link checkRedirects}. */
export const redirectsPutSchema = z.object({ redirects: z.unknown() }, { error: M.redirectsNotList }).transform((body, ctx) => {
  const checked = checkRedirects(body.redirects);
  if ('rules' in checked) return { redirects: checked.rules };
  ctx.addIssue({ code: 'custom', message: checked.problem, path: ['redirects'] });
  return z.NEVER;
});
