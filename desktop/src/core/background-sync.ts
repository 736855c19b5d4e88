/**
 * Keeps the server's copy of every draft close behind the disk: a draft the server lacks is
 * pushed (sync.ts `pushDraft`) a few seconds after its first unsent save, and again while saves
 * go on, throttled rather than waiting for a pause. The local save stays the first guarantee;
 * this only follows it, and only while `canSend` (online and signed in). Offline a push just
 * waits: `pushAll` (called when the server answers again) sends whatever is left.
 *
 * API:
 * - `new BackgroundSync({ drafts, sync, canSend, onOutcome?, delayMs? })`
 *   - `draftSaved(draftId)` — a local save happened; schedules a push unless one is due
 *   - `pushAll(): Promise<PushOutcome[]>` — every draft the server lacks, one at a time (a call
 *     while a pass runs gets that pass)
 *   - `idle(): Promise<void>` — resolves once no push is due or running (tests, quit)
 *   - `stop()` — drops the timers (profile switched away, app quitting)
 */
import type { DraftStore } from './draft-store.js';
import { isUnsent } from './draft-sync-state.js';
import type { PushOutcome, SyncEngine } from './sync.js';

/** How long after an unsent save its push goes out: behind typing, never waiting for a pause. */
export const DRAFT_PUSH_DELAY_MS = 3_000;

export interface BackgroundSyncOptions {
  drafts: DraftStore;
  sync: SyncEngine;
  /** Online and signed in: a push is tried only then. */
  canSend: () => boolean;
  /** Every push's outcome (the glue reports connectivity and tells the owner of conflicts). */
  onOutcome?: (outcome: PushOutcome) => void;
  delayMs?: number;
}

export class BackgroundSync {
  private readonly timers = new Map<string, ReturnType<typeof setTimeout>>();
  private readonly running = new Set<Promise<unknown>>();
  private readonly delayMs: number;
  private pass: Promise<PushOutcome[]> | undefined;

  constructor(private readonly options: BackgroundSyncOptions) {
    this.delayMs = options.delayMs ?? DRAFT_PUSH_DELAY_MS;
  }

  draftSaved(draftId: string): void {
    if (this.timers.has(draftId)) return;
    const timer = setTimeout(() => {
      this.timers.delete(draftId);
      if (this.options.canSend()) void this.track(this.push(draftId));
    }, this.delayMs);
    timer.unref?.();
    this.timers.set(draftId, timer);
  }

  pushAll(): Promise<PushOutcome[]> {
    // One pass at a time: a pass asked for while one runs is that pass.
    this.pass ??= this.track(
      (async () => {
        const outcomes: PushOutcome[] = [];
        for (const summary of this.options.drafts.list()) {
          if (!this.options.canSend()) break;
          // A text the server refused waits for the owner's next edit, not for the next pass.
          if (!summary.unsent || summary.state !== 'local' || summary.lastError !== null) continue;
          const outcome = await this.push(summary.id);
          if (outcome) outcomes.push(outcome);
          // One unanswered call means the server is gone; the rest wait for the next online moment.
          if (outcome?.status === 'offline') break;
        }
        return outcomes;
      })().finally(() => {
        this.pass = undefined;
      }),
    );
    return this.pass;
  }

  async idle(): Promise<void> {
    while (this.timers.size > 0 || this.running.size > 0) {
      if (this.running.size > 0) await Promise.allSettled([...this.running]);
      else await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  stop(): void {
    for (const timer of this.timers.values()) clearTimeout(timer);
    this.timers.clear();
  }

  /** One push; a draft saved again while it was being sent gets its next push scheduled. */
  private async push(draftId: string): Promise<PushOutcome | undefined> {
    if (this.options.drafts.get(draftId) === undefined) return undefined;
    let outcome: PushOutcome;
    try {
      outcome = await this.options.sync.pushDraft(draftId);
    } catch (error) {
      // Discarded while it was due, or a disk error: the local draft is the owner's to see.
      console.error('Folio: a background draft push failed', error);
      return undefined;
    }
    this.options.onOutcome?.(outcome);
    const now = this.options.drafts.get(draftId);
    if (outcome.status === 'synced' && now && now.state === 'local' && isUnsent(now)) this.draftSaved(draftId);
    return outcome;
  }

  private track<T>(work: Promise<T>): Promise<T> {
    this.running.add(work);
    void work.finally(() => this.running.delete(work)).catch(() => undefined);
    return work;
  }
}
