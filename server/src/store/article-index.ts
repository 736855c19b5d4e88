import { promises as fs } from 'node:fs';
import path from 'node:path';
import { DurableJsonFile, serializeCollection, writeFileDurably } from '@folio/shared/durable-file';
import type { ArticleSnapshot } from './article-log.js';
import { listLogGenerations, parseLog, removeLogsBefore, replayLog, serializeLogEntry } from './article-log.js';
import type { ArticleLogEntry } from './article-log.js';
import { ArticleChangeTracker } from './article-changes.js';
import { ArticlePositions } from './article-positions.js';
import { StoredArticleViews } from './stored-article-views.js';
import { ARTICLE_SNAPSHOT, articleLogName } from './data-layout.js';
import type { FileAppend } from './journal.js';
import type { ArticleRecord, CollectionFile } from './records.js';
import type { StorageHealth } from './storage-health.js';

const COMPACT_AT_LEAST_BYTES = 256 * 1024;
/** A snapshot is flushed this much at a time, so saves made meanwhile wait for a slice of it, not all. */
const SNAPSHOT_SYNC_BYTES = 1024 * 1024;
const COMPACT_SHARE_OF_SNAPSHOT = 0.5;

/**
 * How large the log may grow before it is folded into a new snapshot: half the snapshot, so
 * start-up reads at most one and a half times the index, and at least 256 KB, so a small site
 * does not rewrite its snapshot every few saves.
 */
export const compactionThreshold = (snapshotBytes: number): number =>
  Math.max(COMPACT_AT_LEAST_BYTES, snapshotBytes * COMPACT_SHARE_OF_SNAPSHOT);

/** The article index's part of a commit: a line to append, and what to do once it is on disk. */
export interface ArticleCommit {
  write: FileAppend;
  committed(): void;
  failed(): void;
}

/**
 * The article records, stored so that a save costs the same on a site of 20,000 articles as on
 * one of 2,000. `articles.json` is a snapshot of every record; each commit that changes articles
 * appends one line to the current log, `articles.<generation>.log`, holding the changed records
 * whole, through the journal when it shares the commit with other files. Rewriting the whole
 * index on every save made seeding 20,000 articles take 55 times as long as 2,000.
 *
 * When the log passes half the snapshot's size, the next commit also copies the records as they
 * stand after it, and once that commit is on disk the appends move to a new log generation while
 * the copy is written as the next snapshot in the background; the older logs go once it is in
 * place. Start-up reads the snapshot and replays every log from the snapshot's generation on, so
 * a kill at any point of that, or of an append, loses no acknowledged commit: a torn last line
 * is an append that was never acknowledged, and is dropped.
 */
export class ArticleIndex {
  private tracker: ArticleChangeTracker;
  /** What readers need from every stored article, kept up to date per commit. */
  readonly views: StoredArticleViews;
  /** The background snapshot being written, if any. */
  private compaction: Promise<void> | null = null;
  /** Told how each background compaction went: a failed one is answered to no request. */
  private health: StorageHealth | null = null;
  /** JSON of records not stored yet, made ahead of the commit that writes them ({@link serializeAhead}). */
  private readonly serializedAhead = new WeakMap<ArticleRecord, { json: string; fields: ArticleRecord }>();

  private constructor(
    private readonly dataDir: string,
    /** What the store's state hands out: repositories change it in place inside mutations. */
    readonly collection: CollectionFile<ArticleRecord>,
    /** The log generation commits append to. */
    private generation: number,
    private logBytes: number,
    private snapshotBytes: number,
  ) {
    this.tracker = new ArticleChangeTracker(collection.items);
    this.views = new StoredArticleViews(() => this.collection.items);
    this.views.rebuild();
  }

  private readonly positions = new ArticlePositions();

  /** The article with this id, live or binned, without looking through every article. */
  find(id: number): ArticleRecord | undefined {
    return this.positions.find(this.collection.items, id);
  }

  /**
   * Reads the snapshot and replays the logs after it. A snapshot from before the logs (format 3,
   * or a new directory) is rewritten with a generation first, so no log ever follows one without.
   */
  static async load(dataDir: string): Promise<ArticleIndex> {
    const snapshotPath = path.join(dataDir, ARTICLE_SNAPSHOT);
    const snapshot = await new DurableJsonFile<ArticleSnapshot>(snapshotPath).read();
    const generations = await listLogGenerations(dataDir);
    if (snapshot?.log_generation === undefined) {
      if (snapshot === null && generations.length > 0) {
        throw new Error(`${snapshotPath} is missing but article logs are there: restore it from a copy of the data directory`);
      }
      // Logs beside a snapshot without a generation were written before it: it already holds them.
      const collection = { next_id: snapshot?.next_id ?? 1, items: snapshot?.items ?? [] };
      const index = new ArticleIndex(dataDir, collection, Math.max(0, ...generations), 0, 0);
      await index.rewrite();
      return index;
    }
    const first = snapshot.log_generation;
    await removeLogsBefore(dataDir, first);
    let collection: CollectionFile<ArticleRecord> = { next_id: snapshot.next_id, items: snapshot.items };
    let generation = first;
    let logBytes = 0;
    for (const logGeneration of generations.filter((candidate) => candidate >= first)) {
      const name = articleLogName(logGeneration);
      const bytes = await fs.readFile(path.join(dataDir, name));
      const { entries, intactBytes } = parseLog(bytes, name);
      if (intactBytes < bytes.length) await truncateDurably(path.join(dataDir, name), intactBytes);
      collection = replayLog(collection, entries);
      generation = logGeneration;
      logBytes = intactBytes;
    }
    const { size } = await fs.stat(snapshotPath);
    return new ArticleIndex(dataDir, collection, generation, logBytes, size);
  }

