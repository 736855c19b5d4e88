import type { MailRetrySchedule } from '../../config.js';
import type { Logger } from '../../logger.js';
import type { MailOutboxRepository, MailRecord } from '../../store/mail-outbox.repository.js';
import type { MailTransport } from './smtp-transport.js';

/** How long {@link MailSender.stop} waits for a mail being sent (an SMTP server may take 30 s to time out). */
const STOP_WAIT_MS = 5000;

/**
 * What a failed attempt says about the next one. nodemailer's `EENVELOPE` and `EMESSAGE` are about
 * this mail (its recipient, its content): refused for good with a 5xx answer (or refused by
 * nodemailer itself, without one), for now with a 4xx. Anything else is about the SMTP server
 * (cannot connect, sign-in refused, time-out), and so about every mail.
 */
function failureKind(error: unknown): 'permanent' | 'this-mail' | 'server' {
  const { responseCode, code } = error as { responseCode?: unknown; code?: unknown };
  if (code !== 'EENVELOPE' && code !== 'EMESSAGE') return 'server';
  return typeof responseCode === 'number' && responseCode < 500 ? 'this-mail' : 'permanent';
}

const reasonOf = (error: unknown): string => (error instanceof Error ? error.message : String(error)).slice(0, 500);

/** Names a mail in the log without the reader's address (the log is not the place for it). */
const mailLabel = (mail: MailRecord) => `${mail.kind === 'owner' ? "the owner's" : 'a reply'} mail ${mail.id}`;

/**
 * Sends the outbox in the background, one mail at a time, oldest first (server/API.md §E13).
 *
 * Before each attempt the mail is marked as being sent, durably (which also puts the comment it
 * tells of on disk first); once the SMTP server has taken it, it leaves the outbox. A mail still
 * marked at start was being sent when the process died: it is sent again with the same
 * `Message-ID` (at least once: the SMTP server may have taken it just before the kill).
 *
 * While the SMTP server cannot be reached (or refuses everything for now), the whole sender
 * waits, the wait doubling from `firstDelayMs` to `maxDelayMs`: trying each mail in turn would
 * only fail faster. A mail its recipient refuses for now waits alone, on the same schedule; one
 * refused for good is given up at once. Any mail still unsent `giveUpAfterMs` after it was queued
 * is given up at its next failure, or at the sender's, with the last error as the reason.
 */
export class MailSender {
  private stopped = false;
  private running: Promise<void> | null = null;
  private wakeUp: (() => void) | null = null;
  private serverFailures = 0;
  private pausedUntil = 0;
  /** Mails their recipient refused for now: how often, and when to try again (kept until a restart). */
  private readonly mailRetries = new Map<string, { failures: number; at: number }>();

  constructor(
    private readonly outbox: MailOutboxRepository,
    private readonly transport: MailTransport,
    private readonly retry: MailRetrySchedule,
    private readonly logger: Logger,
    private readonly clock: () => Date = () => new Date(),
  ) {}

  start(): void {
    const interrupted = this.outbox.queued().filter((mail) => mail.sending_since !== null);
    if (interrupted.length > 0) {
      this.logger.info(`${interrupted.length} mail(s) were being sent when the server stopped: sending them again`);
    }
    this.running ??= this.run();
  }

  /** A mail was queued: look at the outbox now, unless SMTP is known to be down. */
  wake(): void {
    this.wakeUp?.();
  }

  /** Stops after the mail being sent, if any (waiting a few seconds at most); what is left stays queued. */
  async stop(): Promise<void> {
    this.stopped = true;
    this.wake();
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([this.running, new Promise((resolve) => (timer = setTimeout(resolve, STOP_WAIT_MS)))]);
    clearTimeout(timer);
    this.transport.close();
  }

  private async run(): Promise<void> {
    while (!this.stopped) {
      const now = this.clock().getTime();
      if (this.pausedUntil > now) {
        await this.sleep(this.pausedUntil - now);
        continue;
      }
      const queued = this.outbox.queued();
      const retryAt = (mail: MailRecord) => this.mailRetries.get(mail.id)?.at ?? 0;
      const next = queued.find((mail) => retryAt(mail) <= now);
      if (!next) {
        await this.sleep(queued.length > 0 ? Math.min(...queued.map(retryAt)) - now : undefined);
        continue;
      }
      try {
        await this.attempt(next);
      } catch (error) {
        // The outbox could not be written (a full disk): wait as for an SMTP failure, then retry.
        this.logger.error('Could not record the state of a mail in the outbox', error);
        this.pausedUntil = this.clock().getTime() + this.delayAfter((this.serverFailures += 1));
      }
    }
  }

  private async attempt(mail: MailRecord): Promise<void> {
    await this.outbox.markSending(mail.id, this.clock());
    // Its comment deleted (or lost to a kill), or the reader unsubscribed since it was queued.
    if (!this.outbox.isStillWanted(mail)) {
      await this.outbox.remove(mail.id);
      return;
    }
    try {
      await this.transport.send(mail);
    } catch (error) {
      await this.failed(mail, error);
      return;
    }
    await this.outbox.markSent(mail.id);
    this.mailRetries.delete(mail.id);
    this.serverFailures = 0;
  }

  private async failed(mail: MailRecord, error: unknown): Promise<void> {
    const reason = reasonOf(error);
    const now = this.clock();
    const kind = failureKind(error);
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
