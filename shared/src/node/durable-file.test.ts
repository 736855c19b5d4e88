import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { FileHandle } from 'node:fs/promises';
import { serialize, serializeCollection, writeFileDurably, writeFully } from './durable-file';

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

describe('writeFully', () => {
  /** A handle whose every write takes at most `most` bytes, as a filling disk may, without an error. */
  const stingyHandle = (most: number) => {
    const disk: number[] = [];
    const handle = {
      write: (buffer: Uint8Array, offset: number, length: number, position: number | null) => {
        const bytesWritten = Math.min(most, length);
        const at = position ?? disk.length;
        for (let index = 0; index < bytesWritten; index += 1) disk[at + index] = buffer[offset + index] ?? 0;
        return Promise.resolve({ bytesWritten, buffer });
      },
    } as unknown as FileHandle;
    return { handle, text: () => Buffer.from(disk).toString('utf8') };
  };

  it('writes again until every byte is out when a write comes back short', async () => {
    const { handle, text } = stingyHandle(5);
    expect(await writeFully(handle, '一行日志\n', 3)).toBe(Buffer.byteLength('一行日志\n'));
    expect(text().slice(3)).toBe('一行日志\n');
  });

  it('throws rather than loop when a write takes nothing', async () => {
    const { handle } = stingyHandle(0);
    await expect(writeFully(handle, 'abc')).rejects.toThrow('after 0 of 3 bytes');
  });
});
