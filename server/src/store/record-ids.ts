import type { CollectionFile } from './records.js';

/** Takes the next id of a collection. Ids are never reused, even after a delete or purge. */
export function takeNextId<T extends { id: number }>(collection: CollectionFile<T>): number {
  const id = collection.next_id;
  collection.next_id = id + 1;
  return id;
}

/** Raises `next_id` above every stored id, after rows were written with ids of their own (import). */
export function raiseNextId<T extends { id: number }>(collection: CollectionFile<T>): void {
  for (const item of collection.items) {
    if (item.id >= collection.next_id) collection.next_id = item.id + 1;
  }
}
