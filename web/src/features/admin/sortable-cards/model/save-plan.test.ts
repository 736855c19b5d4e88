import { describe, expect, it } from 'vitest';
import { TEMP_ID_PREFIX } from '@folio/shared';
import type { Editable } from './save-plan';
import { planOrderedSave, runOrderedSave } from './save-plan';

interface SkillFields {
  name: string;
  level: number;
}

const card = (key: string, name: string, level = 50): Editable<SkillFields> => ({ key, name, level });

describe('planOrderedSave', () => {
  it('creates new cards, updates changed ones, deletes removed ones and keeps the list order', () => {
    const original = [card('1', 'React'), card('2', 'Vue'), card('3', 'Go')];
    const items = [card(`${TEMP_ID_PREFIX}1`, 'Rust', 70), card('3', 'Go'), card('1', 'React', 90)];

    const plan = planOrderedSave(original, items);

    expect(plan.writes).toEqual([
      { kind: 'create', key: `${TEMP_ID_PREFIX}1`, fields: { name: 'Rust', level: 70 } },
      { kind: 'update', id: 1, fields: { name: 'React', level: 90 } },
    ]);
    expect(plan.deletes).toEqual([2]);
    expect(plan.order).toEqual([`${TEMP_ID_PREFIX}1`, '3', '1']);
  });

  it('plans no write and no delete when nothing changed', () => {
    const original = [card('1', 'React'), card('2', 'Vue')];
    expect(planOrderedSave(original, [...original])).toEqual({ writes: [], deletes: [], order: ['1', '2'] });
  });
});

describe('runOrderedSave', () => {
  it('runs the calls in order and sends the order with the ids the server gave new cards', async () => {
    const calls: string[] = [];
    const original = [card('1', 'React'), card('2', 'Vue')];
    const items = [card(`${TEMP_ID_PREFIX}1`, 'Rust'), card('1', 'React', 80)];

    await runOrderedSave(planOrderedSave(original, items), {
      create: async (fields) => {
        calls.push(`create ${fields.name}`);
        return 42;
      },
      update: async (id) => calls.push(`update ${id}`),
      remove: async (id) => calls.push(`delete ${id}`),
      reorder: async (ids) => calls.push(`order ${ids.join(',')}`),
    });

    expect(calls).toEqual(['create Rust', 'update 1', 'delete 2', 'order 42,1']);
  });

  it('stops at the first failure and sends nothing after it', async () => {
    const calls: string[] = [];
    const plan = planOrderedSave([card('1', 'React'), card('2', 'Vue')], [card('1', 'React', 10)]);

    await expect(
      runOrderedSave(plan, {
        create: async () => 0,
        update: async () => {
          throw new Error('技能名称不能为空');
        },
        remove: async (id) => calls.push(`delete ${id}`),
        reorder: async () => calls.push('order'),
      }),
    ).rejects.toThrow('技能名称不能为空');
    expect(calls).toEqual([]);
  });
});
