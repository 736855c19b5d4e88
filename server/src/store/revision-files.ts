import { closeSync, fsyncSync, mkdirSync, openSync, promises as fs } from 'node:fs';
import path from 'node:path';
import { ARTICLE_HISTORY_LIMITS } from '@folio/shared';
import type { ArticleRevision, ArticleRevisionListItem } from '@folio/shared';
import { serialize, syncDirectory } from '@folio/shared/durable-file';
import { REVISIONS_DIR, revisionBodyName, revisionFolderName, revisionIndexName } from './data-layout.js';
import { PendingFiles } from './pending-files.js';

/** A kept version as its article's `index.json` lists it: everything but the body, and the body's size. */
export interface KeptVersion extends Omit<ArticleRevision, 'content'>, Pick<ArticleRevisionListItem, 'body_length'> {
  /** UTF-8 bytes of the body, counted against {@link ARTICLE_HISTORY_LIMITS}. */
  body_bytes: number;
}

/** `revisions/<article id>/index.json`: the kept versions, oldest first. */
interface RevisionIndexFile {
  versions: KeptVersion[];
}

/**
 * Drops the oldest versions until the rest fit the bounds of {@link ARTICLE_HISTORY_LIMITS} and
 * returns them; the newest version is always kept (a body is far below the byte bound).
 */
function dropOldest(versions: KeptVersion[]): KeptVersion[] {
  let bytes = versions.reduce((sum, version) => sum + version.body_bytes, 0);
  let dropped = 0;
  const tooMany = () => versions.length - dropped > ARTICLE_HISTORY_LIMITS.versions;
  while (versions.length - dropped > 1 && (tooMany() || bytes > ARTICLE_HISTORY_LIMITS.bodyBytes)) {
    bytes -= versions[dropped]?.body_bytes ?? 0;
    dropped += 1;
  }
  return versions.splice(0, dropped);
}

/**
 * Every article's history on disk (server/API.md §E10): one folder per article, read when asked
 * for and never held in memory. A version is kept by the store's commit that replaces it, in
 * the same journalled commit as the article change, so a kill keeps both or neither.
 */
export class RevisionFiles extends PendingFiles {
  get dir(): string {
    return path.join(this.dataDir, REVISIONS_DIR);
  }

  /**
   * Keeps `version` of an article for the next commit, replacing any kept version from its
   * revision on (what an interrupted or imported-over history left), and drops the oldest
   * versions past the bounds. Synchronous: it runs inside the mutation that replaces the version.
   */
  keep(articleId: number, version: ArticleRevision): void {
    const { content, ...stamp } = version;
    const stored = this.parseIndex(this.readTextSync(revisionIndexName(articleId)));
    const versions = stored.filter((kept) => kept.revision < version.revision);
    versions.push({ ...stamp, body_length: content.length, body_bytes: Buffer.byteLength(content) });
    const gone = [...dropOldest(versions), ...stored.filter((kept) => kept.revision > version.revision)];
    this.ensureFolder(articleId);
    for (const { revision } of gone) this.remove(revisionBodyName(articleId, revision));
    this.putText(revisionBodyName(articleId, version.revision), content);
    this.putText(revisionIndexName(articleId), serialize({ versions } satisfies RevisionIndexFile));
  }

  /** The article's kept versions, oldest first; none when it has no history. */
  async readIndex(articleId: number): Promise<KeptVersion[]> {
    return this.parseIndex(await this.readText(revisionIndexName(articleId)));
  }

  /** The body of a kept version; undefined when that version is not kept. */
  readBody(articleId: number, revision: number): Promise<string | undefined> {
    return this.readText(revisionBodyName(articleId, revision));
  }

  /** Removes the history of articles that are gone for good (called once their purge is committed). */
  async removeArticles(articleIds: readonly number[]): Promise<void> {
    if (articleIds.length === 0) return;
    for (const id of articleIds) await fs.rm(path.join(this.dataDir, revisionFolderName(id)), { recursive: true, force: true });
    await syncDirectory(this.dir);
  }

  private parseIndex(text: string | undefined): KeptVersion[] {
    return text === undefined ? [] : (JSON.parse(text) as RevisionIndexFile).versions;
  }

  /**
   * Creates the article's folder before a commit writes into it, and makes the new folder's name
   * durable too: the journal's files are synced into their folder, not the folder into `revisions/`.
   */
  private ensureFolder(articleId: number): void {
    if (mkdirSync(path.join(this.dataDir, revisionFolderName(articleId)), { recursive: true }) === undefined) return;
    const handle = openSync(this.dir, 'r');
    try {
      fsyncSync(handle);
    } finally {
      closeSync(handle);
    }
  }
}
