import { linkSync, mkdirSync, promises as fs } from 'node:fs';
import path from 'node:path';
import { FILENAME_PATTERN } from '@folio/shared';
import type { BackupRepository } from '../../store/backup.repository.js';
import { snapshotBackup } from '../backup-export.service.js';

/** The records of one moment and the files they show, held so later writes cannot change them. */
export interface HeldSnapshot {
  snapshot: ReturnType<typeof snapshotBackup>;
  /** A file as it was at the snapshot's moment; `undefined` when it was missing then. */
  read(filename: string): Promise<Buffer | undefined>;
}

/**
 * Takes the backup's moment (server/API.md §E22) in one synchronous turn: the records (read from
 * memory, as the export does) and a hard link to each upload they show, in `holdDir`. Uploads are
 * replaced by rename and deleted by unlink, so a link keeps the very bytes of that moment however
 * long the archive takes, and no write waits for it. Where a link cannot be made (another file
 * system, say), the file is read from the upload folder when its turn comes, as the export does.
 */
export function holdSnapshot(
  backups: BackupRepository,
  uploadsDir: string,
  holdDir: string,
  readLive: (filename: string) => Promise<Buffer | undefined>,
): HeldSnapshot {
  mkdirSync(holdDir, { recursive: true });
  const snapshot = snapshotBackup(backups);
  const held = new Set<string>();
  const live = new Set<string>();
  for (const filename of snapshot.filenames) {
    if (!FILENAME_PATTERN.test(filename)) continue;
    try {
      linkSync(path.join(uploadsDir, filename), path.join(holdDir, filename));
      held.add(filename);
    } catch (error) {
      // Missing at this moment: the export leaves it out, as import expects.
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') live.add(filename);
    }
  }
  return {
    snapshot,
    async read(filename) {
      if (held.has(filename)) return fs.readFile(path.join(holdDir, filename));
      return live.has(filename) ? readLive(filename) : undefined;
    },
  };
}
