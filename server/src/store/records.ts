import type {
  ArticleStatus,
  CommentHeldReason,
  CommentSettings,
  CommentStatus,
  RedirectRule,
  RevisionSource,
} from '@folio/shared';

/**
 * What the data directory stores. These shapes are private to the server: presenters turn
 * them into the public JSON of server/API.md §3.
 */

/** The fields the owner writes in an article, as the store keeps them. */
export interface ArticleFields {
  title: string;
  category: string;
  tags: string[];
  summary: string;
  cover: string;
  content: string;
}

export interface SiteBlockRecord {
  name: string;
  content: Record<string, string>;
  updated_at: string;
}

export interface SkillRecord {
  id: number;
  name: string;
  description: string;
  level: number;
  sort_order: number;
  created_at: string;
  updated_at: string;
}

export interface ContactRecord {
  id: number;
  type: string;
  value: string;
  sort_order: number;
  created_at: string;
  updated_at: string;
}

export interface AvatarRecord {
  id: number;
  filename: string;
  is_current: boolean;
  sort_order: number;
  cropped_info: unknown;
  uploaded_at: string;
}

/** Article metadata kept in the index file; the Markdown body lives in its own file. */
export interface ArticleRecord {
  id: number;
  /** The article's address `/articles/{slug}`, unique among all stored articles (server/API.md §E19). */
  slug: string;
  title: string;
  category: string;
  tags: string[];
  summary: string;
  cover: string;
  created_at: string;
  updated_at: string;
  deleted_at: string | null;
  /** Only `published` articles are seen by readers (server/API.md §E8). */
  status: ArticleStatus;
  /** When a scheduled article goes public, or when a published one did; `null` for a draft. */
  publish_at: string | null;
  /** Revision of the body file `article-bodies/<id>-<body_rev>.md`. */
  body_rev: number;
  /**
   * Bumped on every change of the article (metadata, body, bin, restore): the `ETag` clients
   * send back in `If-Match` so a save based on an older copy is refused instead of overwriting.
   */
  revision: number;
  /**
   * The revision from which the six editable fields have been as they are, and the client that
   * wrote them (server/API.md §E10): what the history says of this version once it is replaced.
   * Absent on articles not changed since history was kept.
   */
  fields_revision?: number;
  fields_source?: RevisionSource;
  /**
   * Mermaid diagrams of the body drawn ahead of time by the admin (absent when none): derived
   * data, so changing them moves neither `revision` nor `updated_at`, and exports leave them out.
   */
  diagrams?: DiagramRecord[];
  /**
   * Where a blog import took the article from (server/API.md §E21): `<format>:<site>:<source id>`.
   * A later import of the same blog finds it by this and adds it no second time. Absent otherwise.
   */
  import_source?: string;
  /** `false`: its publication mails no subscriber (不通知订阅者, server/API.md §E23.11); absent means true. */
  notify_subscribers?: boolean;
  /** When its subscribers' mails were queued, by the commit that made it public: never a second time (server/API.md §E23.11). */
  subscribers_notified_at?: string;
  /**
   * Set on an article a restore or a blog import stored as published: it was public before it came,
   * so no publication of it mails subscribers (server/API.md §E23.11). Not shown, not exported.
   */
  arrived_public?: true;
}

/** One Mermaid diagram drawn in both themes; the images are `diagrams/<light|dark>.svg`. */
export interface DiagramRecord {
  /** The fence's text exactly as the body holds it: the page shows the drawing for this text only. */
  source: string;
  width: number;
  height: number;
  /** SHA-256 (hex) names of the SVG files. */
  light: string;
  dark: string;
}

/**
 * The editor's fields not yet saved as the article (server/API.md §E9), in `autosaves/<id>.json`:
 * at most one per article, apart from the article so that saving it rewrites one small file.
 */
export interface AutosaveRecord extends ArticleFields {
  saved_at: string;
  /** The article `revision` the editor started from. */
  base_revision: number;
}

export interface CommentRecord {
  id: number;
  article_id: number;
  author: string;
  email: string;
  content: string;
  ip_address: string;
  user_agent: string;
  created_at: string;
  /** The comment of the same article it answers (server/API.md §E12); absent or null at top level. */
  parent_id?: number | null;
  /** Set only for the owner's replies through the admin; absent means a visitor's comment. */
  is_owner?: boolean;
  /** Absent means published: comments stored before moderation existed are all shown. */
  status?: CommentStatus;
  /** Why a held comment was held (server/API.md §E12); dropped when it is approved. */
  held_reason?: CommentHeldReason;
  /** Where a blog import took the comment from: its article's `import_source`, `#`, the old comment id (server/API.md §E21). */
  import_source?: string;
}

