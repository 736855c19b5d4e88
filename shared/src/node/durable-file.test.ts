import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { serialize, serializeCollection, writeFileDurably } from './durable-file';

const record = (id: number) => ({
  id,
  author: `读者 "${id}"`,
  content: '换行\n与 </script> 与 \u2028',
  created_at: '2026-11-26T00:00:00.000Z',
});

describe('serializeCollection', () => {
  it('makes, piece by piece, exactly the text serialize gives for the whole collection', () => {
    for (const count of [0, 1, 2, 199, 200, 201, 1000, 1234]) {
      const items = Array.from({ length: count }, (_, index) => record(index + 1));
      const pieces = [...serializeCollection(count + 7, items)];
      expect(pieces.join(''), `${count} records`).toBe(serialize({ next_id: count + 7, items }));
      // No piece is the whole file once there are many records.
      if (count >= 1000) expect(Math.max(...pieces.map((piece) => piece.length))).toBeLessThan(pieces.join('').length / 4);
    }
  });
});

describe('writeFileDurably', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'folio-durable-'));
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('writes pieces in order, as one file', async () => {
    const items = Array.from({ length: 450 }, (_, index) => record(index + 1));
    const target = path.join(dir, 'comments.json');
    await writeFileDurably(target, serializeCollection(451, items));
    expect(JSON.parse(await readFile(target, 'utf8'))).toEqual({ next_id: 451, items });
  });
});
