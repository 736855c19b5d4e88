import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findCycles, listSourceFiles, readImportGraph } from './import-cycles.js';

const REPOSITORY_ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** The folders whose files must read top-down, each checked on its own. */
const CHECKED_FOLDERS = ['server/src', 'shared/src', 'desktop/src', 'web/src'];

async function cyclesBelow(root: string): Promise<string[][]> {
  const cycles = findCycles(await readImportGraph(await listSourceFiles(root)));
  return cycles.map((cycle) => cycle.map((file) => path.relative(REPOSITORY_ROOT, file)));
}

describe('finding import cycles', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'folio-cycles-'));
    await mkdir(path.join(dir, 'lib'));
    await writeFile(
      path.join(dir, 'records.ts'),
      "import type { Layout } from './layout.js';\nexport interface R { l: Layout }\n",
    );
    await writeFile(path.join(dir, 'layout.ts'), "import type { R } from './records.js';\nexport type Layout = R[];\n");
    await writeFile(path.join(dir, 'top.ts'), "import { x } from './lib/index.js';\nimport './records.js';\n");
    await writeFile(path.join(dir, 'lib', 'index.ts'), "export { y as x } from '../bottom.js';\n");
    await writeFile(path.join(dir, 'bottom.ts'), "export const y = 1;\nimport x from 'external';\n");
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('finds two files that import each other only for types', async () => {
    const cycles = findCycles(await readImportGraph(await listSourceFiles(dir)));
    expect(cycles.map((cycle) => cycle.map((file) => path.relative(dir, file)))).toEqual([['layout.ts', 'records.ts']]);
  });

  it('finds no cycle in a chain that only goes down', () => {
    const graph = new Map<string, string[]>();
    for (let i = 0; i < 20_000; i += 1) graph.set(`f${i}`, i + 1 < 20_000 ? [`f${i + 1}`] : []);
    expect(findCycles(graph)).toEqual([]);
    graph.set('f19999', ['f0']);
    expect(findCycles(graph)).toHaveLength(1);
  });
});

describe('the repository reads top-down', () => {
  it.each(CHECKED_FOLDERS)('%s has no import cycle, type-only imports included', async (folder) => {
    expect(await cyclesBelow(path.join(REPOSITORY_ROOT, folder))).toEqual([]);
  });
});
