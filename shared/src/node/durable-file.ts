import { randomBytes } from 'node:crypto';
import { promises as fs, readFileSync } from 'node:fs';
import type { FileHandle } from 'node:fs/promises';
import path from 'node:path';

/**
 * Durable file writes for Node programs (the server's data dir, the desktop's drafts):
 * `writeFileDurably(target, content, mode?, syncEveryBytes?)`, `replaceFileSynced` (the same without the
 * directory sync), `writeNewFileSynced(target, content)`,
 * `writeFully(handle, data, position?)`, `syncDirectory(dir)`, `serialize(data)`,
 * `serializeCollection(nextId, items, leading?)` and
 * `DurableJsonFile<T>` (a lowdb-compatible adapter: `read(): Promise<T | null>`, `write(data)`).
 * Node-only: import it as `@folio/shared/durable-file`, never from the browser bundle.
 */

/**
 * Replaces `target` with `content` so that a crash at any moment leaves either the old or the
 * new file, never a torn one: write a sibling temp file, fsync it, rename over the target,
 * then fsync the directory so the rename itself survives a power cut. Content given in pieces
 * is synced every `syncEveryBytes` on the way: a large file flushed at once holds up, for as
 * long as the flush takes, every other fsync on the disk (ext4 commits them together).
 *
 * With `renameAfter`, the rename waits for it (and the temp file is removed if it fails): a
 * write that must not land before another one can still sync its content alongside it.
 */
export async function writeFileDurably(
  target: string,
  content: string | Uint8Array | Iterable<string>,
  mode = 0o644,
  syncEveryBytes = Number.POSITIVE_INFINITY,
  renameAfter?: Promise<unknown>,
): Promise<void> {
  await replaceFileSynced(target, content, mode, syncEveryBytes, renameAfter);
  await syncDirectory(path.dirname(target));
}

/**
 * {@link writeFileDurably} without its last step, the directory sync: the new content is synced
 * and renamed over `target`, but the rename survives a power cut only once the caller has synced
 * the directory ({@link syncDirectory}). A commit replacing many files of one directory (a blog
 * import's thousands of comment files) then syncs it once, not once a file.
 */
export async function replaceFileSynced(
  target: string,
  content: string | Uint8Array | Iterable<string>,
  mode = 0o644,
  syncEveryBytes = Number.POSITIVE_INFINITY,
  renameAfter?: Promise<unknown>,
): Promise<void> {
  const dir = path.dirname(target);
  const temp = path.join(dir, `.${path.basename(target)}.${randomBytes(6).toString('hex')}.tmp`);
  const handle = await fs.open(temp, 'w', mode);
  try {
    if (typeof content === 'string' || content instanceof Uint8Array) {
      await writeFully(handle, content);
    } else {
      // Pieces made as they are written (serializeCollection): none of them is ever the whole file.
      let unsynced = 0;
      for (const piece of content) {
        unsynced += await writeFully(handle, piece);
        if (unsynced >= syncEveryBytes) {
          await handle.datasync();
          unsynced = 0;
        }
      }
    }
    await handle.sync();
  } finally {
    await handle.close();
  }
  try {
    await renameAfter;
    await fs.rename(temp, target);
  } catch (error) {
    await fs.rm(temp, { force: true });
    throw error;
  }
}

/**
 * Writes a file under a name that does not exist yet and syncs its content, without
 * {@link writeFileDurably}'s temp file and rename: nothing refers to the name yet, so a torn
 * file is harmless (an orphan to sweep). Its name is durable only once the directory is synced
 * ({@link syncDirectory}), which must happen before anything durable refers to it; a batch of
 * such files then costs one directory sync instead of one each. Fails if the name exists.
 */
export async function writeNewFileSynced(target: string, content: string | Uint8Array): Promise<void> {
  const handle = await fs.open(target, 'wx');
  try {
    await writeFully(handle, content);
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/**
 * Writes every byte of `data` at `position` (at the handle's current offset when omitted), or
 * throws. One `write` may write fewer bytes than asked without an error: a disk that fills up, or
 * a file size limit, takes what fits and fails only the next write. Taking that short count for
 * success acknowledged a save whose tail never reached the disk. Every durable write goes through
 * here. Resolves with the number of bytes written, all of `data`.
 */
export async function writeFully(handle: FileHandle, data: string | Uint8Array, position?: number): Promise<number> {
  const bytes = typeof data === 'string' ? Buffer.from(data, 'utf8') : data;
  let written = 0;
  while (written < bytes.byteLength) {
    const at = position === undefined ? null : position + written;
    const { bytesWritten } = await handle.write(bytes, written, bytes.byteLength - written, at);
    // Nothing written and no error: asking again would loop for ever.
    if (bytesWritten <= 0) throw new Error(`A write stopped after ${written} of ${bytes.byteLength} bytes`);
    written += bytesWritten;
  }
  return written;
}

export async function syncDirectory(dir: string): Promise<void> {
  const handle = await fs.open(dir, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/**
 * One JSON file written with {@link writeFileDurably}. It has the shape of lowdb's `Adapter<T>`
 * (read/write), so the server hands it to lowdb without shared depending on lowdb.
 */
export class DurableJsonFile<T> {
  constructor(
    readonly filePath: string,
    private readonly mode = 0o644,
  ) {}

  async read(): Promise<T | null> {
    let text: string;
    try {
      text = await fs.readFile(this.filePath, 'utf8');
    } catch (error) {
      return this.missing(error);
    }
    return this.parse(text);
  }

  /**
   * {@link read} without the thread pool, for start-up: many small files read one pool round
   * trip at a time took far longer than reading them in turn.
   */
  readSync(): T | null {
    let text: string;
    try {
      text = readFileSync(this.filePath, 'utf8');
    } catch (error) {
      return this.missing(error);
    }
    return this.parse(text);
  }

  private missing(error: unknown): null {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }

  private parse(text: string): T {
    try {
      return JSON.parse(text) as T;
    } catch (error) {
      throw new Error(`Data file ${this.filePath} is not valid JSON: ${(error as Error).message}`, { cause: error });
    }
  }

  async write(data: T): Promise<void> {
    await writeFileDurably(this.filePath, serialize(data), this.mode);
  }
}

export function serialize(data: unknown): string {
  return `${JSON.stringify(data)}\n`;
}

/** How many records one piece of {@link serializeCollection} holds: some tens of KB of JSON. */
const RECORDS_PER_PIECE = 200;

/**
 * The text `serialize({ ...leading, next_id, items })` gives, in pieces made one at a time as
 * they are read, for writing a large collection without ever holding its whole text: one
 * article's comment file grows with its comments, and serialising it whole on every new comment
 * made megabytes of garbage a commit. The records must not change while it is read (the store
 * writes records it no longer changes, or copies), and `items` should be a copy of the array the
 * caller keeps. `leading` holds fields written before `next_id` (the article snapshot's log
 * generation).
 */
export function* serializeCollection(
  nextId: number,
  items: readonly unknown[],
  leading: Readonly<Record<string, unknown>> = {},
): Generator<string> {
  const head = Object.entries(leading).map(([name, value]) => `${JSON.stringify(name)}:${JSON.stringify(value)},`);
  let piece = `{${head.join('')}"next_id":${JSON.stringify(nextId)},"items":[`;
  for (let start = 0; start < items.length; start += RECORDS_PER_PIECE) {
    const records = items.slice(start, start + RECORDS_PER_PIECE).map((item) => JSON.stringify(item));
    piece += (start > 0 ? ',' : '') + records.join(',');
    yield piece;
    piece = '';
  }
  yield `${piece}]}\n`;
}
