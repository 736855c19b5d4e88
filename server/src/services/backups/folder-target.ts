import { createReadStream } from 'node:fs';
import { promises as fs } from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { BackupMessages as M } from '@folio/shared';
import { syncDirectory } from '@folio/shared/durable-file';
import { writeAll } from './backup-archive.js';
import { isFolioBackupName } from '@folio/shared';
import type { BackupTarget, StoredBackup } from './backup-target.js';
import { BackupTargetError } from './backup-target-error.js';

/** A copy being written: hidden, and never a Folio backup name until it is renamed whole. */
const PARTIAL = /^\.(folio-.+)\.partial$/;
const partialName = (name: string) => `.${name}.partial`;

const codeOf = (error: unknown): string => {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : 'EIO';
};

/**
 * A folder on the server's disk (server/API.md §E22). A copy is written as `.<name>.partial` and
 * renamed once synced, so a kill mid-copy leaves no file with a backup's name, only a partial one
 * the next start removes ({@link FolderTarget.sweepPartials}).
 */
export class FolderTarget implements BackupTarget {
  readonly folder: string;

  constructor(
    readonly id: string,
    folder: string,
    /** A relative folder is read from the data directory's parent (`backups` sits beside the data). */
    dataDir: string,
  ) {
    this.folder = path.resolve(path.dirname(path.resolve(dataDir)), folder);
  }

  private async ensureFolder(): Promise<void> {
    try {
      await fs.mkdir(this.folder, { recursive: true });
      const stats = await fs.stat(this.folder);
      if (!stats.isDirectory()) throw new BackupTargetError(M.folderNotDirectory(this.folder));
    } catch (error) {
      if (error instanceof BackupTargetError) throw error;
      const code = codeOf(error);
      if (code === 'EEXIST' || code === 'ENOTDIR') throw new BackupTargetError(M.folderNotDirectory(this.folder));
      throw new BackupTargetError(M.folderUnwritable(code));
    }
  }

  async upload(name: string, localPath: string, _size?: number): Promise<void> {
    if (!isFolioBackupName(name)) throw new BackupTargetError(M.nameInvalid);
    await this.ensureFolder();
    const partial = path.join(this.folder, partialName(name));
    try {
      const handle = await fs.open(partial, 'w', 0o600);
      try {
        await writeAll(handle, createReadStream(localPath));
        await handle.sync();
      } finally {
        await handle.close();
      }
      await fs.rename(partial, path.join(this.folder, name));
      await syncDirectory(this.folder);
    } catch (error) {
      await fs.rm(partial, { force: true }).catch(() => {});
      throw new BackupTargetError(M.folderUnwritable(codeOf(error)));
    }
  }

  async download(name: string): Promise<Readable> {
    if (!isFolioBackupName(name)) throw new BackupTargetError(M.nameInvalid);
    const file = path.join(this.folder, name);
    try {
      const handle = await fs.open(file, 'r');
      return handle.createReadStream();
    } catch (error) {
      if (codeOf(error) === 'ENOENT') throw new BackupTargetError(M.backupNotFound, 404);
      throw new BackupTargetError(M.folderUnwritable(codeOf(error)));
    }
  }

  async list(): Promise<StoredBackup[]> {
    let names: string[];
    try {
      names = await fs.readdir(this.folder);
    } catch (error) {
      if (codeOf(error) === 'ENOENT') return [];
      if (codeOf(error) === 'ENOTDIR') throw new BackupTargetError(M.folderNotDirectory(this.folder));
      throw new BackupTargetError(M.folderUnwritable(codeOf(error)));
    }
    const stored: StoredBackup[] = [];
    for (const name of names.filter(isFolioBackupName)) {
      const stats = await fs.stat(path.join(this.folder, name)).catch(() => undefined);
      if (stats?.isFile()) stored.push({ name, size: stats.size, modifiedAt: stats.mtime.toISOString() });
    }
    return stored;
  }

  async remove(name: string): Promise<void> {
    if (!isFolioBackupName(name)) throw new BackupTargetError(M.nameInvalid);
    await fs.rm(path.join(this.folder, name), { force: true });
  }

  /** Removes copies a kill interrupted (`.<name>.partial`); other files are left alone. */
  async sweepPartials(): Promise<void> {
    const names = await fs.readdir(this.folder).catch(() => [] as string[]);
    for (const name of names) {
      const match = PARTIAL.exec(name);
      if (match?.[1] && isFolioBackupName(match[1])) await fs.rm(path.join(this.folder, name), { force: true });
    }
  }
}
