import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BodyTable } from '../../src/store/body-table.js';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'folio-bodies-'));
});
afterEach(() => rm(dir, { recursive: true, force: true }));

describe('BodyTable', () => {
  it('reads an expected body from its file on first use only', async () => {
    const file = path.join(dir, '1-1.md');
    await writeFile(file, '# 第一版');
    const bodies = new BodyTable();
    bodies.expect(1, file);
    expect(bodies.has(1)).toBe(true);
    expect(bodies.get(1)).toBe('# 第一版');
    // Kept in memory: a later change of the file (which the store never makes) is not read.
    await writeFile(file, '# changed on disk');
    expect(bodies.get(1)).toBe('# 第一版');
  });

  it('never reads a file once the body was replaced or deleted', () => {
    const bodies = new BodyTable();
    bodies.expect(1, path.join(dir, 'missing-1.md'));
    bodies.expect(2, path.join(dir, 'missing-2.md'));
    bodies.set(1, '新正文');
    expect(bodies.get(1)).toBe('新正文');
    expect(bodies.delete(2)).toBe(true);
    expect(bodies.has(2)).toBe(false);
    expect(bodies.get(2)).toBeUndefined();
    expect(bodies.get(3)).toBeUndefined();
  });
});
