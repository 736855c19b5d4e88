/**
 * Public page addresses the browser routes and links by: an article's (server/API.md §E19) and a
 * draft preview's (server/API.md §E17). Kept apart from slugs.ts and preview-links.ts, whose zod
 * schemas would come along into every page's script: the landing page's carries no zod (its
 * budget is in build/bench/page-weight.ts).
 */

/** An article page's canonical address. */
export const articlePath = (article: { slug: string }): string => `/articles/${article.slug}`;

/** The slug of `/articles/{slug}` (a trailing slash allowed), or `undefined` for any other path. */
export function slugOfArticlePath(path: string): string | undefined {
  const match = /^\/articles\/([^/]+)\/?$/.exec(path);
  return match?.[1];
}

/**
 * Where a link to an article goes: its slug address, or `/articles/{id}` for a copy without a
 * slug (a list from an older server, the demo articles), which the server sends on to the slug.
 */
export const articleHref = (article: { id: number; slug?: string | undefined }): string =>
  article.slug ? `/articles/${article.slug}` : `/articles/${article.id}`;

/** A preview page's address: `/preview/{token}`. */
export const PREVIEW_PATH_PREFIX = '/preview/';

/**
 * What follows `/preview/` in a path (a trailing slash dropped), whatever it is, or undefined for
 * a path elsewhere: every such path is a preview page, a 404 one unless this is a live token.
 */
export function previewTokenOfPath(path: string): string | undefined {
  if (!path.startsWith(PREVIEW_PATH_PREFIX)) return undefined;
  return path.slice(PREVIEW_PATH_PREFIX.length).replace(/\/$/, '');
}
