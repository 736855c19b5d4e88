import { readdir, readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * desktop/src/core reads top-down: no two modules import each other, directly or through others,
 * type-only imports included (the lint rule for cycles lets those through).
 */
const coreDir = fileURLToPath(new URL('../src/core/', import.meta.url));

/** Each core module and the core modules it imports, by file name without `.ts`. */
async function coreImports(): Promise<Map<string, string[]>> {
  const graph = new Map<string, string[]>();
  for (const name of (await readdir(coreDir)).filter((file) => file.endsWith('.ts'))) {
    const source = await readFile(`${coreDir}${name}`, 'utf8');
    const targets = [...source.matchAll(/\bfrom '\.\/([\w.-]+)\.js'/g)].map((match) => match[1] as string);
    graph.set(name.replace(/\.ts$/, ''), [...new Set(targets)]);
  }
  return graph;
}

/** Every import cycle, each as the path from a module back to itself. */
function cycles(graph: Map<string, string[]>): string[][] {
  const found: string[][] = [];
  const done = new Set<string>();
  const visit = (node: string, path: string[]) => {
    if (path.includes(node)) {
      found.push([...path.slice(path.indexOf(node)), node]);
      return;
    }
    if (done.has(node)) return;
    for (const next of graph.get(node) ?? []) visit(next, [...path, node]);
    done.add(node);
  };
  for (const node of graph.keys()) visit(node, []);
  return found;
}

describe('desktop core modules', () => {
  it('import one another in one direction only', async () => {
    const graph = await coreImports();
    expect(graph.get('sync')).toContain('draft-push');
    expect(cycles(graph)).toEqual([]);
  });
});
