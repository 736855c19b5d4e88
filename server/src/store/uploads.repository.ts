import { createHash, randomBytes } from 'node:crypto';
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { FILENAME_PATTERN } from '@folio/shared';
import { syncDirectory, writeFileDurably } from '@folio/shared/durable-file';
import { isoNow } from './clock.js';
import type { ImageSizesRepository } from './image-sizes.repository.js';
import type { UploadLogFile } from './records.js';
import { openRegularFile } from './regular-files.js';
import type { OpenedUpload } from './regular-files.js';
import type { Store } from './store.js';

export { openRegularFile };
export type { OpenedUpload };

/** Path prefixes under which an article cover points at one of our uploads (server/API.md §12). */
const LOCAL_FILE_PREFIXES = ['/uploads/', '/api/admin/avatars/file/', '/api/admin/articles/cover/'];

/** The upload filename a root-relative cover path refers to, or `undefined` for external or empty covers. */
export function uploadFilenameOfPath(cover: string): string | undefined {
  for (const prefix of LOCAL_FILE_PREFIXES) {
    if (cover.startsWith(prefix)) {
      const name = cover.slice(prefix.length);
      return FILENAME_PATTERN.test(name) ? name : undefined;
    }
  }
  return undefined;
}

/** An upload's path, by any of its three URLs (server/API.md §12), wherever it stands in Markdown. */
const UPLOAD_PATH = /\/(?:uploads|api\/admin\/avatars\/file|api\/admin\/articles\/cover)\/[A-Za-z0-9][A-Za-z0-9._-]{0,127}/g;

/**
 * The uploads an article shows, by filename, each once: its cover, then every upload its body
 * names (Markdown images, reference-style links, `<img src>`, by any of the three URLs). The
 * page, the backup (server/API.md §14) and the purge read a body through this one rule.
 */
export function uploadsShownBy(cover: string, body: string): string[] {
  const filenames = new Set<string>();
  for (const uploadPath of [cover, ...(body.match(UPLOAD_PATH) ?? [])]) {
    const filename = uploadFilenameOfPath(uploadPath);
    if (filename !== undefined) filenames.add(filename);
  }
  return [...filenames];
}

/**
 * Puts uploads in the upload log as written at `at`, inside a change of the `uploadLog`
 * collection: the start-up sweep judges them once its grace has passed from then (see
 * startup-sweeps.ts). An upload already logged takes the new time.
 */
export function logForJudging(log: UploadLogFile, filenames: Iterable<string>, at: string): void {
  const names = new Set(filenames);
  if (names.size === 0) return;
  log.items = log.items.filter((entry) => !names.has(entry.filename));
  for (const filename of names) log.items.push({ filename, written_at: at });
}

/**
 * The upload folder. Every name is checked against FILENAME_PATTERN before it becomes a path,
 * so no request can reach outside the folder, and files are opened without following links.
 */
export class UploadsRepository {
  constructor(
    private readonly store: Store,
    /** The page sizes of uploads, which go with the upload they were made from. */
    private readonly sizes?: ImageSizesRepository,
  ) {}

  private pathOf(filename: string): string | undefined {
    if (!FILENAME_PATTERN.test(filename)) return undefined;
    return path.join(this.store.uploadsDir, filename);
  }

  /** A fresh random name (32 hex characters) with the given extension, e.g. `png`. */
  newFilename(extension: string): string {
    return `${randomBytes(16).toString('hex')}.${extension}`;
  }

  /** Stores bytes under a new random name and resolves with that name once they are on disk. */
  async saveNew(content: Uint8Array, extension: string): Promise<string> {
    const filename = this.newFilename(extension);
    await this.writeNew(filename, content);
    return filename;
  }

  /**
   * Stores bytes once: the name comes from the SHA-256 of `sent` (the bytes as uploaded, of
   * which `content` is the cleaned copy), so the same image uploaded again (an article imported
   * twice, one photo in two posts) gets the stored file's name back instead of a second copy.
   * A file already under that name with other bytes (restored from a backup of another site)
   * is left alone and the new bytes get a random name.
   */
  async saveByContent(content: Uint8Array, extension: string, sent: Uint8Array = content): Promise<string> {
    const filename = `${createHash('sha256').update(sent).digest('hex').slice(0, 32)}.${extension}`;
    const stored = await this.read(filename);
    if (stored === undefined) {
      await this.writeNew(filename, content);
      return filename;
    }
    if (!stored.equals(content)) return this.saveNew(content, extension);
    // Uploaded again before anything refers to it: the start-up sweep's grace starts over.
    if (this.store.state.uploadLog.items.some((entry) => entry.filename === filename)) await this.logWrite(filename);
    return filename;
  }

