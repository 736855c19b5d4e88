/**
 * Where backups are kept (server/API.md §E22): a folder on the server's disk, a WebDAV server or
 * S3-compatible storage, behind one interface so the runner, retention and restore do not care.
 */
import type { Readable } from 'node:stream';

/** A stored backup as a target lists it. */
export interface StoredBackup {
  name: string;
  size: number;
  modifiedAt: string | null;
}

export interface BackupTarget {
  readonly id: string;
  /**
   * Stores the finished archive at `localPath` under `name`, streamed (never whole in memory).
   * A failed upload leaves no object under `name` (a partial one is removed or never committed).
   */
  upload(name: string, localPath: string, size: number): Promise<void>;
  /** Streams a stored backup back, for verification and restore. */
  download(name: string): Promise<Readable>;
  /** Folio's own backups at this target (names matching `isFolioBackupName`), any order. */
  list(): Promise<StoredBackup[]>;
  /** Deletes one of Folio's own backups; refuses any other name. */
  remove(name: string): Promise<void>;
}
