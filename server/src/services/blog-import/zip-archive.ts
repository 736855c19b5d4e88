/**
 * A zip read without trusting it (server/API.md §E21.4): every name is checked before anything is
 * read (a name that climbs out of the archive refuses the whole file), the entries and the bytes
 * inflated are bounded, and an entry whose compression ratio only a bomb reaches is refused.
 * Nothing is ever written to disk: entries are inflated into memory, one at a time, on demand.
 *
 * The sizes in a zip's headers are the writer's word: they are used to refuse early, never to
 * allow. yauzl's `validateEntrySizes` stops a stream that inflates past its header's size, and
 * every inflated byte is charged to one {@link InflateBudget} shared by all reads of the archive.
 */
import type { Readable } from 'node:stream';
import yauzl from 'yauzl';
import type { Entry, ZipFile } from 'yauzl';
import { BlogImportSourceMessages as M } from '@folio/shared';
import { BlogSourceError } from './source.js';

const MB = 1024 * 1024;

export interface ZipLimits {
  /** Entries (files and folders) in the archive. */
  maxEntries: number;
  /** Bytes inflated from the archive in all, across every read. */
  maxTotalBytes: number;
  /** Uncompressed / compressed size above which an entry is a bomb… */
  maxRatio: number;
  /** …once it is at least this large (a small file of spaces compresses well and harms no one). */
  ratioFloorBytes: number;
}

export const DEFAULT_ZIP_LIMITS: ZipLimits = {
  maxEntries: 20_000,
  maxTotalBytes: 512 * MB,
  maxRatio: 200,
  ratioFloorBytes: MB,
};

/** A file (not a folder) of the archive, its name checked. */
export interface ZipFileEntry {
  /** Its path in the archive, with `/`. */
  path: string;
  /** The size its header declares: never trusted beyond refusing early. */
  declaredSize: number;
  entry: Entry;
}

/** Counts every inflated byte against the archive's limit. */
export class InflateBudget {
  private used = 0;
  constructor(private readonly limit: number) {}

  charge(bytes: number): void {
    this.used += bytes;
    if (this.used > this.limit) throw new BlogSourceError(M.zipTooLarge(Math.round(this.limit / MB)));
  }
}

const ZIP_SIGNATURES = [Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.from([0x50, 0x4b, 0x05, 0x06])];

/** Whether a file starts as a zip does: a local file header, or the end record of an empty zip. */
export function looksLikeZip(head: Buffer): boolean {
  return ZIP_SIGNATURES.some((signature) => head.length >= 4 && head.subarray(0, 4).equals(signature));
}

/** A name that would land outside the folder it is unpacked into, on any system. */
export function climbsOut(name: string): boolean {
  return (
    name.includes('\\') ||
    name.includes('\0') ||
    name.startsWith('/') ||
    /^[a-zA-Z]:/.test(name) ||
    name.split('/').some((segment) => segment === '..')
  );
}

const S_IFMT = 0o170000;
const S_IFLNK = 0o120000;

function openZip(path: string): Promise<ZipFile> {
  return new Promise((resolve, reject) => {
    // decodeStrings off: the names are checked here, with a message that names the entry.
    yauzl.open(path, { lazyEntries: true, autoClose: false, validateEntrySizes: true, decodeStrings: false }, (error, zip) => {
      if (error || !zip) reject(new BlogSourceError(M.zipUnreadable));
      else resolve(zip);
    });
  });
}

/**
 * The archive's files, every name checked and the headers' counts and sizes within the limits.
 * Folders, symbolic links and encrypted entries are left out (none is a post or an image).
 */
export async function listZip(path: string, limits: ZipLimits, signal: AbortSignal): Promise<ZipFileEntry[]> {
  const zip = await openZip(path);
  try {
    if (zip.entryCount > limits.maxEntries) throw new BlogSourceError(M.zipTooManyEntries(limits.maxEntries));
    const files: ZipFileEntry[] = [];
    let declaredTotal = 0;
    await new Promise<void>((resolve, reject) => {
      const fail = (error: unknown) => {
        zip.removeAllListeners('entry');
        reject(error instanceof BlogSourceError || signal.aborted ? error : new BlogSourceError(M.zipUnreadable));
      };
      zip.on('error', fail);
      zip.on('end', () => resolve());
      zip.on('entry', (entry: Entry) => {
        try {
          signal.throwIfAborted();
          const name = yauzl.getFileNameLowLevel(entry.generalPurposeBitFlag, entry.fileNameRaw, entry.extraFields, true);
          if (climbsOut(name)) throw new BlogSourceError(M.zipUnsafePath(name));
          const isLink = ((entry.externalFileAttributes >>> 16) & S_IFMT) === S_IFLNK;
          if (!name.endsWith('/') && !isLink && !entry.isEncrypted()) {
            declaredTotal += entry.uncompressedSize;
            if (declaredTotal > limits.maxTotalBytes)
              throw new BlogSourceError(M.zipTooLarge(Math.round(limits.maxTotalBytes / MB)));
            const ratio = entry.uncompressedSize / Math.max(entry.compressedSize, 1);
            if (entry.uncompressedSize >= limits.ratioFloorBytes && ratio > limits.maxRatio) {
              throw new BlogSourceError(M.zipSuspiciousRatio(name));
            }
            files.push({ path: name, declaredSize: entry.uncompressedSize, entry });
          }
          zip.readEntry();
        } catch (error) {
          fail(error);
        }
      });
      zip.readEntry();
    });
    return files;
  } finally {
    zip.close();
  }
}

async function collect(stream: Readable, file: ZipFileEntry, budget: InflateBudget, signal: AbortSignal): Promise<Buffer> {
  const chunks: Buffer[] = [];
  try {
    for await (const chunk of stream) {
      signal.throwIfAborted();
      const buffer = chunk as Buffer;
      budget.charge(buffer.length);
      chunks.push(buffer);
    }
  } catch (error) {
    stream.destroy();
    if (error instanceof BlogSourceError || signal.aborted) throw error;
    // yauzl stops a stream that inflates past its header's size: the header lied, as a bomb's does.
    const overran = error instanceof Error && /too many bytes/i.test(error.message);
    throw new BlogSourceError(overran ? M.zipSuspiciousRatio(file.path) : M.zipEntryBroken(file.path));
  }
  return Buffer.concat(chunks);
}

/** Inflates the given files in order, handing each one's bytes to `onFile` before the next is read. */
export async function readZipFiles(
  path: string,
  files: readonly ZipFileEntry[],
  budget: InflateBudget,
  signal: AbortSignal,
  onFile: (file: ZipFileEntry, bytes: Buffer) => void,
): Promise<void> {
  if (files.length === 0) return;
  const zip = await openZip(path);
  try {
    for (const file of files) {
      signal.throwIfAborted();
      const stream = await new Promise<Readable>((resolve, reject) => {
        zip.openReadStream(file.entry, (error, opened) => {
          if (error || !opened) reject(new BlogSourceError(M.zipEntryBroken(file.path)));
          else resolve(opened);
        });
      });
      onFile(file, await collect(stream, file, budget, signal));
    }
  } finally {
    zip.close();
  }
}

/** One file's bytes, read again from the archive later (an image the job takes in). */
export async function readZipFile(path: string, file: ZipFileEntry, budget: InflateBudget, signal: AbortSignal): Promise<Buffer> {
  let bytes: Buffer = Buffer.alloc(0);
  await readZipFiles(path, [file], budget, signal, (_file, read) => {
    bytes = read;
  });
  return bytes;
}
