import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CommentTable } from '../../src/store/comment-table.js';
import { MAX_RECORD_ID, RecordIdsExhaustedError, takeNextId } from '../../src/store/record-ids.js';
import type { CollectionFile, SkillRecord } from '../../src/store/records.js';
import { SkillOrContactRepository } from '../../src/store/skills-and-contacts.repository.js';
import { Store } from '../../src/store/store.js';

const withIds = (nextId: number, ...ids: number[]): CollectionFile<{ id: number }> => ({
  next_id: nextId,
  items: ids.map((id) => ({ id })),
});

describe('takeNextId', () => {
  it('hands out ids in order', () => {
    const collection = withIds(7);
    expect([takeNextId(collection), takeNextId(collection)]).toEqual([7, 8]);
    expect(collection.next_id).toBe(9);
  });

  it('refuses, rather than repeat an id, once the largest id is taken', () => {
    const collection = withIds(MAX_RECORD_ID);
    expect(takeNextId(collection)).toBe(MAX_RECORD_ID);
    expect(() => takeNextId(collection)).toThrow(RecordIdsExhaustedError);
    expect(collection.next_id).toBe(MAX_RECORD_ID + 1);
  });

  it('refuses a counter past 2^53, where adding one no longer changes the number', () => {
    const collection = withIds(Number.MAX_SAFE_INTEGER + 1);
    expect(() => takeNextId(collection)).toThrow(RecordIdsExhaustedError);
  });

  it('gives comments the same guarantee', () => {
    const table = new CommentTable(() => null);
    table.raiseNextId(MAX_RECORD_ID);
    expect(table.takeNextId()).toBe(MAX_RECORD_ID);
    expect(() => table.takeNextId()).toThrow(RecordIdsExhaustedError);
  });
});

describe('a collection file whose counter was damaged', () => {
  let dataDir: string;
  beforeEach(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'folio-ids-'));
    await Store.open(dataDir);
  });
  afterEach(() => rm(dataDir, { recursive: true, force: true }));

  const skill = (id: number): SkillRecord => ({
    id,
    name: `技能${id}`,
    description: '',
    level: 50,
    sort_order: id,
    created_at: '2026-01-01T00:00:00Z',
    updated_at: '2026-01-01T00:00:00Z',
  });

  async function createSkillAfterWriting(nextId: unknown): Promise<number[]> {
    await writeFile(path.join(dataDir, 'skills.json'), JSON.stringify({ next_id: nextId, items: [skill(3), skill(12)] }));
    const store = await Store.open(dataDir);
    const created = await new SkillOrContactRepository<SkillRecord>(store, 'skills').create({
      name: '新',
      description: '',
      level: 1,
    });
    await store.flush();
    const stored = JSON.parse(await readFile(path.join(dataDir, 'skills.json'), 'utf8')) as CollectionFile<SkillRecord>;
    expect(stored.items.map((item) => item.id)).toContain(created.id);
    return stored.items.map((item) => item.id);
  }

  it.each([
    ['lowered below a stored id', 5],
    ['written as text', '4'],
    ['removed', undefined],
    ['negative', -1],
  ])('still gives a new skill an id no other has when the counter was %s', async (_case, nextId) => {
    expect(await createSkillAfterWriting(nextId)).toEqual([3, 12, 13]);
  });
});
