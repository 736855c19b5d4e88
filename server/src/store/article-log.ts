import { promises as fs } from 'node:fs';
import path from 'node:path';
import { ARTICLE_LOG, articleLogName } from './data-layout.js';
import { parseLines } from './line-log.js';
import type { ParsedLines } from './line-log.js';
import type { ArticleRecord, CollectionFile } from './records.js';

/**
 * One line of an article log: what one commit changed in the article index. Records are written
 * whole, so replaying a line needs nothing but the line; the counter rides along with every line.
 */
export interface ArticleLogEntry {
  next_id: number;
  /** New or changed records; a new one joins the end of the index, a changed one keeps its place. */
  put?: ArticleRecord[];
  /** Ids of records removed for good (a purge). */
  delete?: number[];
}

/** `articles.json`: every record as of the start of the log of generation `log_generation`. */
export interface ArticleSnapshot extends CollectionFile<ArticleRecord> {
  /** Absent in directories written before the logs (format 3 and older). */
  log_generation?: number;
}

/**
 * The line of an entry. `serializedAhead` may give a record's JSON made earlier (it must be what
 * `JSON.stringify` makes of the record now): the line is then joined from it, which spares a commit
 * of thousands of new records their serialising while it holds the event loop.
 */
export function serializeLogEntry(
  entry: ArticleLogEntry,
  serializedAhead?: (record: ArticleRecord) => string | undefined,
): string {
  if (!serializedAhead || !entry.put) return `${JSON.stringify(entry)}\n`;
  const put = entry.put.map((record) => serializedAhead(record) ?? JSON.stringify(record)).join(',');
  const deleted = entry.delete ? `,"delete":${JSON.stringify(entry.delete)}` : '';
  return `{"next_id":${JSON.stringify(entry.next_id)},"put":[${put}]${deleted}}\n`;
}

const isLogEntry = (value: unknown): value is ArticleLogEntry => {
  if (typeof value !== 'object' || value === null) return false;
  const entry = value as Record<string, unknown>;
  return (
    typeof entry.next_id === 'number' &&
    (entry.put === undefined || Array.isArray(entry.put)) &&
    (entry.delete === undefined || Array.isArray(entry.delete))
  );
};

/** The entries of a log, and how many of its bytes hold them. */
export type ParsedLog = ParsedLines<ArticleLogEntry>;

/** Reads a log's lines: a torn last line is left out, damage before it throws (see {@link parseLines}). */
export function parseLog(bytes: Buffer, fileName: string): ParsedLog {
  return parseLines(bytes, fileName, isLogEntry, 'an article log entry');
}

/** Applies log entries to a snapshot's records, in order: what the index held after their commits. */
export function replayLog(
  snapshot: CollectionFile<ArticleRecord>,
  entries: readonly ArticleLogEntry[],
): CollectionFile<ArticleRecord> {
  // A Map keeps insertion order: a changed record keeps its place, a new one goes last.
  const byId = new Map(snapshot.items.map((record) => [record.id, record]));
  let nextId = snapshot.next_id;
  for (const entry of entries) {
    for (const record of entry.put ?? []) byId.set(record.id, record);
    for (const id of entry.delete ?? []) byId.delete(id);
    nextId = Math.max(nextId, entry.next_id);
  }
  return { next_id: nextId, items: [...byId.values()] };
}

/** The generations of the article logs in the data directory, oldest first. */
export async function listLogGenerations(dataDir: string): Promise<number[]> {
  const generations: number[] = [];
  for (const name of await fs.readdir(dataDir)) {
    const generation = ARTICLE_LOG.exec(name)?.[1];
    if (generation !== undefined) generations.push(Number(generation));
  }
  return generations.sort((a, b) => a - b);
}

/** Removes the logs older than `generation`: a snapshot of that generation holds all they said. */
export async function removeLogsBefore(dataDir: string, generation: number): Promise<void> {
  for (const old of await listLogGenerations(dataDir)) {
    if (old < generation) await fs.rm(path.join(dataDir, articleLogName(old)), { force: true });
  }
}
