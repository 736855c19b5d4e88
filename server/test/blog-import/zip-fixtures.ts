import { createWriteStream, promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import yazl from 'yazl';
import type { BlogImportOptions } from '@folio/shared';
import type { ReadInput } from '../../src/services/blog-import/source.js';

export const FIXTURES = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures');

/** A temp folder for one test file's zips; removed by `cleanup`. */
export async function zipWorkspace(): Promise<{ dir: string; cleanup: () => Promise<void> }> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'folio-blog-zip-'));
  return { dir, cleanup: () => fs.rm(dir, { recursive: true, force: true }) };
}

async function filesUnder(root: string, relative = ''): Promise<string[]> {
  const entries = await fs.readdir(path.join(root, relative), { withFileTypes: true });
  const files: string[] = [];
  for (const entry of entries.sort((a, b) => a.name.localeCompare(b.name))) {
    const child = relative ? `${relative}/${entry.name}` : entry.name;
    if (entry.isDirectory()) files.push(...(await filesUnder(root, child)));
    else files.push(child);
  }
  return files;
}

/** Writes a zip of the given entries (name -> bytes) as a zip tool would, folders included. */
export async function writeZip(file: string, entries: ReadonlyMap<string, Buffer | string>, compress = true): Promise<string> {
  const zip = new yazl.ZipFile();
  const folders = new Set<string>();
  for (const name of entries.keys()) {
    const parts = name.split('/').slice(0, -1);
    parts.forEach((_part, index) => folders.add(parts.slice(0, index + 1).join('/')));
  }
  for (const folder of [...folders].sort()) if (folder) zip.addEmptyDirectory(folder);
  for (const [name, content] of entries)
    zip.addBuffer(Buffer.isBuffer(content) ? content : Buffer.from(content), name, { compress });
  zip.end();
  await new Promise<void>((resolve, reject) => {
    zip.outputStream.pipe(createWriteStream(file)).on('close', resolve).on('error', reject);
  });
  return file;
}

/** Zips a fixture tree, under `prefix` (a zipped folder's own name) when given. */
export async function zipFixture(tree: string, file: string, prefix = ''): Promise<string> {
  const root = path.join(FIXTURES, tree);
  const entries = new Map<string, Buffer>();
  for (const relative of await filesUnder(root)) entries.set(prefix + relative, await fs.readFile(path.join(root, relative)));
  return writeZip(file, entries);
}

/** Replaces every occurrence of `from` with `to` (same length) in a file: a name or size no zip tool would write. */
export async function patchBytes(file: string, from: Buffer, to: Buffer): Promise<void> {
  const bytes = await fs.readFile(file);
  let at = bytes.indexOf(from);
  if (at < 0) throw new Error(`nothing to patch in ${file}`);
  while (at >= 0) {
    to.copy(bytes, at);
    at = bytes.indexOf(from, at + from.length);
  }
  await fs.writeFile(file, bytes);
}

export async function readInput(file: string, options: BlogImportOptions = {}): Promise<ReadInput> {
  const { size } = await fs.stat(file);
  return { path: file, size, options, progress: () => undefined, signal: new AbortController().signal };
}
