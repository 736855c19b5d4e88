import type { MailRetrySchedule } from '../../config.js';
import type { Logger } from '../../logger.js';
import type { MailOutboxRepository, MailRecord } from '../../store/mail-outbox.repository.js';
import type { MailTransport } from './smtp-transport.js';

/** An SMTP answer that will not change however often the mail is tried: the recipient or the mail refused. */
function isPermanentRefusal(error: unknown): boolean {
  const { responseCode, code } = error as { responseCode?: unknown; code?: unknown };
  return typeof responseCode === 'number' && responseCode >= 500 && (code === 'EENVELOPE' || code === 'EMESSAGE');
}

const reasonOf = (error: unknown): string => (error instanceof Error ? error.message : String(error)).slice(0, 500);

/**
 * Sends the outbox in the background, one mail at a time, oldest first (server/API.md §E13).
 *
 * Before each attempt the mail is marked as being sent, durably (which also puts the comment it
 * tells of on disk first); once the SMTP server has taken it, it leaves the outbox. A mail still
 * marked at start was being sent when the process died: it is sent again with the same
 * `Message-ID` (at least once: the SMTP server may have taken it just before the kill).
 *
 * While the SMTP server cannot be reached (or refuses for now), the whole sender waits, the wait
 * doubling from `firstDelayMs` to `maxDelayMs`: trying each mail in turn would only fail
 * faster. A mail refused for good is given up at once; any mail still unsent `giveUpAfterMs`
 * after it was queued is given up at the next failure, with the last error as the reason.
 */
export class MailSender {
  private stopped = false;
  private running: Promise<void> | null = null;
  private wakeUp: (() => void) | null = null;
  private failuresInARow = 0;
  private pausedUntil = 0;

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

  /** Stops after the mail being sent, if any; what is left stays queued for the next start. */
  async stop(): Promise<void> {
    this.stopped = true;
    this.wake();
    await this.running;
    this.transport.close();
  }

  private async run(): Promise<void> {
    while (!this.stopped) {
      const waitMs = this.pausedUntil - this.clock().getTime();
      const next = waitMs > 0 ? undefined : this.outbox.queued()[0];
      if (!next) {
        await this.sleep(waitMs > 0 ? waitMs : undefined);
        continue;
      }
      try {
        await this.attempt(next);
      } catch (error) {
        // The outbox could not be written (a full disk): wait as for an SMTP failure, then retry.
        this.logger.error('Could not record the state of a mail in the outbox', error);
        this.pause();
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
    this.failuresInARow = 0;
  }

  private async failed(mail: MailRecord, error: unknown): Promise<void> {
    const reason = reasonOf(error);
    const now = this.clock();
    const giveUpBefore = new Date(now.getTime() - this.retry.giveUpAfterMs);
    if (isPermanentRefusal(error)) {
      this.logger.error(`A mail to ${mail.to} was refused for good: ${reason}`);
      await this.outbox.markFailed(mail.id, reason, now);
      return;
    }
    this.logger.error(`Could not send a mail to ${mail.to}, will try again: ${reason}`);
    const expired = Date.parse(mail.created_at) <= giveUpBefore.getTime();
    await this.outbox.markFailed(mail.id, reason, expired ? now : null);
    await this.outbox.giveUpQueuedBefore(giveUpBefore, reason, now);
    this.pause();
  }

  private pause(): void {
    this.failuresInARow += 1;
    const delay = Math.min(this.retry.firstDelayMs * 2 ** (this.failuresInARow - 1), this.retry.maxDelayMs);
    this.pausedUntil = this.clock().getTime() + delay;
  }

  /** Waits for {@link wake}, `ms` (when given) or {@link stop}, whichever comes first. */
  private sleep(ms: number | undefined): Promise<void> {
    if (this.stopped) return Promise.resolve();
    return new Promise((resolve) => {
      const timer = ms === undefined ? undefined : setTimeout(() => done(), ms);
      const done = () => {
        clearTimeout(timer);
        this.wakeUp = null;
        resolve();
      };
      this.wakeUp = done;
    });
  }
}
