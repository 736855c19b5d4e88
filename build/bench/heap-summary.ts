/**
 * `npx tsx build/bench/heap-summary.ts FILE.heapsnapshot [--top=25]`: what holds a V8 heap
 * snapshot's memory, in two tables: self size by kind and constructor (strings, arrays, objects of
 * each class, compiled code), and self size by what first retains it (the retaining object's
 * constructor and the property or element name), which tells which structure keeps the strings
 * and arrays alive. Sizes are V8's shallow sizes of the JavaScript heap (no Buffers' backing store).
 */
import { readFile } from 'node:fs/promises';
import { printTable } from './report.js';

interface Snapshot {
  snapshot: {
    meta: {
      node_fields: string[];
      node_types: [string[], ...unknown[]];
      edge_fields: string[];
      edge_types: [string[], ...unknown[]];
    };
  };
  nodes: number[];
  edges: number[];
  strings: string[];
}

const file = process.argv[2];
if (!file) throw new Error('usage: heap-summary.ts FILE.heapsnapshot [--top=25]');
const top = Number(/^--top=(\d+)$/.exec(process.argv.find((arg) => arg.startsWith('--top=')) ?? '')?.[1] ?? 25);

const heap = JSON.parse(await readFile(file, 'utf8')) as Snapshot;
const { meta } = heap.snapshot;
const nodeFieldCount = meta.node_fields.length;
const edgeFieldCount = meta.edge_fields.length;
const field = (name: string, fields: string[]) => fields.indexOf(name);
const [TYPE, NAME, SELF_SIZE, EDGE_COUNT] = ['type', 'name', 'self_size', 'edge_count'].map((name) =>
  field(name, meta.node_fields),
) as [number, number, number, number];
const [EDGE_TYPE, EDGE_NAME, TO_NODE] = ['type', 'name_or_index', 'to_node'].map((name) => field(name, meta.edge_fields)) as [
  number,
  number,
  number,
];
const nodeTypes = meta.node_types[0];
const edgeTypes = meta.edge_types[0];
const nodeCount = heap.nodes.length / nodeFieldCount;

const kindOf = (node: number) => nodeTypes[heap.nodes[node * nodeFieldCount + TYPE] ?? 0] ?? '?';
const nameOf = (node: number) => heap.strings[heap.nodes[node * nodeFieldCount + NAME] ?? 0] ?? '?';
/** Strings by kind only: their names are their contents. */
const classOf = (node: number) => {
  const kind = kindOf(node);
  return kind === 'object' || kind === 'closure' || kind === 'native' ? `${kind} ${nameOf(node)}` : kind;
};

// The first retainer of each node, over edges that are not weak (and not the snapshot's own roots).
const firstRetainer = new Int32Array(nodeCount).fill(-1);
const retainingEdge = new Array<string>(nodeCount);
let edgeIndex = 0;
for (let node = 0; node < nodeCount; node += 1) {
  const edges = heap.nodes[node * nodeFieldCount + EDGE_COUNT] ?? 0;
  for (let n = 0; n < edges; n += 1, edgeIndex += edgeFieldCount) {
    const edgeType = edgeTypes[heap.edges[edgeIndex + EDGE_TYPE] ?? 0] ?? '';
    if (edgeType === 'weak' || edgeType === 'shortcut') continue;
    const target = (heap.edges[edgeIndex + TO_NODE] ?? 0) / nodeFieldCount;
    if (firstRetainer[target] !== -1) continue;
    firstRetainer[target] = node;
    const name = heap.edges[edgeIndex + EDGE_NAME] ?? 0;
    retainingEdge[target] = edgeType === 'element' || edgeType === 'hidden' ? `[${edgeType}]` : (heap.strings[name] ?? '?');
  }
}

const byClass = new Map<string, { count: number; bytes: number }>();
const byRetainer = new Map<string, { count: number; bytes: number }>();
let total = 0;
for (let node = 0; node < nodeCount; node += 1) {
  const size = heap.nodes[node * nodeFieldCount + SELF_SIZE] ?? 0;
  total += size;
  const add = (map: Map<string, { count: number; bytes: number }>, key: string) => {
    const entry = map.get(key) ?? { count: 0, bytes: 0 };
    entry.count += 1;
    entry.bytes += size;
    map.set(key, entry);
  };
  add(byClass, classOf(node));
  const retainer = firstRetainer[node] ?? -1;
  add(byRetainer, `${classOf(node)} <- ${retainer === -1 ? '(root)' : `${classOf(retainer)}.${retainingEdge[node] ?? ''}`}`);
}

const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(2);
const rows = (map: Map<string, { count: number; bytes: number }>) =>
  [...map]
    .sort((a, b) => b[1].bytes - a[1].bytes)
    .slice(0, top)
    .map(([key, { count, bytes }]) => [key.slice(0, 110), count.toLocaleString('en'), mb(bytes)]);

console.info(`${file}: ${nodeCount.toLocaleString('en')} nodes, ${mb(total)} MB of self size\n`);
printTable(['kind and constructor', 'count', 'MB'], rows(byClass));
console.info('');
printTable(['held by (first retainer . property)', 'count', 'MB'], rows(byRetainer));
