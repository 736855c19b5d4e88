import { promises as fs } from 'node:fs';
import path from 'node:path';
import { syncDirectory, writeNewFileSynced } from '@folio/shared/durable-file';
import { bodyFileName } from './data-layout.js';

/**
 * The article body files, `article-bodies/<id>-<revision>.md`: each new body is a new file,
 * written before the record that points at it and removed once none does.
 */
export class BodyFiles {
  private readonly reservedRevs = new Map<number, number>();
  /** Whether files were written since the folder was last synced. */
  private unsynced = false;

  constructor(readonly dir: string) {}

  pathOf(id: number, rev: number): string {
    return path.join(this.dir, bodyFileName(id, rev));
  }

  /**
   * Reserves a body revision no other writer of this article has taken, so two concurrent
   * updates never write the same file. Whichever commits last is what the article points at.
   */
  reserveRev(id: number, currentRev: number): number {
    const rev = Math.max(currentRev, this.reservedRevs.get(id) ?? 0) + 1;
    this.reservedRevs.set(id, rev);
    return rev;
  }

  /**
   * Writes a new body revision. Its name in the folder is made durable by {@link syncNewFiles},
   * once for every body written before a commit, rather than once each (see writeNewFileSynced).
   */
  async write(id: number, rev: number, content: string): Promise<void> {
    await writeNewFileSynced(this.pathOf(id, rev), content);
    this.unsynced = true;
  }

  /** Removes a body revision that no record points at any more. Failures only leave an orphan. */
  async discard(id: number, rev: number): Promise<void> {
    await fs.rm(this.pathOf(id, rev), { force: true });
  }

  /** Makes the names of the bodies written so far durable: a commit does it before it points records at them. */
  async syncNewFiles(): Promise<void> {
    if (!this.unsynced) return;
    this.unsynced = false;
    try {
      await syncDirectory(this.dir);
    } catch (error) {
      this.unsynced = true;
      throw error;
    }
  }
}
