import type {
  AdminArticleDetail,
  AdminArticleListItem,
  ArticleAutosave,
  ArticlePublication,
  PublicArticleDetail,
  PublicArticleListItem,
  PublicComment,
  PublicDiagram,
  RecycleBinItem,
} from '@folio/shared';
import { toIsoSeconds } from '../store/clock.js';
import type { ArticleRecord, AutosaveRecord, DiagramRecord } from '../store/records.js';
import { bodyFactsOf } from './article-excerpt.js';
import type { ArticleBodyFacts } from './article-excerpt.js';

/** Counters that are not part of the article record: views live apart, comment counts are derived. */
export interface ArticleStats {
  views: number;
  comment_count: number;
}

/** What the admin sees beside the record: the counters, and whether an autosave waits (server/API.md §E9). */
export interface AdminArticleStats extends ArticleStats {
  has_autosave: boolean;
}

/** The admin row as this server always answers it: status and schedule included (server/API.md §E8). */
export type AdminArticleRow = AdminArticleListItem & ArticlePublication & { has_autosave: boolean };

/**
 * What a reader is shown of an article before opening it (server/API.md §E18): the owner's
 * summary when there is one, else the start of the body; the cover, else the body's first image.
 */
function teaserOf(article: ArticleRecord, facts: ArticleBodyFacts): { excerpt: string; share_image: string } {
  return { excerpt: article.summary.trim() || facts.excerpt, share_image: article.cover || facts.leadImage };
}

/** The strong `ETag` of an admin article: its revision in quotes (server/API.md §E1). */
export const articleEtag = (article: Pick<ArticleRecord, 'revision'>): string => `"${article.revision}"`;

/** The public card (server/API.md §8): tags as an array and `cover` repeated as `cover_image` for the original client. */
export function presentPublicArticleListItem(
  article: ArticleRecord,
  stats: ArticleStats,
  facts: ArticleBodyFacts,
): PublicArticleListItem {
  return {
    id: article.id,
    slug: article.slug,
    title: article.title,
    summary: article.summary,
    ...teaserOf(article, facts),
    category: article.category,
    tags: [...article.tags],
    cover: article.cover,
    cover_image: article.cover,
    views: stats.views,
    comment_count: stats.comment_count,
    created_at: article.created_at,
    updated_at: article.updated_at,
    // Only published articles reach readers, and a published one always has its date.
    publish_at: article.publish_at ?? article.created_at,
  };
}

export function presentPublicArticleDetail(
  article: ArticleRecord,
  content: string,
  stats: ArticleStats,
  comments: { newest: PublicComment[]; threads: PublicComment[] },
  diagrams: readonly DiagramRecord[],
  /** Derived from `content` when not given (a preview, which no cache serves). */
  facts: ArticleBodyFacts = bodyFactsOf(content),
): PublicArticleDetail {
  return {
    ...presentPublicArticleListItem(article, stats, facts),
    content,
    comments: comments.newest,
    comment_threads: comments.threads,
    diagrams: diagrams.map(presentDiagram),
  };
}

/** Where a diagram image is served (diagrams.routes.ts). */
export const diagramUrl = (name: string): string => `/diagrams/${name}.svg`;

export function presentDiagram(diagram: DiagramRecord): PublicDiagram {
  return {
    source: diagram.source,
    width: diagram.width,
    height: diagram.height,
    light_url: diagramUrl(diagram.light),
    dark_url: diagramUrl(diagram.dark),
  };
}

/** The admin row (server/API.md §9 and §E8): tags as one comma string, no `cover_image`. */
export function presentAdminArticleListItem(
  article: ArticleRecord,
  stats: AdminArticleStats,
  facts: ArticleBodyFacts,
): AdminArticleRow {
  return {
    id: article.id,
    slug: article.slug,
    title: article.title,
    category: article.category,
    tags: article.tags.join(','),
    summary: article.summary,
    ...teaserOf(article, facts),
    cover: article.cover,
    views: stats.views,
    comment_count: stats.comment_count,
    created_at: article.created_at,
    updated_at: article.updated_at,
    revision: article.revision,
    status: article.status,
    publish_at: article.publish_at,
    has_autosave: stats.has_autosave,
    notify_subscribers: article.notify_subscribers !== false,
    subscribers_notified_at: article.subscribers_notified_at ?? null,
  };
}

/** The admin detail: what the admin editor, export and Markdown import answer with. */
export function presentAdminArticleDetail(
  article: ArticleRecord,
  content: string,
  stats: AdminArticleStats,
  drawn: readonly DiagramRecord[],
  autosave: ArticleAutosave | null,
  facts: ArticleBodyFacts,
): AdminArticleDetail & AdminArticleRow {
  return {
    ...presentAdminArticleListItem(article, stats, facts),
    content,
    drawn_diagrams: drawn.map((diagram) => diagram.source),
    autosave,
  };
}

/** An autosave as the admin detail carries it (server/API.md §E9): tags as one comma string, like the article's. */
export function presentAutosave(record: AutosaveRecord): ArticleAutosave {
  const { title, category, tags, summary, cover, content, saved_at, base_revision } = record;
  return { title, category, tags: tags.join(','), summary, cover, content, saved_at, base_revision };
}

/** A recycle-bin row: the admin row plus when it was binned and when it will be purged (server/API.md §3.4 and §10). */
export function presentRecycleBinItem(
  article: ArticleRecord,
  stats: AdminArticleStats,
  facts: ArticleBodyFacts,
  retentionMs: number,
): RecycleBinItem {
  const deletedAt = article.deleted_at ?? article.updated_at;
  return {
    ...presentAdminArticleListItem(article, stats, facts),
    deleted_at: deletedAt,
    purge_at: toIsoSeconds(new Date(Date.parse(deletedAt) + retentionMs)),
  };
}
