import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { TEMP_ID_PREFIX } from '@folio/shared';
import type { ApiClient, EnvelopeResponse } from '../../../../lib/api-client';
import type { SafeParseOutcome } from '../../../../lib/first-issue';
import { firstIssueMessage } from '../../../../lib/first-issue';
import type { Editable } from '../model/save-plan';
import { planOrderedSave, runOrderedSave } from '../model/save-plan';

/**
 * The admin calls of one ordered resource. Each resource's api/ module spells its paths out, so a
 * search for `/api/admin/skills` finds the call as well as the handler.
 */
export interface OrderedCalls<F> {
  list(api: ApiClient): Promise<EnvelopeResponse<(F & { id: number })[]>>;
  create(api: ApiClient, fields: F): Promise<EnvelopeResponse<{ id: number }>>;
  update(api: ApiClient, id: number, fields: F): Promise<unknown>;
  remove(api: ApiClient, id: number): Promise<unknown>;
  reorder(api: ApiClient, ids: number[]): Promise<unknown>;
}

export interface OrderedResource<F> {
  /** 'skills' or 'contacts': names the editor's unsaved changes. */
  name: string;
  calls: OrderedCalls<F>;
  fieldsOf: (item: F & { id: number }) => F;
  blank: () => F;
  /** The shared schema the server parses a created card with; a card that breaks it is not sent. */
  schema: { safeParse(fields: unknown): SafeParseOutcome };
}

/**
 * Holds skill or contact edits locally until 保存全部更改, then runs the save flow of server/API.md §6.6:
 * create new cards, update changed ones, delete removed ones, save the order, reload.
 */
export function useOrderedEditor<F extends object>(api: ApiClient, resource: OrderedResource<F>) {
  const [original, setOriginal] = useState<Editable<F>[]>([]);
  const [items, setItems] = useState<Editable<F>[]>([]);
  const [loading, setLoading] = useState(true);
  const [loadError, setLoadError] = useState<unknown>(null);
  const nextTemp = useRef(1);

  const load = useCallback(async () => {
    setLoading(true);
    try {
      const response = await resource.calls.list(api);
      const loaded = response.data.map((item) => ({ ...resource.fieldsOf(item), key: String(item.id) }));
      setOriginal(loaded);
      setItems(loaded);
      setLoadError(null);
    } catch (error) {
      setLoadError(error);
      throw error;
    } finally {
      setLoading(false);
    }
  }, [api, resource]);

  useEffect(() => {
    void load().catch(() => undefined);
  }, [load]);

  const dirty = useMemo(() => JSON.stringify(items) !== JSON.stringify(original), [items, original]);

  const update = useCallback((key: string, patch: Partial<F>) => {
    setItems((current) => current.map((item) => (item.key === key ? { ...item, ...patch } : item)));
  }, []);

  const addAfter = useCallback(
    (key: string | null) => {
      const fresh: Editable<F> = { ...resource.blank(), key: `${TEMP_ID_PREFIX}${nextTemp.current++}` };
      setItems((current) => {
        const index = key === null ? current.length - 1 : current.findIndex((item) => item.key === key);
        return [...current.slice(0, index + 1), fresh, ...current.slice(index + 1)];
      });
    },
    [resource],
  );

  const remove = useCallback((key: string) => setItems((current) => current.filter((item) => item.key !== key)), []);

  /** Stops at the first failure (a half-saved list cannot be rolled back) and reloads either way. */
  const save = useCallback(async () => {
    const { calls } = resource;
    const plan = planOrderedSave(original, items);
    // Checked before anything is written, with the server's own rules and messages.
    for (const write of plan.writes) {
      const invalid = firstIssueMessage(resource.schema.safeParse(write.fields));
      if (invalid) throw new Error(invalid);
    }
    try {
      await runOrderedSave(plan, {
        create: async (fields) => (await calls.create(api, fields)).data.id,
        update: (id, fields) => calls.update(api, id, fields),
        remove: (id) => calls.remove(api, id),
        reorder: (ids) => calls.reorder(api, ids),
      });
    } finally {
      await load().catch(() => undefined);
    }
  }, [api, resource, items, original, load]);

  return { items, setItems, loading, loadError, dirty, load, update, addAfter, remove, save };
}
