/**
 * The server-rendered article list pages (docs/spec.md §2.1, server/API.md §E16): `/articles`,
 * `/tags/{tag}` and `/categories/{category}`, each paged as `{base}/page/{n}`. One definition of
 * their addresses for the server (pages, feeds, sitemap) and the browser (links, routing).
 */

import { PublicUiMessages as M } from './messages/public-ui.messages.js';

/** Articles on one page of an archive, tag or category page. */
export const ARTICLE_LIST_PAGE_SIZE = 20;

/** Which articles a list page shows: every published one, or those of one tag or one category. */
export type ArticleListScope = { kind: 'all' } | { kind: 'tag'; name: string } | { kind: 'category'; name: string };

/** A list page's heading, in its `<title>` and in its feed's: 全部文章, 标签：{tag} or 分类：{category}. */
export function articleListTitle(scope: ArticleListScope): string {
  if (scope.kind === 'tag') return M.tagPageTitle(scope.name);
  if (scope.kind === 'category') return M.categoryPageTitle(scope.name);
  return M.allArticles;
}

/** `/tags/{tag}` of a tag as written, percent-encoded (Chinese included). */
export const tagPath = (tag: string): string => `/tags/${encodeURIComponent(tag)}`;

/** `/categories/{category}` of a category as written, percent-encoded. */
export const categoryPath = (category: string): string => `/categories/${encodeURIComponent(category)}`;

/** The first page of a scope's list. */
export function articleListPath(scope: ArticleListScope): string {
  if (scope.kind === 'tag') return tagPath(scope.name);
  if (scope.kind === 'category') return categoryPath(scope.name);
  return '/articles';
}

/** Page `page` of a scope's list: the first page has no `/page/1` (one address per page). */
export function articleListPagePath(scope: ArticleListScope, page: number): string {
  const base = articleListPath(scope);
  return page > 1 ? `${base}/page/${page}` : base;
}

/** The RSS feed of one tag or category (server/API.md §E16). */
export const articleListFeedPath = (scope: Exclude<ArticleListScope, { kind: 'all' }>): string =>
  `${articleListPath(scope)}/rss.xml`;

/** Decodes one percent-encoded path segment; `undefined` when it is malformed or empty. */
function decodeSegment(segment: string): string | undefined {
  try {
    const decoded = decodeURIComponent(segment);
    return decoded === '' ? undefined : decoded;
  } catch {
    return undefined;
  }
}

/** `/page/{n}` of a page after the first; `/page/1`, `/page/01` and `/page/0` are not pages. */
const PAGE_SUFFIX = '(?:/page/([2-9]|[1-9]\\d{1,8}))?/?';
const ARCHIVE_PATH = new RegExp(`^/articles${PAGE_SUFFIX}$`);
const SCOPED_PATH = new RegExp(`^/(tags|categories)/([^/]+)${PAGE_SUFFIX}$`);

/** A list page's address read back: its scope and page, or `null` when `path` is no list page. */
export function parseArticleListPath(path: string): { scope: ArticleListScope; page: number } | null {
  const archive = ARCHIVE_PATH.exec(path);
  if (archive) return { scope: { kind: 'all' }, page: Number(archive[1] ?? 1) };
  const scoped = SCOPED_PATH.exec(path);
  if (!scoped) return null;
  const name = decodeSegment(scoped[2] ?? '');
  if (name === undefined) return null;
  return { scope: { kind: scoped[1] === 'tags' ? 'tag' : 'category', name }, page: Number(scoped[3] ?? 1) };
}

/** The tag or category of a feed address `/tags/{tag}/rss.xml` or `/categories/{category}/rss.xml`. */
export function parseArticleListFeedPath(path: string): Exclude<ArticleListScope, { kind: 'all' }> | null {
  const match = /^\/(tags|categories)\/([^/]+)\/rss\.xml$/.exec(path);
  const name = match ? decodeSegment(match[2] ?? '') : undefined;
  if (!match || name === undefined) return null;
  return { kind: match[1] === 'tags' ? 'tag' : 'category', name };
}

/**
 * Article addresses `/articles/{x}` must never be read as list pages: `page` is the one segment the
 * archive's paging takes, so it is reserved (no article slug may be `page`).
 */
export const RESERVED_ARTICLE_SEGMENTS: readonly string[] = ['page'];
