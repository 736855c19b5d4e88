import type { FileCollectionName } from './data-layout.js';
import type { CommentTable } from './comment-table.js';
import type { IdempotencyAnswers } from './idempotency-answers.js';
import type { MailOutboxFiles } from './mail-outbox-files.js';
import type {
  ArticleRecord,
  AvatarRecord,
  CommentSettingsRecord,
  CollectionFile,
  ContactRecord,
  IdempotencyFile,
  RedirectsFile,
  PreviewLinkRecord,
  ReaderStatsFile,
  RevokedTokenRecord,
  SubscriberRecord,
  SiteBlockRecord,
  SkillRecord,
  UploadLogFile,
} from './records.js';

/**
 * Everything the server keeps in memory. Each key is one JSON file in the data directory, except
 * comments (one file per article under `comments/`, read when asked for: see {@link CommentTable})
 * and articles (a snapshot and a log of the changes since: see ArticleIndex).
 */
export interface StoreState {
  siteBlocks: CollectionFile<SiteBlockRecord>;
  skills: CollectionFile<SkillRecord>;
  contacts: CollectionFile<ContactRecord>;
  avatars: CollectionFile<AvatarRecord>;
  articles: CollectionFile<ArticleRecord>;
  /** View counters live apart from the article index so a page view rewrites only this small file. */
  articleViews: Record<string, number>;
  comments: CommentTable;
  /** Moderation settings and the owner's last look at the comments (server/API.md §E12). */
  commentSettings: CommentSettingsRecord;
  revokedTokens: CollectionFile<RevokedTokenRecord>;
  idempotencyKeys: IdempotencyFile;
  uploadLog: UploadLogFile;
  /** The owner's redirects (server/API.md §E19). */
  redirects: RedirectsFile;
  /** Readers subscribed by mail to new articles (server/API.md §E23.10). */
  subscribers: CollectionFile<SubscriberRecord>;
  /** Preview links of unpublished articles, by the hash of their token (server/API.md §E17). */
  previewLinks: CollectionFile<PreviewLinkRecord>;
  /** Readers' page views and visitors, daily aggregates only (server/API.md §E23.2). */
  readerStats: ReaderStatsFile;
  /** The answers `idempotencyKeys` points at, one file each (see {@link IdempotencyAnswers}). */
  idempotencyAnswers: IdempotencyAnswers;
  /** Comment mail waiting to be sent, one file each, and the unsubscribed addresses (see {@link MailOutboxFiles}). */
  mail: MailOutboxFiles;
}

export type CollectionName = keyof StoreState;

export type { FileCollectionName };
export type FileState = Pick<StoreState, FileCollectionName>;

/** Kept otherwise than as one whole file: comments, idempotency answers and mail as many files, articles as a snapshot and a log. */
type KeptInManyFiles = 'comments' | 'idempotencyAnswers' | 'articles' | 'mail';
type AssertNone<T extends never> = T;
/** Fails to compile when a collection is added to StoreState with neither a file in FILE_NAMES nor a place in KeptInManyFiles. */
export type EveryCollectionStored = AssertNone<Exclude<CollectionName, FileCollectionName | KeptInManyFiles>>;

const emptyCollection = <T>(): CollectionFile<T> => ({ next_id: 1, items: [] });

/** The state of a new data directory, before its files are read. */
export function emptyState(): FileState {
  return {
    siteBlocks: emptyCollection(),
    skills: emptyCollection(),
    contacts: emptyCollection(),
    avatars: emptyCollection(),
    articleViews: {},
    commentSettings: { moderation: 'none', blocked_words: [], blocked_addresses: [], seen_before_id: 0 },
    revokedTokens: emptyCollection(),
    idempotencyKeys: { items: [] },
    uploadLog: { items: [] },
    redirects: { items: [] },
    subscribers: emptyCollection(),
    previewLinks: emptyCollection(),
    readerStats: { days: {} },
  };
}
