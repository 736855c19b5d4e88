// Plain JavaScript run by plain `node`: `npm start` runs this check before every start, and a
// TypeScript loader cost more than the check itself and about as much as starting the server.
// Types: stale-check.d.mts.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const IGNORED_DIRS = new Set(['node_modules', 'dist', 'dist-ssr', '.git']);

/**
 * A file changed this close to the stamp may have changed again within the file system's
 * timestamp granularity (coarse clock ticks on Linux, 1-2 s on some file systems) without its
 * times moving, so its times are not trusted: its contents are read instead.
 */
export const RACY_MARGIN_MS = 2000;

/** @param {string} entry @param {string[]} files */
function collectFiles(entry, files) {
  const stats = statSync(entry, { throwIfNoEntry: false });
  if (!stats) return;
  if (!stats.isDirectory()) {
    files.push(entry);
    return;
  }
  for (const child of readdirSync(entry)) {
    if (!IGNORED_DIRS.has(child)) collectFiles(path.join(entry, child), files);
  }
}

/**
 * Every input file of a target (folders walked recursively), sorted.
 * @param {import('./stale-check.mjs').BuildTarget} target
 */
export function inputFiles(target) {
  /** @type {string[]} */
  const files = [];
  for (const input of target.inputs) collectFiles(input, files);
  return files.sort();
}

/**
 * What the inputs are now: a hash of every file's name, size and modification and change times
 * (cheap: no file is read), the newest change time, and a lazily computed hash of every file's
 * name and contents. Times are taken before contents are read, so a file written in between
 * shows as changed at the next check.
 * @param {import('./stale-check.mjs').BuildTarget} target
 */
function observe(target) {
  const observedAtMs = Date.now();
  const files = inputFiles(target);
  const times = createHash('sha256');
  let newestChangeMs = 0;
  for (const file of files) {
    const stats = statSync(file, { bigint: true });
    times.update(`${file}\0${stats.size}\0${stats.mtimeNs}\0${stats.ctimeNs}\0`);
    newestChangeMs = Math.max(newestChangeMs, Number(stats.ctimeNs / 1_000_000n), Number(stats.mtimeNs / 1_000_000n));
  }
  /** @type {string | undefined} */
  let contents;
  return {
    timesHash: times.digest('hex'),
    /** Whether the times can tell a later change: no input changed just before they were read. */
    timesSettled: newestChangeMs < observedAtMs - RACY_MARGIN_MS,
    contentsHash() {
      if (contents === undefined) {
        const hash = createHash('sha256');
        for (const file of files) {
          hash.update(file);
          hash.update('\0');
          hash.update(readFileSync(file));
          hash.update('\0');
        }
        contents = hash.digest('hex');
      }
      return contents;
    },
  };
}

/**
 * A hash of the names and contents of every input file. Contents decide, not times: a fresh
 * clone or `git checkout` sets every time to now, and should still count as unchanged.
 * @param {import('./stale-check.mjs').BuildTarget} target
 */
export function fingerprint(target) {
  return observe(target).contentsHash();
}

/** @param {string} stampFile */
function readStamp(stampFile) {
  try {
    const stamp = JSON.parse(readFileSync(stampFile, 'utf8'));
    return typeof stamp?.contents === 'string' ? stamp : undefined;
  } catch {
    // Missing, or written by an older version of this check (a bare hash): build once.
    return undefined;
  }
}

/**
 * @param {import('./stale-check.mjs').BuildTarget} target
 * @param {ReturnType<typeof observe>} observed
 */
function stampWith(target, observed) {
  mkdirSync(path.dirname(target.stampFile), { recursive: true });
  const stamp = { contents: observed.contentsHash(), times: observed.timesSettled ? observed.timesHash : null };
  writeFileSync(target.stampFile, `${JSON.stringify(stamp)}\n`);
}

/**
 * Whether a target must be built, and how that was found: `missing output`, `file times`
 * (no input read: names, sizes and times as at the last build) or `contents` (times differ, so
 * every input is read and hashed; when the contents are unchanged the stamp takes the new times,
 * so the next check is cheap again).
 * @param {import('./stale-check.mjs').BuildTarget} target
 * @returns {import('./stale-check.mjs').StaleVerdict}
 */
export function judge(target) {
  if (!target.outputs.every((output) => existsSync(output))) return { stale: true, by: 'missing output' };
  const stamp = readStamp(target.stampFile);
  const observed = observe(target);
  if (stamp && stamp.times === observed.timesHash) return { stale: false, by: 'file times' };
  if (stamp?.contents !== observed.contentsHash()) return { stale: true, by: 'contents' };
  stampWith(target, observed);
  return { stale: false, by: 'contents' };
}

/**
 * True when an output is missing or the inputs changed since the stamp was written.
 * @param {import('./stale-check.mjs').BuildTarget} target
 */
export function isStale(target) {
  return judge(target).stale;
}

/**
 * Records the inputs a successful build was made from.
 * @param {import('./stale-check.mjs').BuildTarget} target
 */
export function writeStamp(target) {
  stampWith(target, observe(target));
}

/**
 * Builds a target when it is stale, then stamps it with the inputs as they were before the
 * build started (an input edited during the build is seen as changed at the next check).
 * @param {import('./stale-check.mjs').BuildTarget} target
 * @param {() => Promise<void>} build
 * @returns {Promise<boolean>} whether it built
 */
export async function buildIfStale(target, build) {
  if (!judge(target).stale) {
    console.info(`[folio] ${target.name}: up to date`);
    return false;
  }
  console.info(`[folio] ${target.name}: building`);
  const observed = observe(target);
  observed.contentsHash();
  await build();
  stampWith(target, observed);
  return true;
}
