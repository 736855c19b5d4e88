import type { IdempotencyRecord } from './records.js';
import type { SameCommitWrite, Store, StoreState } from './store.js';

/**
 * Remembered `Idempotency-Key`s of article creations, in `idempotency-keys.json`. A record is
 * written in the same commit as the article it made (see {@link sameCommitAs}); expired records
 * are ignored at once and removed by the next write or by {@link pruneExpired}.
 */
export class IdempotencyRepository {
  constructor(private readonly store: Store) {}

  /** The live record of `key`, ignoring one that has expired by `now`. */
  find(key: string, now: Date): IdempotencyRecord | undefined {
    const record = this.store.state.idempotencyKeys.items.find((item) => item.key === key);
    return record && !isExpired(record, now) ? record : undefined;
  }

  /**
   * A write that stores the record built from the created item, inside the commit creating it,
   * and drops every expired record on the way (the file is rewritten anyway).
   */
  sameCommitAs<R>(build: (created: R) => IdempotencyRecord, now: Date): SameCommitWrite<R> {
    return {
      collections: ['idempotencyKeys'],
      apply(created: R, state: StoreState) {
        const record = build(created);
        const file = state.idempotencyKeys;
        file.items = file.items.filter((item) => item.key !== record.key && !isExpired(item, now));
        file.items.push(record);
      },
    };
  }

  /** Removes expired records; resolves with how many were removed (nothing is written when none). */
  async pruneExpired(now: Date): Promise<number> {
    const expired = this.store.state.idempotencyKeys.items.filter((item) => isExpired(item, now)).length;
    if (expired === 0) return 0;
    await this.store.mutate(['idempotencyKeys'], (state) => {
      state.idempotencyKeys.items = state.idempotencyKeys.items.filter((item) => !isExpired(item, now));
    });
    return expired;
  }
}

const isExpired = (record: IdempotencyRecord, now: Date) => Date.parse(record.expires_at) <= now.getTime();
