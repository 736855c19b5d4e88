import { promises as fs } from 'node:fs';
import { STORAGE_LOW_SPACE_BYTES, StorageMessages as M } from '@folio/shared';
import type { StorageFailure, StorageHealthStatus, StorageOperation } from '@folio/shared';

/** Told of each failure as it happens, with the error itself (the server logs it). */
export type StorageFailureListener = (failure: StorageFailure, error: unknown) => void;

const errorCode = (error: unknown): string | null => {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : null;
};

/** A full disk, or a file size limit, which the owner fixes the same way: more room. */
const isOutOfSpace = (code: string | null) => code === 'ENOSPC' || code === 'EFBIG' || code === 'EDQUOT';

function failureMessage(operation: StorageOperation, code: string | null): string {
  const shown = code ?? 'EIO';
  if (operation === 'commit') return isOutOfSpace(code) ? M.commitFailedDiskFull : M.commitFailed(shown);
  return isOutOfSpace(code) ? M.compactionFailedDiskFull : M.compactionFailed(shown);
}

/**
 * How the data directory's writes are going (server/API.md §E15), so a full or failing disk shows
 * in the admin instead of only in failed saves or, for the background compaction, nowhere.
 * Each operation counts as failing from its failure to its next success.
 */
export class StorageHealth {
  private lastFailure: StorageFailure | null = null;
  private readonly failing = new Set<StorageOperation>();
  private readonly listeners: StorageFailureListener[] = [];

  constructor(
    private readonly dataDir: string,
    /** Whether every save is refused now (see Store). */
    private readonly refusing: () => boolean,
  ) {}

  onFailure(listener: StorageFailureListener): void {
    this.listeners.push(listener);
  }

  failed(operation: StorageOperation, error: unknown, now = new Date()): void {
    const code = errorCode(error);
    const failure: StorageFailure = { operation, at: now.toISOString(), message: failureMessage(operation, code), code };
    this.lastFailure = failure;
    this.failing.add(operation);
    for (const listener of this.listeners) listener(failure, error);
  }

  succeeded(operation: StorageOperation): void {
    this.failing.delete(operation);
  }

  async status(): Promise<StorageHealthStatus> {
    let disk: StorageHealthStatus['disk'] = null;
    try {
      const stats = await fs.statfs(this.dataDir);
      disk = { free_bytes: stats.bavail * stats.bsize, total_bytes: stats.blocks * stats.bsize };
    } catch {
      // Not every system tells; the failures above still do.
    }
    return {
      state: this.refusing() ? 'refusing' : this.failing.size > 0 ? 'failing' : 'ok',
      last_failure: this.lastFailure,
      disk,
      low_space: disk !== null && disk.free_bytes < STORAGE_LOW_SPACE_BYTES,
    };
  }
}
