import { promises as fs } from 'node:fs';
import path from 'node:path';
import { bodyFileName, isTempFileName } from './data-layout.js';
import type { DiagramFiles } from './diagram-files.js';
import type { ArticleRecord } from './records.js';

/** What the sweeps look at: the folders of an open store and the records that point into them. */
export interface SweptDirectory {
  dataDir: string;
  bodiesDir: string;
  uploadsDir: string;
  commentsDir: string;
  articles: readonly ArticleRecord[];
  diagrams: DiagramFiles;
}

/**
 * Removes what an interrupted run left behind, once the store's records are loaded: files
 * being written when the process died, and files written before the record that would point
 * at them. Nothing a record points at is ever removed.
 */
export async function sweepAtStart(directory: SweptDirectory): Promise<void> {
  await checkBodies(directory);
  await removeTempFiles([
    directory.dataDir,
    directory.bodiesDir,
    directory.uploadsDir,
    directory.commentsDir,
    directory.diagrams.dir,
  ]);
  // Drawings of articles since purged, replaced or imported over, and files a crash left before
  // their article pointed at them.
  await directory.diagrams.sweep();
}

/** Checks that every article's body file is there (read later, on use) and removes files nothing points at. */
async function checkBodies({ bodiesDir, articles }: SweptDirectory): Promise<void> {
  const wanted = new Map<string, number>();
  for (const article of articles) wanted.set(bodyFileName(article.id, article.body_rev), article.id);
  const present = new Set(await fs.readdir(bodiesDir));
  for (const [fileName, id] of wanted) {
    if (!present.has(fileName)) throw new Error(`Article ${id} has no body file ${fileName}`);
  }
  for (const fileName of present) {
    // Bodies of interrupted or replaced revisions: nothing points at them.
    if (!wanted.has(fileName)) await fs.rm(path.join(bodiesDir, fileName), { force: true });
  }
}

/** Files an atomic write had not renamed into place yet when the process died. */
async function removeTempFiles(dirs: readonly string[]): Promise<void> {
  for (const dir of dirs) {
    for (const name of await fs.readdir(dir)) {
      if (isTempFileName(name)) await fs.rm(path.join(dir, name), { force: true });
    }
  }
}
