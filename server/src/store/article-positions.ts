import type { ArticleRecord } from './records.js';

/**
 * Where each article is in the index's items array, so that finding one by id costs the same on
 * a site of 20,000 articles as on one of 2,000 (a save looks its article up several times, and
 * every article page once). Repositories change the array freely inside mutations, so a
 * position is checked on every use: records pushed since are indexed from the end, and an array
 * replaced (a purge, an import) or changed in place is indexed again, once.
 */
export class ArticlePositions {
  private readonly positions = new Map<number, number>();
  private items: readonly ArticleRecord[] = [];
  /** How many records from the start of `items` are indexed, and the id of the last of them. */
  private indexed = 0;
  private lastIndexedId: number | undefined;

  find(items: readonly ArticleRecord[], id: number): ArticleRecord | undefined {
    const known = this.at(items, id);
    if (known) return known;
    if (!this.stillIndexes(items)) this.reindex(items);
    else this.indexTail(items);
    const found = this.at(items, id);
    if (found) return found;
    // An id that is not there (a 404) costs what it always did: one look through every record,
    // which also finds a record put in the middle of the array, were any change to do that.
    const missed = items.find((record) => record.id === id);
    if (missed) this.reindex(items);
    return missed;
  }

  private at(items: readonly ArticleRecord[], id: number): ArticleRecord | undefined {
    const index = this.positions.get(id);
    const record = index === undefined ? undefined : items[index];
    return record?.id === id ? record : undefined;
  }

  /** The same array, not shorter, its last indexed record still in place: only pushes happened. */
  private stillIndexes(items: readonly ArticleRecord[]): boolean {
    return (
      items === this.items &&
      items.length >= this.indexed &&
      (this.indexed === 0 || items[this.indexed - 1]?.id === this.lastIndexedId)
    );
  }

  private indexTail(items: readonly ArticleRecord[]): void {
    for (let index = this.indexed; index < items.length; index += 1) {
      this.positions.set((items[index] as ArticleRecord).id, index);
    }
    this.indexed = items.length;
    this.lastIndexedId = items[items.length - 1]?.id;
  }

  private reindex(items: readonly ArticleRecord[]): void {
    this.positions.clear();
    this.items = items;
    this.indexed = 0;
    this.indexTail(items);
  }
}
