/**
 * A blog as the importers read it (server/API.md §E21), whatever it came from: WordPress (WXR),
 * Ghost (JSON) or a static site's source tree (zip). Each reader turns its file into one
 * {@link BlogSource}; the job then fetches images, checks, dedupes and applies it all at once.
 */
import type { BlogImportFormat, BlogImportOptions, BlogImportSkip } from '@folio/shared';

/** A comment as the old blog held it; threading by the old ids. */
export interface SourceComment {
  /** Unique within the blog (`wp:comment_id`); with the post's source id it identifies the comment. */
  sourceId: string;
  /** The source id of the comment it answers, if any. */
  parentSourceId: string | null;
  author: string;
  /** Kept private, as a visitor's email is (server/API.md §11). May be empty. */
  email: string;
  /** Plain text or Markdown as the comment is shown; HTML already turned into text. */
  content: string;
  /** ISO 8601 in UTC. */
  createdAt: string;
  /** Approved comments are shown; the others are held (spam and trash never get here). */
  status: 'published' | 'pending';
}

/** One post (or page) read from the old blog, its body already Markdown. */
export interface SourcePost {
  /** Stable across exports of the same blog: WXR `guid` (or `wp:post_id`), Ghost `id`, the file's path. */
  sourceId: string;
  kind: 'post' | 'page';
  title: string;
  /** Markdown. Image links are the old URLs (absolute when the old site's address is known). */
  content: string;
  status: 'published' | 'draft' | 'scheduled';
  /** ISO 8601 UTC: when it was (or, for a scheduled one, will be) published; absent for a draft never published. */
  publishedAt?: string;
  /** ISO 8601 UTC. */
  modifiedAt?: string;
  /** The old slug, as the old blog had it (may be percent-encoded or empty). */
  slug: string;
  summary: string;
  category: string;
  tags: string[];
  /** The featured image's URL (absolute or as written), or ''. */
  cover: string;
  /**
   * Addresses on the old site that showed this post: full URLs or paths (`/2020/05/hello-world/`,
   * `/?p=123`). Each becomes a 301 redirect to the article.
   */
  oldAddresses: string[];
  comments: SourceComment[];
}

/** An image that came inside the uploaded file (a zip's `wp-content/uploads/…`, a Hugo bundle). */
export interface ArchivedImage {
  /** Its path in the archive, with `/`. */
  path: string;
  /** Reads its bytes (bounded by the archive reader). */
  read(): Promise<Buffer>;
}

/** Everything read from one import file. */
export interface BlogSource {
  format: BlogImportFormat;
  /** The old site's address, from the file (WXR `<link>`, Ghost settings) or the owner's `site_url`. */
  siteUrl: string | null;
  posts: SourcePost[];
  /** What the reader left out, counted by reason (trash, auto-drafts, pages when no category given…). */
  skipped: BlogImportSkip[];
  /**
   * Images carried in the file, by every address a post may use for them: the archive path
   * (`wp-content/uploads/2020/05/a.jpg`) and the old site's absolute URL when known.
   */
  archivedImages: Map<string, ArchivedImage>;
  warnings: string[];
}

/** Told of progress while reading: `done` of `total` units (bytes or entries). */
export type ReadProgress = (done: number, total: number) => void;

/** A reader's inputs: the uploaded file on disk, the owner's options, progress and cancellation. */
export interface ReadInput {
  /** The uploaded file, already in the data directory's temp folder. */
  path: string;
  size: number;
  options: BlogImportOptions;
  progress: ReadProgress;
  signal: AbortSignal;
}

/**
 * The problem with the file as a whole (not a WXR or Ghost file, XML broken halfway, a zip bomb,
 * a path that climbs out): the job fails with `message` (Chinese) and nothing changes.
 */
export class BlogSourceError extends Error {}
