/**
 * JSON files of the desktop's own data (profiles, tokens, drafts, mirror, window state).
 *
 * API:
 * - `readJsonFile(file): Promise<unknown>` — the parsed content; undefined when the file is
 *   missing or is not JSON (callers validate the shape with zod and fall back).
 * - `writeJsonFile(file, data, mode?)` — written durably (temp, fsync, rename, dir fsync);
 *   mode 0600 by default, since these files are the owner's alone.
 */
import { promises as fs } from 'node:fs';
import { writeFileDurably } from '@folio/shared/durable-file';

export async function readJsonFile(file: string): Promise<unknown> {
  let text: string;
  try {
    text = await fs.readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

export function writeJsonFile(file: string, data: unknown, mode = 0o600): Promise<void> {
  return writeFileDurably(file, `${JSON.stringify(data)}\n`, mode);
}
