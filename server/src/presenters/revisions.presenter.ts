import type { ArticleRevision, ArticleRevisionListItem } from '@folio/shared';
import type { KeptVersion } from '../store/revision-files.js';

/** A previous version in the history list (server/API.md §E10): what tells it apart, not its text. */
export function presentRevisionListItem(version: KeptVersion): ArticleRevisionListItem {
  return {
    revision: version.revision,
    saved_at: version.saved_at,
    source: version.source,
    title: version.title,
    body_length: version.body_length,
  };
}

/** A whole version (server/API.md §E10), the six fields as the admin detail has them. */
export function presentRevision(version: ArticleRevision): ArticleRevision {
  return {
    revision: version.revision,
    saved_at: version.saved_at,
    source: version.source,
    title: version.title,
    category: version.category,
    tags: version.tags,
    summary: version.summary,
    cover: version.cover,
    content: version.content,
  };
}
