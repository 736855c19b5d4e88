import { readFileSync, promises as fs } from 'node:fs';
import path from 'node:path';
import type { FileWrite, JournalEntry } from './journal.js';

/** Text of a file that is not there: `undefined` for a missing file, any other error thrown. */
function missingFile(error: unknown): undefined {
  if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
  throw error;
}

/**
 * What the store's commit writes beside the collections, in the same journalled commit: the
 * commit takes the changed names, writes {@link writesFor} them, then says whether that worked.
 */
export interface CommitFiles {
  /**
   * Written durably before the rest of the commit, outside its journal, so a commit of one file
   * besides these needs no journal (a comment and its mail: server/API.md §E13). A crash in
   * between leaves these without the rest: their reader must check that what they refer to exists.
   */
  readonly writtenFirst?: boolean;
  readonly hasChanges: boolean;
  takeChanged(): string[];
  writesFor(names: readonly string[]): JournalEntry[];
  committed(names: Iterable<string>): void;
  markChanged(names: Iterable<string>): void;
}

/**
 * Files of the data directory that live outside the collections and are written by the store's
 * commit, in the same journalled commit as the records pointing at them (remembered answers,
 * article history). A change is held in memory only until that commit has written it: the
 * commit takes {@link takeChanged} and writes {@link writesFor} them. Reads see unwritten
 * changes first, then the files.
 */
export class PendingFiles implements CommitFiles {
  /** Content to write, or `null` to remove the file, by file name (relative to the data dir). */
  private readonly unwritten = new Map<string, string | null>();
  private readonly changed = new Set<string>();

  constructor(protected readonly dataDir: string) {}

  protected putText(fileName: string, content: string): void {
    this.unwritten.set(fileName, content);
    this.changed.add(fileName);
  }

  remove(fileName: string): void {
    this.unwritten.set(fileName, null);
    this.changed.add(fileName);
  }

  /** The file's text as the next commit leaves it; undefined when there is none. */
  protected async readText(fileName: string): Promise<string | undefined> {
    const pending = this.unwritten.get(fileName);
    if (pending !== undefined) return pending ?? undefined;
    return fs.readFile(path.join(this.dataDir, fileName), 'utf8').catch(missingFile);
  }

  /** {@link readText} for a synchronous change (inside a store mutation): small files only. */
  protected readTextSync(fileName: string): string | undefined {
    const pending = this.unwritten.get(fileName);
    if (pending !== undefined) return pending ?? undefined;
    try {
      return readFileSync(path.join(this.dataDir, fileName), 'utf8');
    } catch (error) {
      return missingFile(error);
    }
  }

  get hasChanges(): boolean {
    return this.changed.size > 0;
  }

  /** Files to write (or remove) with the next commit, forgotten until {@link markChanged}. */
  takeChanged(): string[] {
    const names = [...this.changed];
    this.changed.clear();
    return names;
  }

  writesFor(fileNames: readonly string[]): FileWrite[] {
    return fileNames.map((name) => ({ name, content: this.unwritten.get(name) ?? null }));
  }

  /** Marks files for the next commit again, after a commit that would have written them failed. */
  markChanged(fileNames: Iterable<string>): void {
    for (const name of fileNames) this.changed.add(name);
  }

  /** Forgets every change not yet written (a commit failed and the store went back to the disk's state). */
  discardUnwritten(): void {
    this.unwritten.clear();
    this.changed.clear();
  }

  /** The files now hold what was written: those not changed since are read from disk again. */
  committed(fileNames: Iterable<string>): void {
    for (const name of fileNames) if (!this.changed.has(name)) this.unwritten.delete(name);
  }
}
