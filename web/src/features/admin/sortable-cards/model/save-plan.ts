import { TEMP_ID_PREFIX } from '@folio/shared';

/** A card as edited locally: `key` is the id as text, or `new_N` for an unsaved card. */
export type Editable<F> = F & { key: string };

export interface OrderedSavePlan<F> {
  /** In list order: cards to create (new keys) and cards whose fields changed. */
  writes: ({ kind: 'create'; key: string; fields: F } | { kind: 'update'; id: number; fields: F })[];
  /** Ids of saved cards that were removed from the list. */
  deletes: number[];
  /** The final order as keys; new keys get their id from the create step. */
  order: string[];
}

export function isNewKey(key: string): boolean {
  return key.startsWith(TEMP_ID_PREFIX);
}

function fieldsDiffer(before: object, after: object): boolean {
  const left = before as Record<string, unknown>;
  const right = after as Record<string, unknown>;
  return Object.keys(right).some((name) => left[name] !== right[name]);
}

/** The save flow of server/API.md §6.6 for the current edits: what to create, update, delete, and the order. */
export function planOrderedSave<F extends object>(
  original: readonly Editable<F>[],
  items: readonly Editable<F>[],
): OrderedSavePlan<F> {
  const originalByKey = new Map(original.map((item) => [item.key, item]));
  const writes: OrderedSavePlan<F>['writes'] = [];
  for (const item of items) {
    const { key, ...rest } = item;
    const fields = rest as unknown as F;
    if (isNewKey(key)) writes.push({ kind: 'create', key, fields });
    else {
      const before = originalByKey.get(key);
      if (before && fieldsDiffer(before, item)) writes.push({ kind: 'update', id: Number(key), fields });
    }
  }
  const keptKeys = new Set(items.map((item) => item.key));
  const deletes = original.filter((item) => !keptKeys.has(item.key)).map((item) => Number(item.key));
  return { writes, deletes, order: items.map((item) => item.key) };
}

export interface OrderedSaveCalls<F> {
  create(fields: F): Promise<number>;
  update(id: number, fields: F): Promise<unknown>;
  remove(id: number): Promise<unknown>;
  reorder(ids: number[]): Promise<unknown>;
}

/** Runs a plan in order and stops at the first failure (a half-saved list cannot be rolled back). */
export async function runOrderedSave<F>(plan: OrderedSavePlan<F>, calls: OrderedSaveCalls<F>): Promise<void> {
  const createdIds = new Map<string, number>();
  for (const write of plan.writes) {
    if (write.kind === 'create') createdIds.set(write.key, await calls.create(write.fields));
    else await calls.update(write.id, write.fields);
  }
  for (const id of plan.deletes) await calls.remove(id);
  await calls.reorder(plan.order.map((key) => createdIds.get(key) ?? Number(key)));
}
