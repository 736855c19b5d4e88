import type { MailRetrySchedule } from '../../config.js';
import type { Logger } from '../../logger.js';
import type { MailOutboxRepository, MailRecord } from '../../store/mail-outbox.repository.js';
import type { MailTransport } from './smtp-transport.js';

/**
 * How long {@link MailSender.stop} lets a mail being sent finish. A healthy SMTP server takes a
 * mail in well under this; one that says nothing must not hold a shutdown (a service manager kills
 * the process soon after its stop signal). A mail cut off stays queued and goes at the next start
 * with the same `Message-ID`.
 */
const STOP_WAIT_MS = 1000;

/**
 * What a failed attempt says about the next one. nodemailer's `EENVELOPE` and `EMESSAGE` are about
 * this mail (its recipient, its content): refused for good with a 5xx answer (or refused by
 * nodemailer itself, without one), for now with a 4xx. Anything else looks like the SMTP server's
 * (cannot connect, sign-in refused, time-out, connection dropped), and so every mail's, unless the
 * server is then found answering (see {@link MailSender.failed}).
 */
function failureKind(error: unknown): 'permanent' | 'this-mail' | 'server' {
  const { responseCode, code } = error as { responseCode?: unknown; code?: unknown };
  if (code !== 'EENVELOPE' && code !== 'EMESSAGE') return 'server';
  return typeof responseCode === 'number' && responseCode < 500 ? 'this-mail' : 'permanent';
}

const reasonOf = (error: unknown): string => (error instanceof Error ? error.message : String(error)).slice(0, 500);

const KIND_LABELS: Record<MailRecord['kind'], string> = {
  owner: "the owner's",
  reply: 'a reply',
  confirm: 'a confirmation',
  digest: "the owner's digest",
  backup: "the owner's backup",
  subscribe: 'a subscription confirmation',
  article: "a subscriber's new article",
};

/** Names a mail in the log without the reader's address (the log is not the place for it). */
const mailLabel = (mail: MailRecord) => `${KIND_LABELS[mail.kind]} mail ${mail.id}`;

/**
 * The mails due at `now`, in the order given, and when the first of the others is due (undefined:
 * none). A loop, not `Math.min(...list)`: a spread of a long outbox overflows the call stack.
 */
export function dueMails(
  queued: readonly MailRecord[],
  dueAt: (mail: MailRecord) => number,
  now: number,
): { due: MailRecord[]; nextAt: number | undefined } {
  const due: MailRecord[] = [];
  let nextAt: number | undefined;
  for (const mail of queued) {
    const at = dueAt(mail);
    if (at <= now) due.push(mail);
    else if (nextAt === undefined || at < nextAt) nextAt = at;
  }
  return { due, nextAt };
}

/**
 * Sends the outbox in the background, one mail at a time, oldest first, over one pooled SMTP
 * connection (server/API.md §E13).
 *
 * A mail is never sent before it and the comment it tells of are on disk: the sender waits for the
 * commit that queued them (no write of its own). Once the SMTP server has taken a mail, it leaves
 * the outbox; the removals of the mails sent in one round are written together. A process killed
 * between the server's acceptance and that write sends the mail again at the next start, with the
 * same `Message-ID` (at least once).
 *
 * While the SMTP server cannot be reached (or refuses everything for now), the whole sender
 * waits, the wait doubling from `firstDelayMs` to `maxDelayMs`: trying each mail in turn would
 * only fail faster. A failure that looks like the server's but comes with a server that then
 * answers a fresh connection is this mail's (one the server hangs up on): it waits alone, like a
 * mail its recipient refuses for now, and the mails after it go. One refused for good is given up
 * at once. Any mail still unsent `giveUpAfterMs` after it was queued is given up at its next
 * failure, or at the sender's, with the last error as the reason.
 */
export class MailSender {
  private stopped = false;
  private running: Promise<void> | null = null;
  private wakeUp: (() => void) | null = null;
  private serverFailures = 0;
  private pausedUntil = 0;
  /** Mails that failed on their own: how often, and when to try again (kept until a restart). */
  private readonly mailRetries = new Map<string, { failures: number; at: number }>();
  /** When the last new-article mail to a subscriber went (server/API.md §E23.11). */
  private lastPacedAt = Number.NEGATIVE_INFINITY;

  constructor(
    private readonly outbox: MailOutboxRepository,
    private readonly transport: MailTransport,
    private readonly retry: MailRetrySchedule,
    private readonly logger: Logger,
    private readonly clock: () => Date = () => new Date(),
    /**
     * The least time between two new-article mails to subscribers (server/API.md §E23.11): their
     * `send_after` spaces them when queued, and this keeps the pace when many are overdue at once
     * (after a stop or while the SMTP server was down).
     */
    private readonly pacedGapMs = 0,
  ) {}

  start(): void {
    this.running ??= this.run();
  }

  /** A mail was queued: look at the outbox now, unless SMTP is known to be down. */
  wake(): void {
    this.wakeUp?.();
  }

  /**
   * Stops after the mail being sent, if any, waiting {@link STOP_WAIT_MS} at most before closing
   * the connection under it; what is left stays queued.
   */
  async stop(): Promise<void> {
    this.stopped = true;
    this.wake();
    if (!(await this.settle(this.running))) {
      // A silent SMTP server must not hold a service manager's stop: the mail stays queued.
      this.logger.info(
        `Stopping: a mail still in flight after ${STOP_WAIT_MS} ms is cut off and stays queued for the next start`,
      );
    }
    this.transport.close();
    // The send cut off by the close fails at once; the removals of the mails sent before it are written.
    await this.settle(this.running);
  }

