import type { ArticleRecord } from './records.js';

/** What the next commit writes of the article index: records to write whole, ids to remove. */
export interface ArticleChanges {
  put: ArticleRecord[];
  delete: number[];
  /** The commit that wrote them succeeded: they are the new baseline. */
  settle(): void;
  /** The commit failed: the next one takes them again. */
  retry(): void;
}

/**
 * Which article records changed since the last commit, found without looking at every record:
 * a save must cost the same on a site of 20,000 articles as on one of 2,000, and one pass over
 * every record on each commit cost milliseconds at 20,000 (the records are scattered in memory).
 *
 * Repositories change articles in three ways, each found here:
 * - a new record is pushed onto the items array: the records past the last commit's length;
 * - removals (a purge) and imports replace the items array: it is then compared with the last
 *   commit's records by id, once, for that commit;
 * - a record is changed in place inside a store mutation, which returns it (alone, in an array,
 *   or as a property of its result, as every repository method that changes an article does):
 *   {@link noteResult} keeps the article records a mutation returned.
 */
export class ArticleChangeTracker {
  /** The items array and its length as the last commit saw them. */
  private items: readonly ArticleRecord[];
  private length: number;
  /** The record then last in the array: still there unless records were removed in place. */
  private last: ArticleRecord | undefined;
  /** The records the last commit wrote, by id: to tell a replaced record and a removed one. */
  private byId: Map<number, ArticleRecord>;
  private returned = new Set<ArticleRecord>();

  constructor(items: readonly ArticleRecord[]) {
    this.items = items;
    this.length = items.length;
    this.last = items[items.length - 1];
    this.byId = new Map(items.map((record) => [record.id, record]));
  }

  /** Keeps the article records in a mutation's result: the records it changed in place. */
  noteResult(result: unknown): void {
    this.noteValue(result, 2);
  }

  private noteValue(value: unknown, depth: number): void {
    if (typeof value !== 'object' || value === null) return;
    if (Array.isArray(value)) {
      for (const item of value as unknown[]) this.noteValue(item, depth - 1);
      return;
    }
    const record = value as Partial<ArticleRecord>;
    if (typeof record.id === 'number' && this.byId.get(record.id) === value) {
      this.returned.add(value as ArticleRecord);
      return;
    }
    if (depth > 0) for (const field of Object.values(value)) this.noteValue(field, depth - 1);
  }

  /** The changes of `items` since the last commit, as they are now. */
  take(items: readonly ArticleRecord[]): ArticleChanges {
    const returned = this.returned;
    this.returned = new Set();
    const retry = () => {
      for (const record of returned) this.returned.add(record);
    };
    // The same array, only grown, its last known record still in place: nothing was removed.
    const onlyAppended = items === this.items && items.length >= this.length && items[this.length - 1] === this.last;
    if (!onlyAppended) return { ...this.changesById(items, returned), retry };
    const added = items.slice(this.length);
    const length = items.length;
    return {
      put: [...[...returned].filter((record) => this.byId.get(record.id) === record), ...added],
      delete: [],
      settle: () => {
        for (const record of added) this.byId.set(record.id, record);
        this.length = length;
        this.last = items[length - 1];
      },
      retry,
    };
  }

  private changesById(items: readonly ArticleRecord[], returned: ReadonlySet<ArticleRecord>): Omit<ArticleChanges, 'retry'> {
    const byId = new Map(items.map((record) => [record.id, record]));
    const put = items.filter((record) => returned.has(record) || this.byId.get(record.id) !== record);
    const removed = [...this.byId.keys()].filter((id) => !byId.has(id));
    // As the array is now: records pushed after this commit took its changes are the next one's.
    const length = items.length;
    const last = items[length - 1];
    return {
      put,
      delete: removed,
      settle: () => {
        this.items = items;
        this.length = length;
        this.last = last;
        this.byId = byId;
      },
    };
  }
}
