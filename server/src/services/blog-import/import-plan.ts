import {
  BlogImportJobMessages as M,
  LIMITS,
  REDIRECTS_MAX,
  checkRedirects,
  isValidCover,
  normalizeSitePath,
  normalizeTags,
  sanitizeTag,
  slugProblem,
  stripControlCharacters,
} from '@folio/shared';
import type { ArticleStatus, BlogImportOptions, BlogImportSkip, RedirectRule } from '@folio/shared';
import type { ImportedArticle, ImportedComment } from '../../store/backup.repository.js';
import type { BlogImportGround } from '../../store/blog-import.repository.js';
import { slugFromTitle, uniqueSlug } from '../../store/article-slugs.js';
import { toIsoSeconds } from '../../store/clock.js';
import type { ImportedImages } from './import-steps.js';
import type { BlogSource, SourceComment, SourcePost } from './source.js';

/** How many posts or comments are planned between two turns of the event loop. */
const PLANNED_PER_TURN = 200;

/** Lets pages be answered between batches: a big blog is planned in many short steps (server/API.md §E21). */
const nextTurn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

/** Reasons a post or comment is left out, with a few examples each, as the report lists them. */
export class SkipTally {
  private readonly reasons = new Map<string, BlogImportSkip>();

  constructor(from: readonly BlogImportSkip[] = []) {
    for (const skip of from) this.reasons.set(skip.reason, { ...skip, examples: [...skip.examples] });
  }

  add(reason: string, example: string): void {
    const skip = this.reasons.get(reason) ?? { reason, count: 0, examples: [] };
    skip.count += 1;
    if (skip.examples.length < 5 && example !== '') skip.examples.push(example);
    this.reasons.set(reason, skip);
  }

  list(): BlogImportSkip[] {
    return [...this.reasons.values()].map((skip) => ({ ...skip, examples: [...skip.examples] }));
  }
}

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** Lone surrogates (broken text an old export may hold) become U+FFFD, as a browser shows them. */
const wellFormed = (text: string): string => text.replace(LONE_SURROGATE, '\uFFFD');

/** Text as Folio stores it: no control characters, no lone surrogates, at most `max` characters. */
function storedText(text: string, max: number, multiline = false): string {
  return [...stripControlCharacters(wellFormed(text), multiline).trim()].slice(0, max).join('').trim();
}

/** A source timestamp as Folio stores it (server/API.md §1.4), or `undefined` when absent or unreadable. */
function storedTime(value: string | undefined): string | undefined {
  if (value === undefined || value === '') return undefined;
  const time = new Date(value);
  return Number.isNaN(time.getTime()) ? undefined : toIsoSeconds(time);
}

/** The old site's host, without `www.`: part of every record's `import_source`, and whose addresses redirect. */
export function siteHostOf(siteUrl: string | null | undefined): string | null {
  if (!siteUrl) return null;
  try {
    return new URL(siteUrl).hostname.toLowerCase().replace(/^www\./, '') || null;
  } catch {
    return null;
  }
}

/**
 * `<format>:<site host or ->:<source id>` (server/API.md §E21): the same post in a later export of
 * the same blog has the same one, whatever else changed.
 */
export function articleSourceKey(source: BlogSource, post: SourcePost): string {
  return `${source.format}:${siteHostOf(source.siteUrl) ?? '-'}:${post.sourceId}`;
}

export const commentSourceKey = (articleKey: string, comment: SourceComment): string => `${articleKey}#${comment.sourceId}`;

/** The slug an old slug gives: percent-decoded, kept when Folio takes it as it is, else made as a title's is. */
export async function slugFromOldSlug(oldSlug: string, title: string): Promise<string> {
  let decoded = oldSlug.trim();
  try {
    decoded = decodeURIComponent(decoded);
  } catch {
    // A broken escape is read as written.
  }
  if (decoded !== '' && slugProblem(decoded) === null) return decoded;
  return (decoded === '' ? '' : await slugFromTitle(decoded)) || (await slugFromTitle(title));
}

function storedTags(tags: readonly string[]): string[] {
  const kept: string[] = [];
  for (const tag of normalizeTags(tags.map(sanitizeTag).filter(Boolean))) {
    if (kept.length >= LIMITS.articleTags || [...kept, tag].join(',').length > LIMITS.articleTagsJoined) break;
    kept.push(tag);
  }
  return kept;
}

/** A post planned as a new article, before its images are rewritten. */
export interface PlannedArticle {
  post: SourcePost;
  article: ImportedArticle;
}

/** What the articles and comments phases decided; the report counts come from it. */
export interface ImportPlanDraft {
  articles: PlannedArticle[];
  comments: ImportedComment[];
  articlesAlreadyPresent: number;
  commentsAlreadyPresent: number;
  pagesImported: number;
  skipped: SkipTally;
  warnings: string[];
}

interface Publication {
  status: ArticleStatus;
  publish_at: string | null;
  created_at: string;
  updated_at: string;
}

