import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BodyTable } from '../../src/store/body-table.js';

let dir: string;
/** The body file each article's record points at, as the store's records would say. */
let files: Map<number, string>;
const locate = (id: number) => files.get(id);

beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'folio-bodies-'));
  files = new Map();
});
afterEach(() => rm(dir, { recursive: true, force: true }));

async function writeBodyFile(id: number, rev: number, text: string): Promise<void> {
  const file = path.join(dir, `${id}-${rev}.md`);
  await writeFile(file, text);
  files.set(id, file);
}

describe('BodyTable', () => {
  it('reads a body from the file its record points at, and keeps it while it is recent', async () => {
    await writeBodyFile(1, 1, '# 第一版');
    const bodies = new BodyTable(locate);
    expect(bodies.get(1)).toBe('# 第一版');
    // Kept in memory: a change of the file behind its back (which the store never makes) is not read.
    await writeFile(path.join(dir, '1-1.md'), '# changed on disk');
    expect(bodies.get(1)).toBe('# 第一版');
    expect(bodies.get(2)).toBeUndefined();
  });

  it('keeps only the most recently used bodies within its budget, and reads the others again', async () => {
    for (const id of [1, 2, 3]) await writeBodyFile(id, 1, `正文${id}`.padEnd(10, '。'));
    const bodies = new BodyTable(locate, 25);
    expect(bodies.get(1)).toBe('正文1。。。。。。。');
    expect(bodies.get(2)).toBe('正文2。。。。。。。');
    bodies.get(1); // 1 is now more recent than 2
    expect(bodies.get(3)).toBe('正文3。。。。。。。'); // 30 units: 2, the least recent, goes

    await writeFile(path.join(dir, '1-1.md'), 'not read: 1 is kept');
    await writeFile(path.join(dir, '2-1.md'), '2 read again');
    expect(bodies.get(1)).toBe('正文1。。。。。。。');
    expect(bodies.get(2)).toBe('2 read again');
  });

  it('serves a body set by a writer, and after eviction reads the file the record now points at', async () => {
    await writeBodyFile(1, 1, '旧正文');
    const bodies = new BodyTable(locate, 5);
    expect(bodies.get(1)).toBe('旧正文');
    await writeBodyFile(1, 2, '新的正文内容');
    bodies.set(1, '新的正文内容'); // longer than the budget: not kept
    expect(bodies.get(1)).toBe('新的正文内容');
  });

  it('moves the version of a body on every set and delete, and never on a read', async () => {
    await writeBodyFile(1, 1, '正文');
    const bodies = new BodyTable(locate);
    const initial = bodies.version(1);
    bodies.get(1);
    expect(bodies.version(1)).toBe(initial);
    bodies.set(1, '新正文');
    const afterSet = bodies.version(1);
    expect(afterSet).not.toBe(initial);
    bodies.delete(1);
    files.delete(1);
    expect(bodies.version(1)).not.toBe(afterSet);
    expect(bodies.get(1)).toBeUndefined();
  });
});
