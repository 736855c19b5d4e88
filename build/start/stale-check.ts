import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** One build output and everything it is built from. */
export interface BuildTarget {
  name: string;
  /** Files and folders (walked recursively) whose contents decide the output. */
  inputs: string[];
  /** Files that must exist for the output to count as built. */
  outputs: string[];
  /** Where the fingerprint of the inputs of the last successful build is kept. */
  stampFile: string;
}

const IGNORED_DIRS = new Set(['node_modules', 'dist', 'dist-ssr', '.git']);

async function listFiles(entry: string): Promise<string[]> {
  if (!existsSync(entry)) return [];
  const stat = await readdir(entry, { withFileTypes: true }).catch(() => null);
  if (!stat) return [entry];
  const nested = await Promise.all(
    stat
      .filter((child) => !(child.isDirectory() && IGNORED_DIRS.has(child.name)))
      .map((child) => listFiles(path.join(entry, child.name))),
  );
  return nested.flat();
}

/**
 * A hash of the names and contents of every input file. Contents, not modification times: a
 * fresh clone or `git checkout` sets every time to now, and should still count as unchanged.
 */
export async function fingerprint(inputs: string[]): Promise<string> {
  const files = (await Promise.all(inputs.map(listFiles))).flat().sort();
  const hash = createHash('sha256');
  for (const file of files) {
    hash.update(file);
    hash.update('\0');
    hash.update(await readFile(file));
    hash.update('\0');
  }
  return hash.digest('hex');
}

/** True when an output is missing or the inputs changed since the stamp was written. */
export async function isStale(target: BuildTarget): Promise<boolean> {
  if (!target.outputs.every((output) => existsSync(output))) return true;
  const stamp = await readFile(target.stampFile, 'utf8').catch(() => '');
  return stamp.trim() !== (await fingerprint(target.inputs));
}

/** Records the inputs a successful build was made from. */
export async function writeStamp(target: BuildTarget): Promise<void> {
  await mkdir(path.dirname(target.stampFile), { recursive: true });
  await writeFile(target.stampFile, `${await fingerprint(target.inputs)}\n`);
}
