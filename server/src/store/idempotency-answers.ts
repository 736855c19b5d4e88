import { createHash } from 'node:crypto';
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { serialize } from '@folio/shared/durable-file';
import { IDEMPOTENCY_DIR } from './data-layout.js';
import type { FileWrite } from './journal.js';
import type { IdempotentAnswer } from './records.js';

/** The file of the answer remembered for `key`: named by its hash, since a key may hold any visible character. */
export const answerFileOf = (key: string): string => `${IDEMPOTENCY_DIR}/${createHash('sha256').update(key).digest('hex')}.json`;

/**
 * The answers remembered for `Idempotency-Key`s, one file each in `idempotency/`. A change is
 * held in memory until the store's commit has written it, in the same commit as the record
 * pointing at the file (the commit takes {@link takeChanged} and the {@link writesFor} them).
 * Written answers are read from their files: only a retry reads one.
 */
export class IdempotencyAnswers {
  /** Content to write, or `null` to remove the file, by file name. */
  private readonly unwritten = new Map<string, string | null>();
  private readonly changed = new Set<string>();

  constructor(private readonly dataDir: string) {}

  put(fileName: string, answer: IdempotentAnswer): void {
    this.unwritten.set(fileName, serialize(answer));
    this.changed.add(fileName);
  }

  remove(fileName: string): void {
    this.unwritten.set(fileName, null);
    this.changed.add(fileName);
  }

  /** The answer in a file, or one not written yet; undefined when there is none. */
  async read(fileName: string): Promise<IdempotentAnswer | undefined> {
    let text: string | null | undefined = this.unwritten.get(fileName);
    if (text === undefined) {
      try {
        text = await fs.readFile(path.join(this.dataDir, fileName), 'utf8');
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
        throw error;
      }
    }
    return text === null ? undefined : (JSON.parse(text) as IdempotentAnswer);
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

  /** The files now hold what was written: those not changed since are read from disk again. */
  committed(fileNames: Iterable<string>): void {
    for (const name of fileNames) if (!this.changed.has(name)) this.unwritten.delete(name);
  }
}