/**
 * `comment-settings.json`: the moderation settings of server/API.md §E12, and the owner's last
 * look at the comments (every comment with a smaller id counts as seen: ids grow with time).
 */
export interface CommentSettingsRecord extends CommentSettings {
  seen_before_id: number;
}

/**
 * A reader subscribed by mail to new articles (server/API.md §E23.10), in `subscribers.json`. The
 * address is kept lower-cased: it is the subscriber's identity. No token is kept: the links mailed
 * are signed, and carry their own expiry.
 */
export interface SubscriberRecord {
  id: number;
  email: string;
  created_at: string;
  /** When its owner followed the confirmation link; `null` until then (nothing but that one mail goes to it). */
  confirmed_at: string | null;
  /** When the last confirmation mail was queued: another is not sent soon after. */
  confirm_sent_at: string | null;
}

/**
 * A preview link of an unpublished article (server/API.md §E17), in `preview-links.json`. Only
 * the SHA-256 of its token is kept: the data directory (or a copy of it) never holds a working link.
 */
export interface PreviewLinkRecord {
  id: number;
  article_id: number;
  /** SHA-256 of the token, base64url. */
  token_hash: string;
  created_at: string;
  expires_at: string;
}

/** `redirects.json`: the owner's redirects, in the owner's order (server/API.md §E19). */
export interface RedirectsFile {
  items: RedirectRule[];
}

/** One figure pair of a day's reader statistics (server/API.md §E23.2). */
export interface StatsFigures {
  views: number;
  visitors: number;
}

/** A UTC day's reader statistics: its totals, and the same figures by path, referrer site, device class and browser. */
export interface StatsDayRecord extends StatsFigures {
  paths: Record<string, StatsFigures>;
  referrers: Record<string, StatsFigures>;
  devices: Record<string, StatsFigures>;
  browsers: Record<string, StatsFigures>;
}

/** `reader-stats.json`: daily aggregates by `YYYY-MM-DD`, never an address, a User-Agent or a hash (server/API.md §E23.2). */
export interface ReaderStatsFile {
  days: Record<string, StatsDayRecord>;
}

export interface RevokedTokenRecord {
  jti: string;
  expires_at: string;
}

/** A collection file: its items plus the next id, so ids are never reused after a delete. */
export interface CollectionFile<T> {
  next_id: number;
  items: T[];
}

export interface SecretsFile {
  jwt_secret?: string;
  admin_username?: string;
  admin_password_hash?: string;
}

/** The answer remembered for an `Idempotency-Key` and given again to every retry. */
export interface IdempotentAnswer {
  status: number;
  data: unknown;
  etag: string;
}

/**
 * A remembered `Idempotency-Key` of an article creation: what was asked (as a fingerprint), so
 * a retry gets the same answer instead of a second article. The answer (an article's whole
 * detail) is in a file of its own, `idempotency/<sha256 of the key>.json`, written in the commit
 * that stores the record: storing a key rewrites this small index and one answer, not every
 * answer of the last day.
 */
export interface IdempotencyRecord {
  key: string;
  fingerprint: string;
  /** The answer itself, as records kept it before answers had files of their own. */
  response?: IdempotentAnswer;
  created_at: string;
  expires_at: string;
}

export interface IdempotencyFile {
  items: IdempotencyRecord[];
}

/**
 * An upload the server wrote, in `upload-log.json` until the start-up sweep has judged it: a
 * file no record refers to a while after it was written is what an interrupted request left.
 */
export interface UploadLogRecord {
  filename: string;
  written_at: string;
}

export interface UploadLogFile {
  items: UploadLogRecord[];
}

export const DATA_FORMAT = 'folio-data';
/**
 * 2: articles carry `revision`; `idempotency-keys.json` may exist.
 * 3: comments live in `comments/<articleId>.json`, one file per article, instead of `comments.json`.
 * 4: articles carry `status` and `publish_at`; the article index is `articles.json` (a snapshot,
 *    with its `log_generation`) and `articles.<generation>.log` (the changes since, one line per
 *    commit). A format 4 `articles.json` without `log_generation` is taken whole and given one.
 * 5: articles carry `slug`; the owner's redirects are in `redirects.json`.
 */
export const DATA_FORMAT_VERSION = 5;

export interface MetaFile {
  format: typeof DATA_FORMAT;
  version: number;
  created_at: string;
}