function publicationOf(post: SourcePost, now: string, warnings: string[]): Publication {
  const published = storedTime(post.publishedAt);
  const modified = storedTime(post.modifiedAt);
  const created_at = published ?? modified ?? now;
  const updated_at = modified !== undefined && modified > created_at ? modified : created_at;
  if (post.status === 'draft') return { status: 'draft', publish_at: null, created_at, updated_at };
  if (post.status === 'scheduled') {
    if (published !== undefined) return { status: 'scheduled', publish_at: published, created_at, updated_at };
    warnings.push(`《${post.title}》没有定时发布的时间，已作为草稿导入`);
    return { status: 'draft', publish_at: null, created_at, updated_at };
  }
  return { status: 'published', publish_at: created_at, created_at, updated_at };
}

/**
 * Plans the new articles (server/API.md §E21): a post already imported from the same source is
 * left as it is; a page becomes an article in the owner's pages category or is skipped; each
 * slug is the old one made valid and unique. `progress` is told after each post.
 */
export async function planArticles(
  source: BlogSource,
  options: BlogImportOptions,
  ground: BlogImportGround,
  now: string,
  progress: (done: number) => void,
  signal: AbortSignal,
): Promise<ImportPlanDraft> {
  const draft: ImportPlanDraft = {
    articles: [],
    comments: [],
    articlesAlreadyPresent: 0,
    commentsAlreadyPresent: 0,
    pagesImported: 0,
    skipped: new SkipTally(source.skipped),
    warnings: [...source.warnings],
  };
  const redirected = new Set(ground.redirects.map((rule) => normalizeSitePath(rule.from)));
  // An address a redirect is from is left to it, as for a slug made from a title (server/API.md §E19).
  const taken = (slug: string) => ground.takenSlugs.has(slug) || redirected.has(`/articles/${slug}`);
  const seenKeys = new Set<string>();
  let nextId = ground.nextArticleId;
  for (const [index, post] of source.posts.entries()) {
    if (index % PLANNED_PER_TURN === PLANNED_PER_TURN - 1) await nextTurn();
    signal.throwIfAborted();
    const key = articleSourceKey(source, post);
    const pagesCategory = options.pages_category ?? '';
    if (ground.sources.articles.has(key) || seenKeys.has(key)) {
      draft.articlesAlreadyPresent += 1;
    } else if (post.kind === 'page' && pagesCategory === '') {
      draft.skipped.add(M.skippedPages, post.title);
    } else if (post.content.length > LIMITS.articleContent) {
      draft.skipped.add(M.skippedTooLong(LIMITS.articleContent), post.title);
    } else {
      const id = nextId++;
      const title = storedText(post.title, LIMITS.articleTitle) || M.untitled;
      const slug = uniqueSlug(await slugFromOldSlug(post.slug, title), id, taken);
      ground.takenSlugs.add(slug);
      draft.articles.push({
        post,
        article: {
          id,
          slug,
          title,
          category: storedText(post.kind === 'page' ? pagesCategory : post.category, LIMITS.articleCategory),
          tags: storedTags(post.tags),
          summary: storedText(post.summary, LIMITS.articleSummary, true),
          cover: post.cover,
          content: stripControlCharacters(wellFormed(post.content), true),
          views: undefined,
          import_source: key,
          ...publicationOf(post, now, draft.warnings),
        },
      });
      if (post.kind === 'page') draft.pagesImported += 1;
    }
    seenKeys.add(key);
    progress(index + 1);
  }
  return draft;
}

/**
 * Plans the new comments of new and already imported posts: one already imported is left out
 * (counted), a reply answers the new id of its parent, or is top-level when its parent is not
 * in Folio; ids are taken in the order the comments were written, so they grow with time.
 */
export async function planComments(
  source: BlogSource,
  draft: ImportPlanDraft,
  ground: BlogImportGround,
  now: string,
  progress: (done: number) => void,
  signal: AbortSignal,
): Promise<void> {
  const planned = new Map(draft.articles.map(({ post, article }) => [post, article.id]));
  const ids = new Map(ground.sources.comments);
  const pending: { comment: SourceComment; articleId: number; key: string; articleKey: string }[] = [];
  let done = 0;
  for (const [index, post] of source.posts.entries()) {
    if (index % PLANNED_PER_TURN === PLANNED_PER_TURN - 1) await nextTurn();
    signal.throwIfAborted();
    const articleKey = articleSourceKey(source, post);
    const articleId = planned.get(post) ?? ground.sources.articles.get(articleKey);
    for (const comment of post.comments) {
      const key = commentSourceKey(articleKey, comment);
      if (ids.has(key)) draft.commentsAlreadyPresent += 1;
      else if (articleId === undefined) draft.skipped.add(M.skippedCommentOrphan, storedText(comment.author, 20));
      else if (storedText(comment.content, LIMITS.commentContent, true) === '')
        draft.skipped.add(M.skippedCommentEmpty, storedText(comment.author, 20));
      else pending.push({ comment, articleId, key, articleKey });
      progress(++done);
    }
  }
  const times = new Map(pending.map((item) => [item, storedTime(item.comment.createdAt) ?? now]));
  pending.sort((a, b) => (times.get(a) ?? now).localeCompare(times.get(b) ?? now));
  let nextId = ground.nextCommentId;
  for (const item of pending) ids.set(item.key, nextId++);
  for (const [index, item] of pending.entries()) {
    if (index % PLANNED_PER_TURN === PLANNED_PER_TURN - 1) await nextTurn();
    signal.throwIfAborted();
    const { comment, articleId, key, articleKey } = item;
    const parentKey = comment.parentSourceId === null ? undefined : `${articleKey}#${comment.parentSourceId}`;
    const parentId = parentKey === undefined ? undefined : ids.get(parentKey);
    const email = storedText(comment.email, LIMITS.commentEmail + 1);
    draft.comments.push({
      id: ids.get(key) ?? 0,
      article_id: articleId,
      author: storedText(comment.author, LIMITS.commentAuthor) || M.anonymous,
      email: email.length > LIMITS.commentEmail ? '' : email,
      content: storedText(comment.content, LIMITS.commentContent, true),
      created_at: times.get(item) ?? now,
      parent_id: parentId ?? null,
      status: comment.status,
      import_source: key,
    });
  }
}

