/** Business constants and limits from docs/spec.md §9 and server/API.md §1.5, §1.6 and §10. */

export const PUBLIC_ARTICLES_PAGE_SIZE = 9;
export const ADMIN_ARTICLES_PAGE_SIZE = 10;
export const COMMENTS_PAGE_SIZE = 20;
export const RECYCLE_BIN_PAGE_SIZE = 20;
export const ADMIN_COMMENTS_PAGE_SIZE = 20;
export const MAX_PER_PAGE = 100;
export const DETAIL_COMMENTS_COUNT = 20;

export const SCROLL_OFFSET_PX = -70;
export const SCROLL_DURATION_MS = 500;
export const HEADER_BLUR_THRESHOLD_PX = 50;
export const ADMIN_COMPACT_BREAKPOINT_PX = 900;

export const SNACKBAR_MS = { contactCopy: 1500, avatars: 1500, articles: 2000, data: 3000 } as const;

export const PROJECT_FETCH_TIMEOUT_MS = 10_000;
export const CALENDAR_DELAY_MS = 1000;
export const LAZY_LOAD_THRESHOLD = 0.1;
export const SOCKET_RECONNECTION_ATTEMPTS = 5;
export const SOCKET_RECONNECTION_DELAY_MS = 1000;
export const TOKEN_REVERIFY_INTERVAL_MS = 5 * 60 * 1000;
export const BATCH_AI_DELAY_MS = 500;
export const MARKDOWN_PREVIEW_DEBOUNCE_MS = 300;
export const ABOUT_EDITOR_MAX_ROWS = 12;
export const CARD_MAX_TAGS = 3;

export const SKILL_DEFAULT_LEVEL = 50;
export const SKILL_LEVEL_MIN = 0;
export const SKILL_LEVEL_MAX = 100;
export const CONTACT_DEFAULT_TYPE = 'email';
export const CONTACT_TYPES = ['email', 'wechat', 'qq', 'phone', 'other'] as const;
export type KnownContactType = (typeof CONTACT_TYPES)[number];
export const CONTACT_TYPE_LABELS: Record<KnownContactType, string> = {
  email: '邮箱',
  wechat: '微信',
  qq: 'QQ',
  phone: '电话',
  other: '其他',
};
export const TEMP_ID_PREFIX = 'new_';

export const DEMO_CATEGORIES = ['前端开发', '后端开发', '工具使用', '移动开发', '数据库', '运维部署'] as const;
export const BACKUP_FILE_PREFIX = 'folio_backup';

/**
 * The largest image an upload may be by default, in MB (the server's `MAX_IMAGE_MB` changes it):
 * what a phone or camera produces, or a photo copied to the clipboard, which a browser pastes as a
 * PNG several times the JPEG's size. Every upload is decoded and written again anyway.
 */
export const DEFAULT_MAX_IMAGE_MB = 25;
/** The most pixels an image may decode to (a 10000×10000 PNG can be a few hundred KB on disk). */
export const MAX_IMAGE_PIXELS = 50_000_000;

export const LIMITS = {
  jsonBodyBytes: 2 * 1024 * 1024,
  importBodyBytes: 200 * 1024 * 1024,
  /** The default of `MAX_IMAGE_MB`; a server may allow another size (GET /api/admin/upload-limits). */
  imageBytes: DEFAULT_MAX_IMAGE_MB * 1024 * 1024,
  markdownFiles: 50,
  markdownFileBytes: 1024 * 1024,
  markdownTotalBytes: 10 * 1024 * 1024,
  articleTitle: 128,
  articleCategory: 64,
  articleCover: 512,
  articleSummary: 1000,
  articleContent: 1_000_000,
  articleTags: 20,
  articleTagLength: 32,
  articleTagsJoined: 256,
  /** One pre-rendered diagram image (one theme), as uploaded. */
  diagramSvgBytes: 512 * 1024,
  /** Pre-rendered diagrams kept per article. */
  articleDiagrams: 50,
  skillName: 64,
  skillDescription: 1000,
  contactType: 32,
  contactValue: 128,
  commentAuthor: 50,
  commentEmail: 255,
  commentContent: 2000,
  siteBlockValue: 20_000,
  siteBlocksPerPut: 20,
  batchDeleteIds: 100,
  aiTags: 5,
  aiSummary: 200,
  builtinSummary: 100,
  tokenLength: 512,
} as const;

export const RATE_LIMITS = {
  loginFailures: { max: 5, windowMs: 15 * 60 * 1000, lockMs: 15 * 60 * 1000 },
  commentsPerMinute: { max: 5, windowMs: 60 * 1000 },
  commentsPerHour: { max: 30, windowMs: 60 * 60 * 1000 },
  aiPerMinute: { max: 30, windowMs: 60 * 1000 },
} as const;

export const TOKEN_TTL_MS = { default: 24 * 60 * 60 * 1000, remember: 7 * 24 * 60 * 60 * 1000 } as const;
export const RECYCLE_BIN_RETENTION_DAYS = 15;
/** How long the server remembers an article creation's `Idempotency-Key` (server/API.md §E2: a day). */
export const IDEMPOTENCY_KEY_TTL_MS = 24 * 60 * 60 * 1000;
/** `Idempotency-Key`: 1 to 128 visible ASCII characters. */
export const IDEMPOTENCY_KEY_PATTERN = /^[\x21-\x7e]{1,128}$/;
export const AI_PROVIDER_TIMEOUT_MS = 30_000;

/** Realtime events of server/API.md §13. */
export const RealtimeEvents = {
  siteBlocks: 'site_block_updated',
  skills: 'skills_updated',
  contacts: 'contacts_updated',
  avatars: 'avatars_updated',
  articles: 'articles_updated',
  comments: 'comments_updated',
} as const;
export type RealtimeEvent = (typeof RealtimeEvents)[keyof typeof RealtimeEvents];

/**
 * What each realtime event carries (server/API.md §13): `undefined` where the spec says none. Payloads
 * are only hints; clients refetch. The server's broadcaster and the clients' subscription
 * helper are both typed from this map.
 */
export interface RealtimeEventMap {
  [RealtimeEvents.siteBlocks]: undefined;
  [RealtimeEvents.skills]: undefined;
  [RealtimeEvents.contacts]: undefined;
  [RealtimeEvents.avatars]: undefined;
  /** The changed ids; `[]` after a data import. */
  [RealtimeEvents.articles]: { ids: number[] };
  /** The article whose comments changed; `null` after a data import. */
  [RealtimeEvents.comments]: { article_id: number | null };
}

/** The arguments that follow an event's name when it is emitted: none for an event without payload. */
export type RealtimeEmitArgs<E extends RealtimeEvent> = RealtimeEventMap[E] extends undefined
  ? []
  : [payload: RealtimeEventMap[E]];

export const FILENAME_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/;
export const BLOCK_NAME_PATTERN = /^[a-z_]{1,32}$/;
export const CONTACT_TYPE_PATTERN = /^[a-z0-9_-]{1,32}$/;
/** The tag rule of server/API.md §9.1: CJK U+4E00–U+9FA5, letters, digits, `_`, `,`, `-`, whitespace. */
export const TAGS_PATTERN = /^[\u4e00-\u9fa5A-Za-z0-9_,\-\s]*$/;
export const TAG_DISALLOWED_CHARS = /[^\u4e00-\u9fa5A-Za-z0-9_\-\s]/g;
