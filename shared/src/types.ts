/** The JSON shapes of server/API.md §3 as the clients see them. Presenters on the server produce these. */
import type { ArticleFields } from './article-fields.js';
import type { ArticleListScope } from './article-lists.js';
import type { BlogImportJob } from './blog-import.js';
import type { StatsLive } from './reader-stats.js';

export interface Envelope<T = unknown> {
  code: number;
  msg: string;
  data: T;
  error?: string;
}

export interface Pagination {
  total: number;
  pages: number;
  current_page: number;
  per_page: number;
}

export interface FieldError {
  field: string;
  msg: string;
}

export type SiteBlockContent = Record<string, string>;

export interface SiteBlock {
  name: string;
  content: SiteBlockContent;
  updated_at: string;
  [contentKey: string]: unknown;
}

export interface HomeBlockContent {
  title?: string;
  subtitle?: string;
  author?: string;
  github_url?: string;
  github_calendar_url?: string;
  contact_description?: string;
}

export interface AboutBlockContent {
  education_background?: string;
  hobbies?: string;
  personal_vision?: string;
}

export interface Skill {
  id: number;
  name: string;
  description: string;
  level: number;
  sort_order: number;
}
export interface AdminSkill extends Skill {
  created_at: string;
  updated_at: string;
}

export interface Contact {
  id: number;
  type: string;
  value: string;
  sort_order: number;
}
export interface AdminContact extends Contact {
  created_at: string;
  updated_at: string;
}

export interface Avatar {
  id: number;
  filename: string;
  url: string;
  is_current: boolean;
  sort_order: number;
  uploaded_at: string;
  /** In the public list: the image's page sizes once made (server/API.md §E11.1), for a `<picture>`. */
  image?: PublicImage;
}
export interface AdminAvatar extends Avatar {
  cropped_info: unknown;
}

/**
 * Where an article stands with readers (server/API.md §E8): a draft and a scheduled article are
 * seen by the admin only; a scheduled one becomes published at its `publish_at`.
 */
export const ARTICLE_STATUSES = ['draft', 'scheduled', 'published'] as const;
export type ArticleStatus = (typeof ARTICLE_STATUSES)[number];

/** An article's status and the time it goes or went public (server/API.md §E8). */
export interface ArticlePublication {
  status: ArticleStatus;
  /** ISO 8601 UTC: when a scheduled article goes public, or when a published one did; `null` for a draft. */
  publish_at: string | null;
}

export interface PublicArticleListItem {
  id: number;
  /**
   * The article's address is `/articles/{slug}` (server/API.md §E18). Always sent by this server;
   * optional for lists built without one (the demo list): see `articleHref`.
   */
  slug?: string;
  title: string;
  summary: string;
  category: string;
  tags: string[];
  cover: string;
  cover_image: string;
  /**
   * What a card, a feed and a link preview say of the article (server/API.md §E18): `summary`
   * when the owner wrote one, else the start of the body as plain text. Always sent by this
   * server; optional for lists built without one (the demo list).
   */
  excerpt?: string;
  /** The image a card and a link preview show: `cover`, else the body's first image; `''` for neither (§E18). */
  share_image?: string;
  /** In lists: the facts of `share_image` when it is the body's image and its page sizes exist (§E11.1, §E18). */
  share_image_facts?: PublicImage;
  views: number;
  comment_count: number;
  created_at: string;
  updated_at: string;
  /**
   * When it went public: the readers' date, and the order of the public list
   * (server/API.md §E8). Always sent by this server; optional for lists built without one (the
   * demo list).
   */
  publish_at?: string;
  /**
   * In lists: the cover's dimensions and page sizes once made (server/API.md §E11.1), for the
   * card's `<picture>`; absent for a cover without them (an outside image, sizes not made yet).
   */
  cover_facts?: PublicImage;
}

/** The date readers see on an article: when it went public, else (a list without one) when it was written. */
export const readersDateOf = (article: Pick<PublicArticleListItem, 'publish_at' | 'created_at'>): string =>
  article.publish_at ?? article.created_at;

