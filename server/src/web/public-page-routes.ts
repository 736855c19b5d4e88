import { parseArticleListPath } from '@folio/shared';
import type { ArticleListScope } from '@folio/shared';

/** A server-rendered public page, by what it shows. */
export type PublicPageRoute =
  | { kind: 'landing' }
  | { kind: 'article'; id: number }
  | { kind: 'article-list'; scope: ArticleListScope; page: number }
  | { kind: 'not-found' };

const ARTICLE_PATH = /^\/articles\/([1-9]\d{0,15})\/?$/;

/** The landing page, an article page or an article list page: paths no API route or built file shares. */
export function knownPageRoute(path: string): PublicPageRoute | null {
  if (path === '/' || path === '/index.html') return { kind: 'landing' };
  const article = ARTICLE_PATH.exec(path);
  if (article) return { kind: 'article', id: Number(article[1]) };
  const list = parseArticleListPath(path);
  return list ? { kind: 'article-list', ...list } : null;
}

/** Which public page a path is: `null` for the admin screens, which the browser renders. */
export function publicPageRoute(path: string): PublicPageRoute | null {
  const known = knownPageRoute(path);
  if (known) return known;
  if (path === '/admin' || path.startsWith('/admin/')) return null;
  return { kind: 'not-found' };
}
