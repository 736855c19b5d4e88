import type { ArticleStatus, CommentSettings, CommentStatus, RedirectRule } from '@folio/shared';
import type {
  AvatarRecord,
  ArticleRecord,
  CommentRecord,
  ContactRecord,
  ReaderStatsFile,
  SiteBlockRecord,
  SkillRecord,
  SubscriberRecord,
} from '../store/records.js';

/** The backup format of server/API.md §14: our export, which import also reads back (with the original's). */
export const BACKUP_FORMAT = 'portfolio-backup';
export const BACKUP_VERSION = 2;

export interface BackupSiteBlock {
  name: string;
  content: Record<string, string>;
  updated_at: string;
}
export type BackupSkill = SkillRecord;
export type BackupContact = ContactRecord;
export type BackupAvatar = AvatarRecord;
export interface BackupArticle {
  id: number;
  /** Absent in backups from before slugs (server/API.md §E19): made from the title on import. */
  slug: string;
  title: string;
  category: string;
  /** A comma string, as in the original format. */
  tags: string;
  cover: string;
  summary: string;
  content: string;
  views: number;
  created_at: string;
  updated_at: string;
  /** Drafts and scheduled articles travel too (server/API.md §E8); the original's format had neither field. */
  status: ArticleStatus;
  publish_at: string | null;
  /** Only on an article a blog import brought (server/API.md §E21), so a restored site still dedupes. */
  import_source?: string;
  /** 不通知订阅者 and when the subscribers were mailed (server/API.md §E23.11); absent when unset. */
  notify_subscribers?: boolean;
  subscribers_notified_at?: string;
}
/** Comments keep `email` but never the IP address or user agent; replies and held ones say so (server/API.md §E12). */
export interface BackupComment extends Omit<CommentRecord, 'ip_address' | 'user_agent' | 'parent_id' | 'is_owner' | 'status'> {
  parent_id: number | null;
  is_owner: boolean;
  status: CommentStatus;
}

export interface BackupFileEntry {
  content_type: string;
  size: number;
  sha256: string;
  base64: string;
}

/** Everything but `files`, which the export streams one file at a time. */
export interface BackupHead {
  format: typeof BACKUP_FORMAT;
  version: typeof BACKUP_VERSION;
  exported_at: string;
  site_blocks: BackupSiteBlock[];
  skills: BackupSkill[];
  contacts: BackupContact[];
  avatars: BackupAvatar[];
  articles: BackupArticle[];
  comments: BackupComment[];
  /** Moderation settings (server/API.md §E12); the owner's unread mark stays with the site. */
  comment_settings: CommentSettings;
  /** The owner's redirects (server/API.md §E19), old slug addresses included. */
  redirects: RedirectRule[];
  /** Readers' daily aggregates by UTC day (server/API.md §E23.5); absent in older backups. */
  reader_stats?: ReaderStatsFile;
  /** Readers subscribed by mail (server/API.md §E23.13); absent in older backups. */
  subscribers?: SubscriberRecord[];
}

/** Only `content`: the read-only top-level copies of content keys (server/API.md §3.1) are not exported. */
export function presentBackupSiteBlock(block: SiteBlockRecord): BackupSiteBlock {
  return { name: block.name, content: { ...block.content }, updated_at: block.updated_at };
}

export function presentBackupSkill(skill: SkillRecord): BackupSkill {
  const { id, name, description, level, sort_order, created_at, updated_at } = skill;
  return { id, name, description, level, sort_order, created_at, updated_at };
}

export function presentBackupContact(contact: ContactRecord): BackupContact {
  const { id, type, value, sort_order, created_at, updated_at } = contact;
  return { id, type, value, sort_order, created_at, updated_at };
}

export function presentBackupAvatar(avatar: AvatarRecord): BackupAvatar {
  const { id, filename, is_current, sort_order, uploaded_at } = avatar;
  return { id, filename, is_current, sort_order, cropped_info: avatar.cropped_info ?? null, uploaded_at };
}

export function presentBackupArticle(article: ArticleRecord, content: string, views: number): BackupArticle {
  return {
    id: article.id,
    slug: article.slug,
    title: article.title,
    category: article.category,
    tags: article.tags.join(','),
    cover: article.cover,
    summary: article.summary,
    content,
    views,
    created_at: article.created_at,
    updated_at: article.updated_at,
    status: article.status,
    publish_at: article.publish_at,
    ...(article.import_source !== undefined && { import_source: article.import_source }),
    ...(article.notify_subscribers === false && { notify_subscribers: false }),
    ...(article.subscribers_notified_at !== undefined && { subscribers_notified_at: article.subscribers_notified_at }),
  };
}

export function presentBackupComment(comment: CommentRecord): BackupComment {
  const { id, article_id, author, email, content, created_at } = comment;
  return {
    id,
    article_id,
    author,
    email,
    content,
    created_at,
    parent_id: comment.parent_id ?? null,
    is_owner: comment.is_owner === true,
    status: comment.status ?? 'published',
    ...(comment.status === 'pending' && comment.held_reason ? { held_reason: comment.held_reason } : {}),
    ...(comment.import_source !== undefined && { import_source: comment.import_source }),
  };
}