export interface PublicComment {
  id: number;
  article_id: number;
  author: string;
  content: string;
  created_at: string;
  /** The comment of the same article it answers; `null` for a top-level comment (server/API.md §E12). */
  parent_id: number | null;
  /** Written by the site's owner through the admin (shown with the 作者 mark); never set by a visitor. */
  is_owner: boolean;
}

/** `published` is shown to readers; `pending` is held for the owner's review and shown nowhere public. */
export const COMMENT_STATUSES = ['published', 'pending'] as const;
export type CommentStatus = (typeof COMMENT_STATUSES)[number];

/** Why a comment waits for review (server/API.md §E12): its visitor's first, a blocked word, or every comment is. */
export const COMMENT_HELD_REASONS = ['first', 'blocked_word', 'all'] as const;
export type CommentHeldReason = (typeof COMMENT_HELD_REASONS)[number];

/** `data` of `POST /api/articles/{id}/comments` (server/API.md §11.2, §E12): the comment and whether it waits for review. */
export interface PostedComment extends PublicComment {
  status: CommentStatus;
  /** Only for a held comment: lets the browser that posted it ask whether it is still held (server/API.md §E12.6). */
  held_token?: string;
}

/** `data` of `GET /api/comments/{id}/held` (server/API.md §E12.6). */
export interface HeldCommentState {
  id: number;
  status: CommentStatus | 'deleted';
}

export interface AdminComment extends PublicComment {
  article_title: string;
  email: string;
  ip_address: string;
  user_agent: string;
  status: CommentStatus;
  /** Why it waits for review; `null` once shown (and for comments held before reasons were kept). */
  held_reason: CommentHeldReason | null;
  /** The nickname of the comment it answers; `null` for a top-level comment or one whose parent is gone. */
  reply_to_author: string | null;
}

/** A page of an article's comments by threads (`?threads=1`, server/API.md §E12). */
export interface PublicCommentThreads extends Pagination {
  /** Each top-level comment of the page followed by all its replies (any depth), oldest first. */
  comments: PublicComment[];
  /** Every visible comment of the article, replies included: the N of 评论 (N). */
  comment_total: number;
}

/** Payload of `admin_comment_created`, sent to signed-in admins only (server/API.md §E12). */
export interface AdminCommentNotice {
  id: number;
  article_id: number;
  article_title: string;
  author: string;
  /** The start of the text, at most 120 characters. */
  excerpt: string;
  status: CommentStatus;
  parent_id: number | null;
  created_at: string;
}

/** Events sent only to sockets that signed in with an admin token (room `admin`, server/API.md §E12). */
export const AdminRealtimeEvents = {
  commentCreated: 'admin_comment_created',
  commentsChanged: 'admin_comments_changed',
  articlesChanged: 'admin_articles_changed',
  /** A blog import's progress (server/API.md §E21), a few times a second and once when it ends. */
  importProgress: 'admin:import-progress',
  /** Visitors in the last 5 minutes moved (server/API.md §E23.4), at most once every 2 seconds. */
  statsLive: 'admin:stats-live',
} as const;
export type AdminRealtimeEvent = (typeof AdminRealtimeEvents)[keyof typeof AdminRealtimeEvents];

export interface AdminRealtimeEventMap {
  [AdminRealtimeEvents.commentCreated]: AdminCommentNotice;
  /** Counts may have changed (an approve, a delete, a look at the comments): fetch them again. */
  [AdminRealtimeEvents.commentsChanged]: Record<string, never>;
  /** These articles changed, drafts and schedules included (server/API.md §E12.5): lists fetch again. */
  [AdminRealtimeEvents.articlesChanged]: { ids: number[] };
  [AdminRealtimeEvents.importProgress]: BlogImportJob;
  [AdminRealtimeEvents.statsLive]: StatsLive;
}

/** `none`: every comment shows at once; `first`: a visitor's first comment waits; `all`: every visitor comment waits. */
export const COMMENT_MODERATIONS = ['none', 'first', 'all'] as const;
export type CommentModeration = (typeof COMMENT_MODERATIONS)[number];

