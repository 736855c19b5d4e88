import type { Logger } from '../logger.js';
import type { ArticlesRepository } from '../store/articles.repository.js';
import { isoNow } from '../store/clock.js';

/**
 * The longest a timer is set for. A timer counts elapsed time, not the wall clock: when the clock
 * steps forward (a Raspberry Pi booted with a stale clock before NTP sets it, a VM resumed), an
 * article now past its time would wait for the whole delay. So the schedule looks at the clock
 * at least once a minute; each look costs one pass over the scheduled articles only.
 */
export const MAX_TIMER_DELAY_MS = 60 * 1000;

/** How long a failed publication waits before it is tried again. */
const RETRY_DELAY_MS = 1000;

/** What the schedule tells the app when articles went public: the same live event as a publish by hand. */
export type PublishedListener = (ids: number[]) => void;

/**
 * Publishes scheduled articles at their time (server/API.md §E8). One timer is armed for the next
 * due article and re-armed after every change that may move it; the schedule itself is in the
 * article records, so it survives restarts and kills, and a server that was down at the time
 * publishes the article as it starts.
 */
export class PublishingSchedule {
  private timer: NodeJS.Timeout | null = null;
  private listener: PublishedListener | null = null;
  private logger: Logger | null = null;
  /** Publications run one at a time; a re-arm meanwhile waits for the running one. */
  private running: Promise<void> = Promise.resolve();

  constructor(private readonly articles: ArticlesRepository) {}

  /** Starts publishing: at once for what is past due, then at each article's time. Returns the stop function. */
  start(listener: PublishedListener, logger: Logger): () => Promise<void> {
    this.listener = listener;
    this.logger = logger;
    this.publishDueNow();
    return async () => {
      this.listener = null;
      this.clearTimer();
      await this.running;
    };
  }

  /**
   * Re-arms the timer for the earliest scheduled article: call after any change of status,
   * schedule, bin or import. Before {@link start} (and after the stop) it does nothing.
   */
  rearm(): void {
    if (!this.listener) return;
    this.clearTimer();
    const next = this.articles.nextScheduledAt();
    if (next === undefined) return;
    const delay = Math.min(Math.max(0, Date.parse(next) - Date.now()), MAX_TIMER_DELAY_MS);
    this.timer = setTimeout(() => this.publishIfDue(), delay);
    // The HTTP server keeps the process alive; a pending publication alone must not.
    this.timer.unref();
  }

  /**
   * Publishes when the earliest schedule has come by the wall clock, else waits again. A clock
   * stepped back only delays the look: nothing is published before its time on the clock.
   */
  private publishIfDue(): void {
    const next = this.articles.nextScheduledAt();
    if (next !== undefined && next <= isoNow()) this.publishDueNow();
    else this.rearm();
  }

  private publishDueNow(): void {
    this.clearTimer();
    this.running = this.running
      .then(async () => {
        const published = await this.articles.publishDue(isoNow());
        if (published.length > 0) this.listener?.(published.map((article) => article.id));
        // A timer that fired a little early or a capped delay: arm for what is left.
        this.rearm();
      })
      .catch((error: unknown) => {
        this.logger?.error('Could not publish the scheduled articles', error);
        this.retryLater();
      });
  }

  /** After a failed write, tries again a little later rather than at once, in a loop. */
  private retryLater(): void {
    if (!this.listener) return;
    this.clearTimer();
    this.timer = setTimeout(() => this.publishDueNow(), RETRY_DELAY_MS);
    this.timer.unref();
  }

  private clearTimer(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }
}
