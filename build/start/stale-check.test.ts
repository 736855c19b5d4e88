import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { isStale, writeStamp } from './stale-check.js';
import type { BuildTarget } from './stale-check.js';

describe('build staleness check', () => {
  let dir: string;
  let target: BuildTarget;

  beforeEach(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'folio-stale-'));
    await mkdir(path.join(dir, 'src/nested'), { recursive: true });
    await writeFile(path.join(dir, 'src/a.ts'), 'export const a = 1;\n');
    await writeFile(path.join(dir, 'src/nested/b.ts'), 'export const b = 2;\n');
    target = {
      name: 'test',
      inputs: [path.join(dir, 'src')],
      outputs: [path.join(dir, 'out/main.js')],
      stampFile: path.join(dir, 'out/.build-stamp'),
    };
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  const build = async () => {
    await mkdir(path.join(dir, 'out'), { recursive: true });
    await writeFile(path.join(dir, 'out/main.js'), '');
    await writeStamp(target);
  };

  it('builds when the output is missing', async () => {
    expect(await isStale(target)).toBe(true);
  });

  it('does not rebuild an output built from the same sources', async () => {
    await build();
    expect(await isStale(target)).toBe(false);
    // Rewriting a file with the same bytes (a checkout, a touch) changes nothing.
    await writeFile(path.join(dir, 'src/a.ts'), 'export const a = 1;\n');
    expect(await isStale(target)).toBe(false);
  });

  it('rebuilds when a nested source changes, is added or is removed', async () => {
    await build();
    await writeFile(path.join(dir, 'src/nested/b.ts'), 'export const b = 3;\n');
    expect(await isStale(target)).toBe(true);

    await build();
    await writeFile(path.join(dir, 'src/nested/c.ts'), '');
    expect(await isStale(target)).toBe(true);

    await build();
    await rm(path.join(dir, 'src/nested/c.ts'));
    expect(await isStale(target)).toBe(true);
  });

  it('rebuilds when the output was deleted even if the stamp is current', async () => {
    await build();
    await rm(path.join(dir, 'out/main.js'));
    expect(await isStale(target)).toBe(true);
  });
});
