import type { Store } from './store.js';
import { takeNextId } from './record-ids.js';
import type { CollectionFile } from './records.js';
import { isoNow } from './clock.js';

interface SkillOrContactRecord {
  id: number;
  sort_order: number;
  created_at: string;
  updated_at: string;
}

/** Collections whose items the owner orders by hand. */
export type SkillOrContactCollectionName = 'skills' | 'contacts';
/** What a client sets on an ordered item; the rest is the store's. */
export type SkillOrContactRecordFields<R> = Omit<R, 'id' | 'sort_order' | 'created_at' | 'updated_at'>;

export const bySortOrder = (a: { sort_order: number; id: number }, b: { sort_order: number; id: number }) =>
  a.sort_order - b.sort_order || a.id - b.id;

/**
 * Storage for a list the owner orders by hand (skills, contacts): sorted by `sort_order` then
 * `id`, new items appended at the end, reordered only as a whole.
 */
export class SkillOrContactRepository<R extends SkillOrContactRecord> {
  constructor(
    private readonly store: Store,
    private readonly name: SkillOrContactCollectionName,
  ) {}

  private get collection(): CollectionFile<R> {
    // The caller picks R to match the collection it names.
    return this.store.state[this.name] as unknown as CollectionFile<R>;
  }

  list(): R[] {
    return [...this.collection.items].sort(bySortOrder);
  }

  find(id: number): R | undefined {
    return this.collection.items.find((item) => item.id === id);
  }

  create(fields: SkillOrContactRecordFields<R>): Promise<R> {
    return this.store.mutate([this.name], () => {
      const collection = this.collection;
      const now = isoNow();
      const lastOrder = collection.items.reduce((max, item) => Math.max(max, item.sort_order), -1);
      const record = { ...fields, id: takeNextId(collection), sort_order: lastOrder + 1, created_at: now, updated_at: now } as R;
      collection.items.push(record);
      return record;
    });
  }

  /** Applies a partial update; resolves `undefined` when the id is unknown. */
  update(id: number, patch: Partial<SkillOrContactRecordFields<R>>): Promise<R | undefined> {
    const record = this.find(id);
    if (!record) return Promise.resolve(undefined);
    return this.store.mutate([this.name], () => {
      Object.assign(record, patch, { updated_at: isoNow() });
      return record;
    });
  }

  remove(id: number): Promise<boolean> {
    if (!this.find(id)) return Promise.resolve(false);
    return this.store.mutate([this.name], () => {
      const collection = this.collection;
      collection.items = collection.items.filter((item) => item.id !== id);
      return true;
    });
  }

  /** True when `ids` names every stored item exactly once. */
  matchesAll(ids: readonly number[]): boolean {
    const stored = new Set(this.collection.items.map((item) => item.id));
    return ids.length === stored.size && ids.every((id) => stored.has(id));
  }

  /** Sets `sort_order` to the position in `ids`, which must name every item (see {@link matchesAll}). */
  reorder(ids: readonly number[]): Promise<R[]> {
    return this.store.mutate([this.name], () => {
      const position = new Map(ids.map((id, index) => [id, index]));
      for (const item of this.collection.items) item.sort_order = position.get(item.id) ?? item.sort_order;
      return this.list();
    });
  }
}
