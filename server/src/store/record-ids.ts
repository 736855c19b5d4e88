import type { CollectionFile } from './records.js';

/**
 * The largest id the store hands out. It fits a signed 32-bit integer, which every client and
 * database column holds, and is far below 2^53, past which `id + 1` equals `id` in JavaScript
 * and two records would be given one id.
 */
export const MAX_RECORD_ID = 2 ** 31 - 1;

/**
 * The largest id a backup may bring. Importing a record with it still leaves over a billion ids
 * for records created afterwards.
 */
export const MAX_IMPORTED_ID = 1_000_000_000;

/** Thrown rather than hand out an id that is not a new, exact integer. */
export class RecordIdsExhaustedError extends Error {}

/** `id` when it may be handed out; throws rather than repeat or round an id. */
export function checkedNextId(id: number): number {
  if (!Number.isSafeInteger(id) || id < 1 || id > MAX_RECORD_ID) {
    throw new RecordIdsExhaustedError(`No new record id is left to hand out (next would be ${String(id)})`);
  }
  return id;
}

/** Takes the next id of a collection. Ids are never reused, even after a delete or purge. */
export function takeNextId<T extends { id: number }>(collection: CollectionFile<T>): number {
  const id = checkedNextId(collection.next_id);
  collection.next_id = id + 1;
  return id;
}

/** Raises `next_id` above every stored id, after rows were written with ids of their own (import). */
export function raiseNextId<T extends { id: number }>(collection: CollectionFile<T>): void {
  for (const item of collection.items) {
    if (item.id >= collection.next_id) collection.next_id = item.id + 1;
  }
}

/**
 * Puts a collection's `next_id` above its ids as it is read, so that a hand-edited or damaged
 * file (a counter lowered, deleted or made text) cannot make the next create repeat an id.
 */
export function repairNextId<T extends { id: number }>(collection: CollectionFile<T>): void {
  if (!Number.isSafeInteger(collection.next_id) || collection.next_id < 1) collection.next_id = 1;
  raiseNextId(collection);
}