/** The most entries each of the comment settings' lists holds, and the longest entry (server/API.md §E12). */
export const COMMENT_SETTINGS_LIMITS = { entries: 500, entryChars: 100 } as const;

/** `GET`/`PUT /api/admin/settings/comments` (server/API.md §E12). */
export interface CommentSettings {
  moderation: CommentModeration;
  /** A comment containing one of these (any case) is held for review. */
  blocked_words: string[];
  /** IPs, IP prefixes (`203.0.113.`), emails or `@domain`: comments from them are refused. */
  blocked_addresses: string[];
}

/** `GET /api/admin/comments/unread` (server/API.md §E12). */
export interface CommentUnread {
  /** Visitor comments newer than the owner's last look. */
  unread: number;
  /** Comments waiting for review. */
  pending: number;
}

export interface PublicArticleDetail extends PublicArticleListItem {
  content: string;
  /** The newest 20 visible comments, flat, newest first (the original client's list). */
  comments: PublicComment[];
  /** The first threads page (server/API.md §E12): 20 top-level comments, each followed by its replies. */
  comment_threads: PublicComment[];
  /**
   * Mermaid diagrams of `content` the owner's admin drew ahead of time: the page shows these
   * images instead of loading Mermaid. A fence without one here is drawn in the browser.
   */
  diagrams: PublicDiagram[];
  /**
   * The facts about the uploads `content` and `cover` show, by upload filename, for those whose
   * page sizes exist (server/API.md §E11.1): a page builds `<picture>` from them. An image not
   * here is shown as its original. Optional: lists built without a server (the demo) have none.
   */
  images?: Record<string, PublicImage>;
}

/** An upload as a page shows it: its dimensions and its page sizes (server/API.md §E11.1). */
export interface PublicImage {
  width: number;
  height: number;
  animated: boolean;
  sizes: PublicImageSize[];
}

/** AVIF and WebP sizes for `<picture>`; a JPEG 1200 wide, when the image is that wide, for link previews. */
export interface PublicImageSize {
  width: number;
  height: number;
  type: 'image/avif' | 'image/webp' | 'image/jpeg';
  url: string;
}

/** A pre-rendered Mermaid diagram: the fence's text and its image in each theme. */
export interface PublicDiagram {
  /** The fence's text exactly as `content` holds it. */
  source: string;
  /** Intrinsic size in CSS pixels (of the light image; both are drawn from one layout). */
  width: number;
  height: number;
  light_url: string;
  dark_url: string;
}

/** `GET /api/admin/diagrams/undrawn`: live articles with a Mermaid diagram that has no image yet. */
export interface UndrawnDiagrams {
  article_ids: number[];
}

export interface AdminArticleListItem {
  id: number;
  /** The article's address is `/articles/{slug}` (server/API.md §E18); absent as the status is. */
  slug?: string;
  title: string;
  category: string;
  tags: string;
  summary: string;
  cover: string;
  /** `summary`, else the start of the body as plain text, and the cover, else the body's first image (server/API.md §E18). */
  excerpt?: string;
  share_image?: string;
  views: number;
  comment_count: number;
  created_at: string;
  updated_at: string;
  /** Bumped on every change; the admin article `ETag` is this number in quotes. */
  revision: number;
  /**
   * Status and schedule (server/API.md §E8), and whether an autosave waits (§E9). Always sent by
   * this server; optional because the desktop's mirrored copies and older servers lack them.
   */
  status?: ArticleStatus;
  publish_at?: string | null;
  has_autosave?: boolean;
  /**
   * Whether the article's first publication mails the confirmed subscribers
   * (server/API.md §E23.11); `false` is the editor's 不通知订阅者. Absent from older servers.
   */
  notify_subscribers?: boolean;
  /** When its subscribers' mails were queued, once for good; `null` until then (server/API.md §E23.11). */
  subscribers_notified_at?: string | null;
}

