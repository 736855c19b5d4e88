/** Which write of the data directory failed (server/API.md §E15). */
export type StorageOperation = 'commit' | 'compaction';

/** The last write of the data directory that failed: when, what, and why in the owner's words. */
export interface StorageFailure {
  operation: StorageOperation;
  at: string;
  /** Chinese, for the admin's warning. */
  message: string;
  /** The system's error code (`ENOSPC`, `EIO`, `EFBIG`...), or null when it gave none. */
  code: string | null;
}

/**
 * `GET /api/admin/storage`: whether the data directory takes writes. `failing` while the last
 * attempt of a save or of the article index's background compaction failed; `refusing` while
 * every save is refused, after a failed save whose data could not be read back.
 */
export interface StorageHealthStatus {
  state: 'ok' | 'failing' | 'refusing';
  /** The most recent failure, kept after the disk recovered (null when none since start). */
  last_failure: StorageFailure | null;
  /** Space of the disk holding the data directory; null when the system cannot tell. */
  disk: { free_bytes: number; total_bytes: number } | null;
  /** Less than {@link STORAGE_LOW_SPACE_BYTES} free: the next saves may fail. */
  low_space: boolean;
}

/** Below this much free space the admin is warned before saves start failing: 200 MB. */
export const STORAGE_LOW_SPACE_BYTES = 200 * 1024 * 1024;
