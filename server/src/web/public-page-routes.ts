import { parseArticleListPath } from '@folio/shared';
import type { ArticleListScope } from '@folio/shared';

/** A server-rendered public page, by what it shows. */
export type PublicPageRoute =
  | { kind: 'landing' }
  | { kind: 'article'; slug: string }
  /** `/articles/{id}`, the address before slugs: 301 to the article's slug address (server/API.md §E19). */
  | { kind: 'article-by-id'; id: number }
  | { kind: 'article-list'; scope: ArticleListScope; page: number }
  | { kind: 'not-found' };

const ARTICLE_ID_PATH = /^\/articles\/([1-9]\d{0,15})\/?$/;
/** A slug as `slugProblem` allows it, so any other segment is no article and costs no lookup. */
const ARTICLE_SLUG_PATH = /^\/articles\/([a-z0-9][a-z0-9-]{0,99})\/?$/;

/** The landing page, an article page or an article list page: paths no API route or built file shares. */
export function knownPageRoute(path: string): PublicPageRoute | null {
  if (path === '/' || path === '/index.html') return { kind: 'landing' };
  const byId = ARTICLE_ID_PATH.exec(path);
  if (byId) return { kind: 'article-by-id', id: Number(byId[1]) };
  // Before the article: `/articles/page/{n}` is a list page (`page` is no slug).
  const list = parseArticleListPath(path);
  if (list) return { kind: 'article-list', ...list };
  const bySlug = ARTICLE_SLUG_PATH.exec(path);
  return bySlug ? { kind: 'article', slug: bySlug[1] ?? '' } : null;
}

/** Which public page a path is: `null` for the admin screens, which the browser renders. */
export function publicPageRoute(path: string): PublicPageRoute | null {
  const known = knownPageRoute(path);
  if (known) return known;
  if (path === '/admin' || path.startsWith('/admin/')) return null;
  return { kind: 'not-found' };
}