  /** Where each background compaction's outcome is reported (and, through it, logged). */
  reportTo(health: StorageHealth): void {
    this.health = health;
  }

  /** Notes what a mutation naming articles returned: the records it changed in place (see ArticleChangeTracker). */
  noteResult(result: unknown): void {
    this.tracker.noteResult(result);
  }

  /**
   * Serialises records that are not in the index yet and that nothing changes before a mutation
   * adds them (a blog import's new articles, made in turns before its one mutation), so the
   * commit that writes them joins their JSON instead of making it while it holds the event loop.
   * Each is used once, and only while every field of the record still holds what it held then
   * (fields are replaced, never changed inside): a commit that fails, or a record another mutation
   * set a field of meanwhile, is serialised afresh.
   */
  serializeAhead(records: readonly ArticleRecord[]): void {
    for (const record of records) this.serializedAhead.set(record, { json: JSON.stringify(record), fields: { ...record } });
  }

  /** The record's JSON made ahead, unless a field of it was set since (then the commit makes it afresh). */
  private takeSerializedAhead(record: ArticleRecord): string | undefined {
    const ahead = this.serializedAhead.get(record);
    this.serializedAhead.delete(record);
    if (!ahead) return undefined;
    const keys = Object.keys(record) as (keyof ArticleRecord)[];
    const unchanged =
      keys.length === Object.keys(ahead.fields).length && keys.every((key) => Object.is(record[key], ahead.fields[key]));
    return unchanged ? ahead.json : undefined;
  }

  /**
   * The line the next commit appends for what changed since the last one, or undefined when no
   * record did (a create's id reservation changes only the counter, which rides along with the
   * next line; an id never stored may be handed out again after a crash, as nobody saw it).
   */
  takeChanges(): ArticleCommit | undefined {
    const changes = this.tracker.take(this.collection.items);
    if (changes.put.length === 0 && changes.delete.length === 0) {
      changes.settle();
      return undefined;
    }
    const entry: ArticleLogEntry = { next_id: this.collection.next_id };
    if (changes.put.length > 0) entry.put = changes.put;
    if (changes.delete.length > 0) entry.delete = changes.delete;
    const line = serializeLogEntry(entry, (record) => this.takeSerializedAhead(record));
    const applyViews = this.views.capture(changes.put);
    const at = this.logBytes;
    const end = at + Buffer.byteLength(line);
    // Copied now, the records are exactly what this commit leaves on disk.
    const snapshot = this.compaction === null && end > compactionThreshold(this.snapshotBytes) ? this.copyRecords() : undefined;
    return {
      write: { name: articleLogName(this.generation), append: line, at },
      committed: () => {
        changes.settle();
        applyViews(changes.delete);
        this.logBytes = end;
        if (snapshot) this.compactInBackground(snapshot);
      },
      failed: () => changes.retry(),
    };
  }

  /**
   * Writes every record as a new snapshot now, and drops the logs (a migration that changed
   * records in place). Only while no commit runs: when the store opens.
   */
  async rewrite(): Promise<void> {
    await this.settled();
    const generation = this.generation + 1;
    await this.writeSnapshot(this.copyRecords(), generation);
    this.generation = generation;
    this.logBytes = 0;
    this.tracker = new ArticleChangeTracker(this.collection.items);
    this.views.rebuild();
  }

  /** Resolves once a snapshot being written in the background is in place (or has failed). */
  async settled(): Promise<void> {
    while (this.compaction) await this.compaction;
  }

  /** Shallow copies: repositories replace a record's arrays rather than change them, so these stay as copied. */
  private copyRecords(): CollectionFile<ArticleRecord> {
    return { next_id: this.collection.next_id, items: this.collection.items.map((record) => ({ ...record })) };
  }

  private compactInBackground(snapshot: CollectionFile<ArticleRecord>): void {
    const generation = this.generation + 1;
    // Commits from now on go to the new log, which starts where the snapshot ends.
    this.generation = generation;
    this.logBytes = 0;
    this.compaction = this.writeSnapshot(snapshot, generation)
      .then(
        () => this.health?.succeeded('compaction'),
        // The older logs still hold everything the snapshot would have: start-up replays them all,
        // and the next compaction tries again. Meanwhile the logs grow: the admin is told.
        (error: unknown) => this.health?.failed('compaction', error),
      )
      .finally(() => {
        this.compaction = null;
      });
  }

  private async writeSnapshot(snapshot: CollectionFile<ArticleRecord>, generation: number): Promise<void> {
    const target = path.join(this.dataDir, ARTICLE_SNAPSHOT);
    const pieces = serializeCollection(snapshot.next_id, snapshot.items, { log_generation: generation });
    await writeFileDurably(target, pieces, 0o644, SNAPSHOT_SYNC_BYTES);
    this.snapshotBytes = (await fs.stat(target)).size;
    await removeLogsBefore(this.dataDir, generation);
  }
}

/** Cuts a torn last line off a log, so the next append follows the last intact one. */
async function truncateDurably(filePath: string, length: number): Promise<void> {
  const handle = await fs.open(filePath, 'r+');
  try {
    await handle.truncate(length);
    await handle.datasync();
  } finally {
    await handle.close();
  }
}
