/**
 * The names of everything in a data directory, in one place: the store, its journal, the
 * migrations and the start-up sweeps all find their files here.
 */

/** Each collection kept whole in one JSON file, by its file name (articles are kept otherwise: see below). */
const fileNames = {
  siteBlocks: 'site-blocks.json',
  skills: 'skills.json',
  contacts: 'contacts.json',
  avatars: 'avatars.json',
  articleViews: 'article-views.json',
  commentSettings: 'comment-settings.json',
  revokedTokens: 'revoked-tokens.json',
  idempotencyKeys: 'idempotency-keys.json',
  uploadLog: 'upload-log.json',
  redirects: 'redirects.json',
  subscribers: 'subscribers.json',
  previewLinks: 'preview-links.json',
  readerStats: 'reader-stats.json',
};

/** The collections kept whole in one file each. */
export type FileCollectionName = keyof typeof fileNames;
export const FILE_NAMES: Readonly<Record<FileCollectionName, string>> = fileNames;

/**
 * The article index: `articles.json` holds every record as of the start of one log generation,
 * and `articles.<generation>.log` what each commit changed since, one line each, so a save
 * appends a line instead of rewriting every article (see ArticleIndex).
 */
export const ARTICLE_SNAPSHOT = 'articles.json';
export const ARTICLE_LOG = /^articles\.(\d+)\.log$/;
export const articleLogName = (generation: number) => `articles.${generation}.log`;
export const JOURNAL = 'journal.json';
/**
 * The generation of the last journal whose files were all written, kept once its journal is gone:
 * a journal found at start with a generation no later than this was applied already, and replaying
 * it would undo the commits made since (see Journal).
 */
export const JOURNAL_APPLIED = 'journal-applied.json';
export const META = 'meta.json';
export const BODIES_DIR = 'article-bodies';
export const UPLOADS_DIR = 'uploads';
/** Where multipart uploads stream to before a handler reads them: nothing in it outlives a request. */
export const UPLOAD_TEMP_DIR = 'tmp';
export const COMMENTS_DIR = 'comments';
export const DIAGRAMS_DIR = 'diagrams';
/** Format 2 kept every comment of the site in this one file; format 3 splits it by article. */
export const LEGACY_COMMENTS = 'comments.json';
/**
 * Each article's comment file records the site's next comment id as it was when written, and
 * the store starts from the highest. Removing a file would drop its record, so the commit that
 * removes one writes the counter here instead.
 */
export const COMMENT_COUNTER = `${COMMENTS_DIR}/next-id.json`;
export const COMMENT_FILE = /^comments\/(\d+)\.json$/;
export const commentFileName = (articleId: number) => `${COMMENTS_DIR}/${articleId}.json`;
export const bodyFileName = (id: number, rev: number) => `${id}-${rev}.md`;
/** The answers remembered for `Idempotency-Key`s, one file each (see IdempotencyAnswers). */
export const IDEMPOTENCY_DIR = 'idempotency';
export const IDEMPOTENCY_ANSWER_FILE = /^idempotency\/[0-9a-f]{64}\.json$/;
/**
 * Each article's history (server/API.md §E10), one folder per article: `index.json` lists the
 * kept versions, and each version's body is `<revision>.md` beside it.
 */
export const REVISIONS_DIR = 'revisions';
export const REVISION_FILE = /^revisions\/\d+\/(?:index\.json|\d+\.md)$/;
export const revisionFolderName = (articleId: number) => `${REVISIONS_DIR}/${articleId}`;
export const revisionIndexName = (articleId: number) => `${revisionFolderName(articleId)}/index.json`;
export const revisionBodyName = (articleId: number, revision: number) => `${revisionFolderName(articleId)}/${revision}.md`;
/**
 * The editor's unsaved fields (server/API.md §E9), one small file per article, written on its own
 * on every autosave: never through the article index or the journal.
 */
export const AUTOSAVES_DIR = 'autosaves';
export const AUTOSAVE_FILE = /^(\d+)\.json$/;
export const autosaveFileName = (articleId: number) => `${articleId}.json`;

/**
 * Comment mail (server/API.md §E13): the outbox and the addresses that asked for no more reply
 * mail, as one append-only log written in the same commit as the comment a mail tells of.
 */
export const MAIL_DIR = 'mail';
export const MAIL_OUTBOX_LOG = `${MAIL_DIR}/outbox.log`;

/** A file the store writes atomically is first written under a name like this, then renamed. */
export const isTempFileName = (name: string) => name.startsWith('.') && name.endsWith('.tmp');