  /** Waits for `work` at most {@link STOP_WAIT_MS}; whether it ended in that time. */
  private async settle(work: Promise<void> | null): Promise<boolean> {
    let timer: NodeJS.Timeout | undefined;
    const ended = await Promise.race([
      (work ?? Promise.resolve()).then(() => true),
      new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), STOP_WAIT_MS))),
    ]);
    clearTimeout(timer);
    return ended;
  }

  private async run(): Promise<void> {
    while (!this.stopped) {
      const now = this.clock().getTime();
      if (this.pausedUntil > now) {
        await this.sleep(this.pausedUntil - now);
        continue;
      }
      const { due, nextAt } = dueMails(this.outbox.queued(), (mail) => this.dueAt(mail), now);
      if (due.length === 0) {
        await this.sleep(nextAt === undefined ? undefined : nextAt - now);
        continue;
      }
      try {
        await this.sendRound(due);
      } catch (error) {
        // The outbox could not be written (a full disk): wait as for an SMTP failure, then retry.
        this.logger.error('Could not record the state of a mail in the outbox', error);
        this.pausedUntil = this.clock().getTime() + this.delayAfter((this.serverFailures += 1));
      }
    }
  }

  private dueAt(mail: MailRecord): number {
    const retryAt = Math.max(
      this.mailRetries.get(mail.id)?.at ?? 0,
      mail.kind === 'article' ? this.lastPacedAt + this.pacedGapMs : 0,
    );
    return mail.send_after ? Math.max(retryAt, Date.parse(mail.send_after)) : retryAt;
  }

  /** Sends the mails due, in order, until the server is found down; then writes their removals at once. */
  private async sendRound(due: readonly MailRecord[]): Promise<void> {
    // Resolves once the commits that queued them (and stored their comments) are on disk.
    await this.outbox.settled();
    const removals: Promise<void>[] = [];
    const removeLater = (id: string) => {
      const removal = this.outbox.remove(id);
      // Awaited below; this only keeps a failure from going unhandled until then.
      removal.catch(() => undefined);
      removals.push(removal);
    };
    try {
      for (const queued of due) {
        if (this.stopped || this.pausedUntil > this.clock().getTime()) break;
        // Given up, dismissed or sent since the round began.
        const mail = this.outbox.find(queued.id);
        if (!mail || mail.gave_up_at !== null) continue;
        // Paced: the next new-article mail waits for its turn, in a later round.
        if (mail.kind === 'article' && this.dueAt(mail) > this.clock().getTime()) continue;
        // Its comment deleted (or lost to a kill), or the reader unsubscribed since it was queued.
        if (!this.outbox.isStillWanted(mail)) {
          removeLater(mail.id);
          continue;
        }
        try {
          await this.transport.send(mail);
        } catch (error) {
          await this.failed(mail, error);
          continue;
        }
        removeLater(mail.id);
        this.mailRetries.delete(mail.id);
        this.serverFailures = 0;
        if (mail.kind === 'article') this.lastPacedAt = this.clock().getTime();
      }
    } finally {
      await Promise.all(removals);
    }
  }

  private async failed(mail: MailRecord, error: unknown): Promise<void> {
    // Cut off by stop(): not the mail's fault nor the server's; it stays queued as it was.
    if (this.stopped) return;
    const reason = reasonOf(error);
    const now = this.clock();
    let kind = failureKind(error);
    // A server that answers a fresh connection is up: what failed was this mail (one it hangs up
    // on, say), and treating it as an outage would hold every mail after it back with it.
    if (kind === 'server' && (await this.serverAnswers())) kind = 'this-mail';
    const expired = Date.parse(mail.created_at) <= now.getTime() - this.retry.giveUpAfterMs;
    if (kind === 'permanent' || expired) {
      this.logger.error(`Gave ${mailLabel(mail)} up: ${reason}`);
      this.mailRetries.delete(mail.id);
      await this.outbox.markFailed(mail.id, reason, now);
    } else {
      this.logger.error(`Could not send ${mailLabel(mail)}, will try again: ${reason}`);
      await this.outbox.markFailed(mail.id, reason, null);
    }
    if (kind === 'this-mail' && !expired) {
      const failures = (this.mailRetries.get(mail.id)?.failures ?? 0) + 1;
      this.mailRetries.set(mail.id, { failures, at: now.getTime() + this.delayAfter(failures) });
    } else if (kind === 'server') {
      this.pausedUntil = now.getTime() + this.delayAfter((this.serverFailures += 1));
      // No mail is tried while the server is down: those past their time are given up now.
      await this.outbox.giveUpQueuedBefore(new Date(now.getTime() - this.retry.giveUpAfterMs), reason, now);
    }
  }

  private async serverAnswers(): Promise<boolean> {
    if (this.stopped) return false;
    try {
      await this.transport.verify();
      return true;
    } catch {
      return false;
    }
  }

  /** 1 min, 2, 4, ... up to 1 h (with the default schedule) after the `failures`-th failure in a row. */
  private delayAfter(failures: number): number {
    return Math.min(this.retry.firstDelayMs * 2 ** (failures - 1), this.retry.maxDelayMs);
  }

  /** Waits for {@link wake}, `ms` (when given) or {@link stop}, whichever comes first. */
  private sleep(ms: number | undefined): Promise<void> {
    if (this.stopped) return Promise.resolve();
    return new Promise((resolve) => {
      const timer = ms === undefined ? undefined : setTimeout(() => done(), Math.max(ms, 0));
      const done = () => {
        clearTimeout(timer);
        this.wakeUp = null;
        resolve();
      };
      this.wakeUp = done;
    });
  }
}
