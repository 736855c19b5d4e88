import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * Import cycles among a folder tree's TypeScript files, type-only imports included. ESLint's
 * `import-x/no-cycle` passes over `import type`, yet two files that name each other's types are
 * still one concept split badly (the style guide's "the house reads top-down"), so this check
 * reads every relative `import`/`export … from` itself.
 */

const RELATIVE_SPECIFIER = /(?:^|[\s;])(?:import|export)\s[^;]*?from\s*['"](\.{1,2}\/[^'"]+)['"]/g;
const SIDE_EFFECT_IMPORT = /(?:^|[\s;])import\s*['"](\.{1,2}\/[^'"]+)['"]/g;
const SOURCE_FILE = /\.tsx?$/;

/** Every `.ts`/`.tsx` file below `root` (test files and declaration files left out). */
export async function listSourceFiles(root: string): Promise<string[]> {
  const found: string[] = [];
  for (const entry of await readdir(root, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile() || !SOURCE_FILE.test(entry.name)) continue;
    if (entry.name.endsWith('.d.ts') || /\.test\.tsx?$/.test(entry.name)) continue;
    found.push(path.join(entry.parentPath, entry.name));
  }
  return found.sort();
}

/** The file a relative specifier names, among `known` files: `./a.js` is `a.ts` or `a.tsx`. */
function resolveSpecifier(fromFile: string, specifier: string, known: ReadonlySet<string>): string | undefined {
  const target = path.resolve(path.dirname(fromFile), specifier);
  const stem = target.replace(/\.(?:js|jsx|ts|tsx)$/, '');
  for (const candidate of [target, `${stem}.ts`, `${stem}.tsx`, path.join(target, 'index.ts'), path.join(target, 'index.tsx')]) {
    if (known.has(candidate)) return candidate;
  }
  return undefined;
}

/** The relative imports of each file, resolved to files of the same set. */
export async function readImportGraph(files: readonly string[]): Promise<Map<string, string[]>> {
  const known = new Set(files);
  const graph = new Map<string, string[]>();
  for (const file of files) {
    const text = await readFile(file, 'utf8');
    const targets = new Set<string>();
    for (const pattern of [RELATIVE_SPECIFIER, SIDE_EFFECT_IMPORT]) {
      for (const match of text.matchAll(pattern)) {
        const target = resolveSpecifier(file, match[1] ?? '', known);
        if (target !== undefined && target !== file) targets.add(target);
      }
    }
    graph.set(file, [...targets]);
  }
  return graph;
}

/** The groups of files that reach each other through imports (Tarjan's strongly connected components), each sorted. */
export function findCycles(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  const order = new Map<string, number>();
  const lowest = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  let counter = 0;

  // Iterative, so a long chain of imports cannot overflow the call stack.
  for (const start of graph.keys()) {
    if (order.has(start)) continue;
    const work: { node: string; next: number }[] = [{ node: start, next: 0 }];
    order.set(start, counter);
    lowest.set(start, counter++);
    stack.push(start);
    onStack.add(start);
    while (work.length > 0) {
      const frame = work[work.length - 1]!;
      const edges = graph.get(frame.node) ?? [];
      if (frame.next < edges.length) {
        const target = edges[frame.next++]!;
        if (!graph.has(target)) continue;
        if (!order.has(target)) {
          order.set(target, counter);
          lowest.set(target, counter++);
          stack.push(target);
          onStack.add(target);
          work.push({ node: target, next: 0 });
        } else if (onStack.has(target)) {
          lowest.set(frame.node, Math.min(lowest.get(frame.node)!, order.get(target)!));
        }
        continue;
      }
      work.pop();
      const parent = work[work.length - 1];
      if (parent) lowest.set(parent.node, Math.min(lowest.get(parent.node)!, lowest.get(frame.node)!));
      if (lowest.get(frame.node) === order.get(frame.node)) {
        const component: string[] = [];
        let member: string;
        do {
          member = stack.pop()!;
          onStack.delete(member);
          component.push(member);
        } while (member !== frame.node);
        if (component.length > 1) cycles.push(component.sort());
      }
    }
  }
  return cycles;
}
