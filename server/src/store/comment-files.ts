import { promises as fs } from 'node:fs';
import path from 'node:path';
import { DurableJsonFile, serialize, serializeCollection } from '@folio/shared/durable-file';
import type { CommentTable } from './comment-table.js';
import { COMMENTS_DIR, COMMENT_COUNTER, COMMENT_FILE, commentFileName } from './data-layout.js';
import type { FileWrite } from './journal.js';
import type { CollectionFile, CommentRecord } from './records.js';

/** An article's comment file as stored; `null` when it has none. */
export function readCommentFile(dataDir: string, articleId: number): CollectionFile<CommentRecord> | null {
  return new DurableJsonFile<CollectionFile<CommentRecord>>(path.join(dataDir, commentFileName(articleId))).readSync();
}

/** The writes that bring the given articles' comment files up to date with the table. */
export function commentFileWrites(comments: CommentTable, articleIds: readonly number[]): FileWrite[] {
  const files: FileWrite[] = [];
  let removes = false;
  for (const articleId of articleIds) {
    const file = comments.fileOf(articleId);
    files.push({ name: commentFileName(articleId), content: file && serializeCollection(file.next_id, file.items) });
    if (!file) removes = true;
  }
  if (removes) files.push(commentCounterWrite(comments));
  return files;
}

/** The site's next comment id on its own, kept for when no article file records it. */
export function commentCounterWrite(comments: CommentTable): FileWrite {
  return { name: COMMENT_COUNTER, content: serialize({ next_id: comments.next_id }) };
}

/** Counts every article's comment file (and reads the counter); the comments stay on disk until asked for. */
export async function loadCommentFiles(dataDir: string, comments: CommentTable): Promise<void> {
  const counter = await new DurableJsonFile<{ next_id: number }>(path.join(dataDir, COMMENT_COUNTER)).read();
  comments.raiseNextId(counter?.next_id ?? 1);
  const articleIds: number[] = [];
  for (const name of await fs.readdir(path.join(dataDir, COMMENTS_DIR))) {
    const match = COMMENT_FILE.exec(`${COMMENTS_DIR}/${name}`);
    // Only names the store writes (`7.json`, not `007.json`): the file counted here is the one read later.
    if (match && commentFileName(Number(match[1])) === `${COMMENTS_DIR}/${name}`) articleIds.push(Number(match[1]));
  }
  // Read in turn, synchronously: nothing is served before the store is open, and reading a
  // site's thousand comment files through the thread pool took far longer.
  for (const articleId of articleIds) {
    const file = readCommentFile(dataDir, articleId);
    if (file) comments.load(articleId, file);
  }
  comments.settle();
}
