import { z } from 'zod';
import type { ArticleFields } from './article-fields.js';
import { ServerMessages as M } from './messages/index.js';
// Every module that builds a schema loads zod's Chinese messages and CSP-safe mode with it.
import './messages/zod-issues.js';

/**
 * Which client wrote a version of an article (server/API.md §E10): `browser`, `desktop` and `ai`
 * (the web admin's batch AI) say so in the `X-Folio-Source` header, `import` is Markdown and
 * backup import, and `api` is any client that says nothing (the original admin).
 */
export const REVISION_SOURCES = ['browser', 'desktop', 'import', 'ai', 'api'] as const;
export type RevisionSource = (typeof REVISION_SOURCES)[number];
export const revisionSourceSchema = z.enum(REVISION_SOURCES, { error: M.revisionSourceInvalid });

/** The request header naming the {@link RevisionSource} of a save. */
export const REVISION_SOURCE_HEADER = 'X-Folio-Source';

/** What the server keeps of each article's history: the newest versions within both bounds. */
export const ARTICLE_HISTORY_LIMITS = {
  versions: 50,
  /** UTF-8 bytes of the kept versions' bodies together. */
  bodyBytes: 5 * 1024 * 1024,
} as const;

/** The version of an article that was current from `revision` until the next change of its fields. */
interface RevisionStamp {
  revision: number;
  /** When the version was saved: the article's `updated_at` while it was current. */
  saved_at: string;
  source: RevisionSource;
}

/** One previous version in `GET /api/admin/articles/:id/revisions`, newest first. */
export interface ArticleRevisionListItem extends RevisionStamp {
  title: string;
  /** Characters of the body (UTF-16 code units, as `String.length` counts them). */
  body_length: number;
}

/** A whole version: `GET /api/admin/articles/:id/revisions/:revision`; tags as one comma string. */
export interface ArticleRevision extends RevisionStamp, ArticleFields {}
