import { createHash } from 'node:crypto';
import { serialize } from '@folio/shared/durable-file';
import { IDEMPOTENCY_DIR } from './data-layout.js';
import { PendingFiles } from './pending-files.js';
import type { IdempotentAnswer } from './records.js';

/** The file of the answer remembered for `key`: named by its hash, since a key may hold any visible character. */
export const answerFileOf = (key: string): string => `${IDEMPOTENCY_DIR}/${createHash('sha256').update(key).digest('hex')}.json`;

/**
 * The answers remembered for `Idempotency-Key`s, one file each in `idempotency/`, written in the
 * same commit as the record pointing at the file. Written answers are read from their files:
 * only a retry reads one.
 */
export class IdempotencyAnswers extends PendingFiles {
  put(fileName: string, answer: IdempotentAnswer): void {
    this.putText(fileName, serialize(answer));
  }

  /** The answer in a file, or one not written yet; undefined when there is none. */
  async read(fileName: string): Promise<IdempotentAnswer | undefined> {
    const text = await this.readText(fileName);
    return text === undefined ? undefined : (JSON.parse(text) as IdempotentAnswer);
  }
}
