import { createHash } from 'node:crypto';
import { IDEMPOTENCY_KEY_TTL_MS, ServerMessages as M } from '@folio/shared';
import { unprocessableEntity } from '../errors.js';
import type { IdempotencyRepository } from '../store/idempotency.repository.js';
import type { IdempotentAnswer } from '../store/records.js';
import type { SameCommitWrite } from '../store/store.js';

/** The answer remembered for a key and given again to every retry. */
export type IdempotentResponse = IdempotentAnswer;

export interface IdempotentOutcome<R> {
  response: IdempotentResponse;
  /** True when this is a retry answered from memory: nothing was created. */
  replayed: boolean;
  /** What this request created (absent on a replay). */
  created?: R;
}

interface InFlight {
  fingerprint: string;
  done: Promise<unknown>;
}

/** A stable fingerprint of a validated request: the same fields in any key order give the same one. */
export function fingerprintOf(request: unknown): string {
  const canonical = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(canonical);
    if (value !== null && typeof value === 'object') {
      return Object.fromEntries(
        Object.entries(value)
          .filter(([, item]) => item !== undefined)
          .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
          .map(([key, item]) => [key, canonical(item)]),
      );
    }
    return value;
  };
  return createHash('sha256')
    .update(JSON.stringify(canonical(request)))
    .digest('hex');
}

/**
 * `Idempotency-Key` for creations (server/API.md §E2): the first request with a key creates and its
 * answer is remembered for a day, in the same commit as what it created; a retry with the same
 * request gets that answer again, a different request under the same key gets 422. Requests
 * with one key are serialised here, so two arriving together still create once.
 */
export class IdempotencyService {
  private readonly inFlight = new Map<string, InFlight>();

  constructor(
    private readonly repository: IdempotencyRepository,
    private readonly now: () => Date = () => new Date(),
    private readonly ttlMs: number = IDEMPOTENCY_KEY_TTL_MS,
  ) {}

  /**
   * Runs `create` once per key. `create` must hand the given {@link SameCommitWrite} to the
   * repository that stores what it creates; `respond` turns that into the answer to remember.
   */
  async once<R>(
    key: string,
    fingerprint: string,
    create: (sameCommit: SameCommitWrite<R>) => Promise<R>,
    respond: (created: R) => IdempotentResponse,
  ): Promise<IdempotentOutcome<R>> {
    for (;;) {
      const stored = this.repository.find(key, this.now());
      if (stored) {
        if (stored.fingerprint !== fingerprint) throw unprocessableEntity(M.idempotencyKeyReused);
        const response = await this.repository.answerOf(stored);
        // A lost answer file: failing is better than creating the article a second time.
        if (!response) throw new Error(`The answer remembered for an Idempotency-Key is missing`);
        return { response, replayed: true };
      }
      const running = this.inFlight.get(key);
      if (running) {
        if (running.fingerprint !== fingerprint) throw unprocessableEntity(M.idempotencyKeyReused);
        // Its outcome is looked up again above; if it failed, this request tries itself.
        await running.done.catch(() => undefined);
        continue;
      }
      return this.createFirst(key, fingerprint, create, respond);
    }
  }

  private async createFirst<R>(
    key: string,
    fingerprint: string,
    create: (sameCommit: SameCommitWrite<R>) => Promise<R>,
    respond: (created: R) => IdempotentResponse,
  ): Promise<IdempotentOutcome<R>> {
    let response: IdempotentResponse | undefined;
    const now = this.now();
    const sameCommit = this.repository.sameCommitAs<R>((created) => {
      response = respond(created);
      return {
        key,
        fingerprint,
        answer: response,
        created_at: now.toISOString(),
        expires_at: new Date(now.getTime() + this.ttlMs).toISOString(),
      };
    }, now);
    // Registered before the first await, so a request arriving meanwhile waits for this one.
    const done = create(sameCommit);
    this.inFlight.set(key, { fingerprint, done });
    try {
      const created = await done;
      if (!response) throw new Error('The creation did not store its idempotency record');
      return { response, replayed: false, created };
    } finally {
      this.inFlight.delete(key);
    }
  }

  /** Forgets keys older than a day; resolves with how many were removed. */
  pruneExpired(): Promise<number> {
    return this.repository.pruneExpired(this.now());
  }
}
