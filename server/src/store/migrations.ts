import { promises as fs } from 'node:fs';
import path from 'node:path';
import pLimit from 'p-limit';
import { DurableJsonFile, serialize } from '@folio/shared/durable-file';
import { commentCounterWrite, commentFileWrites } from './comment-files.js';
import type { ArticleIndex } from './article-index.js';
import { slugFromTitle, uniqueSlug } from './article-slugs.js';
import type { CommentTable } from './comment-table.js';
import { COMMENTS_DIR, LEGACY_COMMENTS, META, commentFileName } from './data-layout.js';
import type { FileWrite, Journal } from './journal.js';
import type { ArticleRecord, CollectionFile, CommentRecord, MetaFile } from './records.js';
import { DATA_FORMAT, DATA_FORMAT_VERSION } from './records.js';

/** How many comment files a migration writes at once. */
const IO_CONCURRENCY = 32;

/** What a migration reads and rewrites: the store's state as loaded from the older format. */
export interface MigrationTarget {
  dataDir: string;
  journal: Journal;
  /** Writes the records as a new snapshot once the steps have changed them in place. */
  articleIndex: ArticleIndex;
  articles: CollectionFile<ArticleRecord>;
  comments: CommentTable;
}

/** Checks `meta.json` (creating it for a new directory) and resolves with the format version found. */
export async function readFormatVersion(dataDir: string): Promise<number> {
  const adapter = new DurableJsonFile<MetaFile>(path.join(dataDir, META));
  const meta = await adapter.read();
  if (!meta) {
    await adapter.write({ format: DATA_FORMAT, version: DATA_FORMAT_VERSION, created_at: new Date().toISOString() });
    return DATA_FORMAT_VERSION;
  }
  if (meta.format !== DATA_FORMAT || typeof meta.version !== 'number') {
    throw new Error(`${dataDir} is not a Folio data directory (meta.json has an unknown format)`);
  }
  if (meta.version > DATA_FORMAT_VERSION) {
    throw new Error(`Data format version ${meta.version} is newer than this server understands (${DATA_FORMAT_VERSION})`);
  }
  return meta.version;
}

/**
 * Brings collections written by an older format up to date, one version step at a time. The
 * migrated files and the new `meta.json` are written in one journaled commit, after the article
 * snapshot, so a crash leaves the old directory (its articles perhaps already migrated: every
 * step leaves a migrated record as it is, and the next start runs them again) or the new one.
 */
export async function migrate(target: MigrationTarget, fromVersion: number): Promise<void> {
  const { dataDir, journal } = target;
  if (fromVersion >= DATA_FORMAT_VERSION) {
    // A crash after a migration to format 3 recorded itself but before it removed the old file.
    await fs.rm(path.join(dataDir, LEGACY_COMMENTS), { force: true });
    return;
  }
  const files: FileWrite[] = [];
  if (fromVersion < 2) {
    // Version 1 had no revisions: every article starts at 1, the ETag clients first see.
    for (const article of target.articles.items) {
      const stored = article as Partial<ArticleRecord>;
      if (typeof stored.revision !== 'number') article.revision = 1;
    }
  }
  if (fromVersion < 4) publishEveryArticle(target.articles.items);
  if (fromVersion < 5) await giveEveryArticleASlug(target.articles.items);
  // What the steps changed in place, and the index's first snapshot with a log generation.
  await target.articleIndex.rewrite();
  if (fromVersion < 3) await splitLegacyComments(target);
  const meta = await new DurableJsonFile<MetaFile>(path.join(dataDir, META)).read();
  files.push({ name: META, content: serialize({ ...meta, version: DATA_FORMAT_VERSION }) });
  await journal.persist(files);
  await fs.rm(path.join(dataDir, LEGACY_COMMENTS), { force: true });
}

/**
 * Format 3 → 4: every article written before drafts existed was public, and went public when it
 * was created (server/API.md §E8), so its readers' date and place in the list stay as they were.
 */
function publishEveryArticle(articles: ArticleRecord[]): void {
  for (const article of articles) {
    const stored = article as Partial<ArticleRecord>;
    if (stored.status === undefined) {
      article.status = 'published';
      article.publish_at = article.created_at;
    }
  }
}

/**
 * Format 4 → 5: every article gets the slug its title gives (server/API.md §E19), made unique in
 * the order the articles were created, so the oldest keeps the plain one.
 */
async function giveEveryArticleASlug(articles: ArticleRecord[]): Promise<void> {
  const taken = new Set(articles.map((article) => (article as Partial<ArticleRecord>).slug).filter((slug) => slug !== undefined));
  for (const article of [...articles].sort((a, b) => a.id - b.id)) {
    if ((article as Partial<ArticleRecord>).slug !== undefined) continue;
    article.slug = uniqueSlug(await slugFromTitle(article.title), article.id, (slug) => taken.has(slug));
    taken.add(article.slug);
  }
}

/**
 * Format 2 → 3: writes one file per article from `comments.json`. Until `meta.json` says 3,
 * `comments.json` stays the truth and the split is simply redone after a crash, overwriting
 * what an interrupted run wrote; once it says 3, only the split files are read.
 */
async function splitLegacyComments({ dataDir, journal, comments }: MigrationTarget): Promise<void> {
  const legacy = await new DurableJsonFile<CollectionFile<CommentRecord>>(path.join(dataDir, LEGACY_COMMENTS)).read();
  comments.clear();
  for (const comment of legacy?.items ?? []) comments.put(comment);
  comments.raiseNextId(legacy?.next_id ?? 1);
  const articleIds = comments.takeChanged();
  const wanted = new Set(articleIds.map(commentFileName));
  const commentsDir = path.join(dataDir, COMMENTS_DIR);
  for (const name of await fs.readdir(commentsDir)) {
    if (!wanted.has(`${COMMENTS_DIR}/${name}`)) await fs.rm(path.join(commentsDir, name), { force: true });
  }
  const limit = pLimit(IO_CONCURRENCY);
  await Promise.all(commentFileWrites(comments, articleIds).map((file) => limit(() => journal.applyWrite(file))));
  comments.committed(articleIds);
  // Every article file carries the counter; this one keeps it when the site has no comments.
  await journal.applyWrite(commentCounterWrite(comments));
}