  /**
   * Writes a file that was not there, logged first in the upload log: if the request dies
   * before a record refers to the file, the start-up sweep finds and removes it (see
   * startup-sweeps.ts). {@link forget} takes a file back out of the log.
   */
  async writeNew(filename: string, content: Uint8Array): Promise<void> {
    const target = this.safePath(filename);
    await this.logWrite(filename);
    await writeFileDurably(target, content);
  }

  private async logWrite(filename: string): Promise<void> {
    const writtenAt = isoNow();
    await this.store.mutate(['uploadLog'], (state) => logForJudging(state.uploadLog, [filename], writtenAt));
  }

  /**
   * Replaces a file in place; not logged, since the file was there before (its records refer to
   * it). Its page sizes show the old bytes, so they go; the next pass makes them again.
   */
  async write(filename: string, content: Uint8Array): Promise<void> {
    await writeFileDurably(this.safePath(filename), content);
    await this.sizes?.forget(filename);
  }

  /** Takes a file written by {@link writeNew} out of the upload log, once the write was undone. */
  async forget(filename: string): Promise<void> {
    if (!this.store.state.uploadLog.items.some((entry) => entry.filename === filename)) return;
    await this.store.mutate(['uploadLog'], (state) => {
      state.uploadLog.items = state.uploadLog.items.filter((entry) => entry.filename !== filename);
    });
  }

  private safePath(filename: string): string {
    const target = this.pathOf(filename);
    if (!target) throw new Error(`Refusing to write upload with unsafe name ${JSON.stringify(filename)}`);
    return target;
  }

  /** Where multipart uploads are streamed before a handler reads them. */
  get tempDir(): string {
    return this.store.uploadTempDir;
  }

  /** Opens a regular file in the folder; `undefined` when the name is unsafe, missing or not a plain file. */
  async open(filename: string): Promise<OpenedUpload | undefined> {
    const target = this.pathOf(filename);
    return target ? openRegularFile(target) : undefined;
  }

  /** The whole file, or `undefined` when it is missing. Uploads are at most a few MB each. */
  async read(filename: string): Promise<Buffer | undefined> {
    const opened = await this.open(filename);
    if (!opened) return undefined;
    try {
      return await opened.handle.readFile();
    } finally {
      await opened.handle.close();
    }
  }

  async exists(filename: string): Promise<boolean> {
    const opened = await this.open(filename);
    if (!opened) return false;
    await opened.handle.close();
    return true;
  }

  /** Deletes a file, and its page sizes; a missing file is not an error. */
  async remove(filename: string): Promise<void> {
    const target = this.pathOf(filename);
    if (!target) return;
    await fs.rm(target, { force: true });
    await syncDirectory(this.store.uploadsDir);
    await this.sizes?.forget(filename);
  }

  /** The names of the files in the folder (temp and set-aside files, which start with a dot, left out). */
  async list(): Promise<string[]> {
    const entries = await fs.readdir(this.store.uploadsDir, { withFileTypes: true });
    return entries.filter((entry) => entry.isFile() && FILENAME_PATTERN.test(entry.name)).map((entry) => entry.name);
  }

  /**
   * Moves an existing file aside so it can be restored if the change that replaces it fails.
   * The backup name starts with `.` and ends with `.tmp`, so a crash leaves nothing the store
   * does not already clean up on the next start.
   */
  async setAside(filename: string): Promise<string | undefined> {
    const target = this.pathOf(filename);
    if (!target) return undefined;
    const backup = path.join(this.store.uploadsDir, `.${filename}.${randomBytes(6).toString('hex')}.bak.tmp`);
    try {
      await fs.rename(target, backup);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw error;
    }
    return backup;
  }

  async restoreAside(filename: string, backup: string): Promise<void> {
    const target = this.pathOf(filename);
    if (!target) return;
    await fs.rename(backup, target);
    await syncDirectory(this.store.uploadsDir);
  }

  async dropAside(backup: string): Promise<void> {
    await fs.rm(backup, { force: true });
  }

  /** True when an avatar or an article cover (live or binned) still points at the file. */
  isReferenced(filename: string): boolean {
    const { avatars, articles } = this.store.state;
    if (avatars.items.some((avatar) => avatar.filename === filename)) return true;
    return articles.items.some((article) => uploadFilenameOfPath(article.cover) === filename);
  }
}
