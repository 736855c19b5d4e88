/**
 * Moving a blog in (server/API.md §E21): the import job's public shapes, shared by the server,
 * the browser admin's 导入博客 screen and the desktop's.
 */

/** The formats an import file is recognised as, by its content (never by its name). */
export const BLOG_IMPORT_FORMATS = ['wordpress', 'ghost', 'static-site'] as const;
export type BlogImportFormat = (typeof BLOG_IMPORT_FORMATS)[number];

/** The phases of a job, in order; each has its own progress bar. */
export const BLOG_IMPORT_PHASES = ['reading', 'articles', 'comments', 'images', 'redirects'] as const;
export type BlogImportPhase = (typeof BLOG_IMPORT_PHASES)[number];

export const BLOG_IMPORT_STATUSES = ['running', 'succeeded', 'failed', 'cancelled'] as const;
export type BlogImportStatus = (typeof BLOG_IMPORT_STATUSES)[number];

/** `options` of `POST /api/admin/imports` (a JSON text field beside `file`); every field optional. */
export interface BlogImportOptions {
  /** The old site's address (`https://old.example.com`): resolves Ghost's `__GHOST_URL__` and relative links. */
  site_url?: string;
  /** WordPress pages (`post_type` page) become articles in this category; empty or absent: skipped. */
  pages_category?: string;
  /** A static site's permalink pattern (`/:year/:month/:title/`), overriding the one its config gives. */
  permalink?: string;
}

/** One thing not imported, with why; `count` items had the same reason. */
export interface BlogImportSkip {
  reason: string;
  count: number;
  /** A few of the titles (or file paths) skipped for this reason, to show. */
  examples: string[];
}

/** An image that could not be fetched or stored: it keeps its old URL. */
export interface BlogImportImageFailure {
  url: string;
  reason: string;
}

/** What an import did (also what it would have done, when it failed or was cancelled: nothing applied). */
export interface BlogImportReport {
  format: BlogImportFormat | null;
  articles_imported: number;
  /** Articles (and pages) already imported from the same source: a second import adds nothing. */
  articles_already_present: number;
  pages_imported: number;
  comments_imported: number;
  comments_already_present: number;
  skipped: BlogImportSkip[];
  images_fetched: number;
  /** Images taken from the uploaded zip itself. */
  images_from_archive: number;
  images_failed: BlogImportImageFailure[];
  redirects: { from: string; to: string }[];
  /** Ids of the articles created. */
  article_ids: number[];
  warnings: string[];
}

/** A report with nothing done yet: where a job's report starts (and what tests build theirs from). */
export function emptyBlogImportReport(fields: Partial<BlogImportReport> = {}): BlogImportReport {
  return {
    format: null,
    articles_imported: 0,
    articles_already_present: 0,
    pages_imported: 0,
    comments_imported: 0,
    comments_already_present: 0,
    skipped: [],
    images_fetched: 0,
    images_from_archive: 0,
    images_failed: [],
    redirects: [],
    article_ids: [],
    warnings: [],
    ...fields,
  };
}

export interface BlogImportPhaseProgress {
  phase: BlogImportPhase;
  done: number;
  total: number;
}

/** `data` of `GET /api/admin/imports/:id` and of the `admin:import-progress` socket event. */
export interface BlogImportJob {
  id: string;
  status: BlogImportStatus;
  /** The phase running now (the last one reached, once the job ended). */
  phase: BlogImportPhase;
  done: number;
  total: number;
  /** Every phase's progress so far, in order. */
  phases: BlogImportPhaseProgress[];
  /** Why it failed, in Chinese; `null` unless `status` is `failed`. */
  error: string | null;
  report: BlogImportReport;
  started_at: string;
  finished_at: string | null;
}
