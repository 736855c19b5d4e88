import { constants, promises as fs } from 'node:fs';
import type { FileHandle } from 'node:fs/promises';

/** An upload opened for reading: the handle is the caller's to close. */
export interface OpenedUpload {
  handle: FileHandle;
  size: number;
}

/**
 * Opens a plain file for reading without following a link (a link planted in a served folder
 * must not expose what it points at); `undefined` when it is missing or not a plain file.
 */
export async function openRegularFile(target: string): Promise<OpenedUpload | undefined> {
  let handle: FileHandle;
  try {
    handle = await fs.open(target, constants.O_RDONLY | constants.O_NOFOLLOW);
  } catch {
    return undefined;
  }
  const stat = await handle.stat();
  if (!stat.isFile()) {
    await handle.close();
    return undefined;
  }
  return { handle, size: stat.size };
}