/** The editor's fields not yet saved as the article (server/API.md §E9); `tags` as one comma string. */
export interface ArticleAutosave extends ArticleFields {
  saved_at: string;
  /** The article's `revision` the editor started from. */
  base_revision: number;
}

/** `data` of `PUT /api/admin/articles/{id}/autosave`. */
export interface AutosaveReceipt {
  saved_at: string;
  base_revision: number;
}

export interface AdminArticleDetail extends AdminArticleListItem {
  content: string;
  /**
   * Sources of the Mermaid diagrams of `content` that have a pre-rendered image (see
   * PublicDiagram); absent from servers that predate them, and from copies the desktop mirrors.
   */
  drawn_diagrams?: string[];
  /** The autosave waiting for this article, or `null` (server/API.md §E9); absent as the status is. */
  autosave?: ArticleAutosave | null;
}

export interface RecycleBinItem extends AdminArticleListItem {
  deleted_at: string;
  purge_at: string;
}

export interface AiAnalysis {
  category: string;
  tags: string[];
  suggested_summary: string;
  source: 'provider' | 'builtin';
  fallback_reason?: string;
}

export interface MarkdownImportResult {
  filename: string;
  status: 'imported' | 'skipped';
  id?: number;
  title?: string;
  warnings?: string[];
  reason?: string;
}

export interface MarkdownImportSummary {
  imported_count: number;
  skipped_count: number;
  imported_ids: number[];
  results: MarkdownImportResult[];
}

export interface LoginResult {
  token: string;
  expires_at: string;
  remember: boolean;
}

export interface VerifyResult {
  valid: boolean;
  username?: string;
  expires_at?: string;
}

/** The public article list response (server/API.md §8.1): items plus top-level pagination. */
export interface PublicArticleList extends Pagination {
  articles: PublicArticleListItem[];
}

/**
 * Data a server-rendered public page starts with (read in-process from the store), embedded in
 * the HTML so the browser hydrates without fetching it again.
 */
export interface PublicPageSnapshot {
  siteBlocks: SiteBlock[];
  skills: Skill[];
  contacts: Contact[];
  avatars: Avatar[];
  articleList?: PublicArticleList;
  categories?: string[];
  tags?: Record<string, number>;
  /** The article of `/articles/{id}`; `null` when that id is unknown. */
  article?: PublicArticleDetail | null;
  /** The list of `/articles`, `/tags/{tag}` or `/categories/{category}` (server/API.md §E16). */
  articleListPage?: ArticleListPage;
  /** The unpublished article of `/preview/{token}` (server/API.md §E17); `null` when the link does not work. */
  preview?: ArticlePreview | null;
  /**
   * Whether readers can subscribe by mail (server/API.md §E23.14): the subscription form shows only
   * then. Absent from older servers (no form).
   */
  subscriptionsOpen?: boolean;
}

/**
 * A draft or scheduled article as `/preview/{token}` shows it (server/API.md §E17): its saved
 * version as readers would see it once published, and when the link stops working.
 */
export interface ArticlePreview {
  article: PublicArticleDetail;
  expires_at: string;
}

/** One page of an article list page: what it lists and that page of the list. */
export interface ArticleListPage {
  scope: ArticleListScope;
  list: PublicArticleList;
}

/** `data` of `GET /api/admin/upload-limits` (server/API.md §E14). */
export interface UploadLimits {
  /** The largest image an upload may be, in bytes (`MAX_IMAGE_MB`). */
  image_bytes: number;
  /** The most pixels an image may decode to. */
  image_pixels: number;
}

/** `data` of a cover upload (server/API.md §9.8): the canonical URL and the stored name. */
export interface UploadedImage {
  url: string;
  filename: string;
}

export type BackupSectionName = 'site_blocks' | 'skills' | 'contacts' | 'avatars' | 'articles' | 'comments';

/** `data` of a successful backup import (server/API.md §15). */
export interface BackupImportSummary {
  /** `legacy` when the backup had no `version` key (the original server's format). */
  format: 'legacy' | 'v2';
  counts: Record<BackupSectionName, number>;
  warnings: string[];
}