/** Points the new articles' bodies and covers at the images the images step stored, in short steps. */
export async function rewriteImages(draft: ImportPlanDraft, images: ImportedImages): Promise<void> {
  for (const [index, { article }] of draft.articles.entries()) {
    if (index % PLANNED_PER_TURN === PLANNED_PER_TURN - 1) await nextTurn();
    article.content = images.rewrite(article.content);
    const cover = images.rewriteCover(article.cover);
    if (isValidCover(cover)) article.cover = cover;
    else {
      article.cover = '';
      if (cover !== '') draft.warnings.push(M.coverDropped(article.title, cover));
    }
  }
}

/**
 * The path an old address redirects from: a path on the old site's host (or written without a
 * host), its query kept only for the landing page (`/?p=123`); `null` for any other address.
 */
export function oldPathOf(address: string, siteHost: string | null): string | null {
  let url: URL;
  try {
    if (/^https?:\/\//i.test(address)) {
      url = new URL(address);
      if (siteHost === null || url.hostname.toLowerCase().replace(/^www\./, '') !== siteHost) return null;
    } else if (address.startsWith('/') && !address.startsWith('//')) {
      url = new URL(address, 'http://old.invalid');
    } else {
      return null;
    }
  } catch {
    return null;
  }
  const query = url.search.replace(/^\?/, '');
  if (query === '') return url.pathname;
  return url.pathname === '/' ? `/?${query}` : null;
}

/**
 * The redirects of an import (server/API.md §E21): each new article's old addresses to its slug
 * address, then the images step's, each one checked as a rule the owner could write (never from
 * Folio's own paths), the first of two from one address kept. Beyond {@link REDIRECTS_MAX} in the
 * owner's list, the rest are left out and a warning says how many. Planned in short steps, as
 * the articles are: a big blog has one or two old addresses a post.
 */
export async function planRedirects(
  source: BlogSource,
  draft: ImportPlanDraft,
  ground: BlogImportGround,
  images: ImportedImages,
): Promise<RedirectRule[]> {
  const siteHost = siteHostOf(source.siteUrl);
  const stored = new Set(ground.redirects.map((rule) => normalizeSitePath(rule.from)));
  const chosen = new Map<string, RedirectRule>();
  let overCap = 0;
  let added = 0;
  const consider = (from: string, to: string) => {
    const key = normalizeSitePath(from);
    if (chosen.has(key) || key === normalizeSitePath(to)) return;
    const checked = checkRedirects([{ from, to, status: 301 }]);
    if ('problem' in checked) {
      draft.warnings.push(M.redirectSkipped(from, checked.problem.replace(/^第 1 条重定向的 /, '')));
      return;
    }
    // A rule replacing a stored one from the same address keeps the list's length.
    if (!stored.has(key)) {
      if (ground.redirects.length + added >= REDIRECTS_MAX) {
        overCap += 1;
        return;
      }
      added += 1;
    }
    chosen.set(key, checked.rules[0]!);
  };
  for (const [index, { post, article }] of draft.articles.entries()) {
    if (index % PLANNED_PER_TURN === PLANNED_PER_TURN - 1) await nextTurn();
    for (const address of post.oldAddresses) {
      const from = oldPathOf(address, siteHost);
      if (from !== null) consider(from, `/articles/${article.slug}`);
    }
  }
  for (const [index, rule] of images.redirects.entries()) {
    if (index % PLANNED_PER_TURN === PLANNED_PER_TURN - 1) await nextTurn();
    const from = oldPathOf(rule.from, siteHost);
    if (from !== null) consider(from, rule.to);
  }
  if (overCap > 0) draft.warnings.push(M.redirectsCapped(overCap, REDIRECTS_MAX));
  return [...chosen.values()];
}
