import { answerFileOf } from './idempotency-answers.js';
import type { IdempotencyRecord, IdempotentAnswer } from './records.js';
import type { SameCommitWrite, Store, StoreState } from './store.js';

/** A key to remember: what was asked, what was answered, and until when. */
export interface RememberedKey {
  key: string;
  fingerprint: string;
  answer: IdempotentAnswer;
  created_at: string;
  expires_at: string;
}

/**
 * Remembered `Idempotency-Key`s of article creations: the index `idempotency-keys.json` and one
 * answer file per key. Both are written in the same commit as the article they made (see
 * {@link sameCommitAs}); expired keys are ignored at once and removed, with their answers, by
 * the next write or by {@link pruneExpired}.
 */
export class IdempotencyRepository {
  constructor(private readonly store: Store) {}

  /** The live record of `key`, ignoring one that has expired by `now`. */
  find(key: string, now: Date): IdempotencyRecord | undefined {
    const record = this.store.state.idempotencyKeys.items.find((item) => item.key === key);
    return record && !isExpired(record, now) ? record : undefined;
  }

  /** The answer remembered with a record; undefined only when its file has been lost. */
  async answerOf(record: IdempotencyRecord): Promise<IdempotentAnswer | undefined> {
    if (record.response !== undefined) return record.response;
    return this.store.state.idempotencyAnswers.read(answerFileOf(record.key));
  }

  /**
   * A write that stores the key built from the created item, inside the commit creating it, and
   * drops every expired key on the way (the index is rewritten anyway).
   */
  sameCommitAs<R>(build: (created: R) => RememberedKey, now: Date): SameCommitWrite<R> {
    return {
      collections: ['idempotencyKeys', 'idempotencyAnswers'],
      apply(created: R, state: StoreState) {
        const { answer, ...record } = build(created);
        dropKeys(state, (item) => item.key === record.key || isExpired(item, now));
        // After the drop, which removes the answer file of an expired record of the same key.
        state.idempotencyAnswers.put(answerFileOf(record.key), answer);
        state.idempotencyKeys.items.push(record);
      },
    };
  }

  /** Removes expired keys; resolves with how many were removed (nothing is written when none). */
  async pruneExpired(now: Date): Promise<number> {
    const expired = this.store.state.idempotencyKeys.items.filter((item) => isExpired(item, now)).length;
    if (expired === 0) return 0;
    await this.store.mutate(['idempotencyKeys', 'idempotencyAnswers'], (state) =>
      dropKeys(state, (item) => isExpired(item, now)),
    );
    return expired;
  }
}

/** Removes the keys `drop` picks, and their answer files with them. */
function dropKeys(state: StoreState, drop: (record: IdempotencyRecord) => boolean): void {
  const file = state.idempotencyKeys;
  for (const record of file.items) {
    if (drop(record) && record.response === undefined) state.idempotencyAnswers.remove(answerFileOf(record.key));
  }
  file.items = file.items.filter((item) => !drop(item));
}

const isExpired = (record: IdempotencyRecord, now: Date) => Date.parse(record.expires_at) <= now.getTime();
