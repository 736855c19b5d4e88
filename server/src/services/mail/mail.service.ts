import type { AdminMailStatus } from '@folio/shared';
import { MailMessages as T } from '@folio/shared';
import type { ServerConfig } from '../../config.js';
import { badRequest, notFound } from '../../errors.js';
import type { Logger } from '../../logger.js';
import { MailOutboxRepository } from '../../store/mail-outbox.repository.js';
import type { Store } from '../../store/store.js';
import type { CommentNotices } from '../comment-notices.js';
import { noCommentNotices } from '../comment-notices.js';
import { outboxRecord } from './mail-composer.js';
import { MailNotices } from './mail-notices.js';
import { MailSender } from './mail-sender.js';
import { smtpTransport } from './smtp-transport.js';
import type { MailTransport } from './smtp-transport.js';
import { ConfirmLinks, UnsubscribeLinks } from './unsubscribe-links.js';

/**
 * Comment mail (server/API.md §E13): the notices the comments service queues, the sender the app
 * starts and stops, the admin's view of the outbox, and the readers' confirmation and unsubscribe.
 */
export class MailService {
  /** What the comments service calls inside a comment's commit; queues nothing without SMTP_URL. */
  readonly notices: CommentNotices;
  private readonly outbox: MailOutboxRepository;
  private readonly links: UnsubscribeLinks;
  private readonly confirmLinks: ConfirmLinks;
  private readonly sender: MailSender | undefined;

  constructor(
    private readonly config: ServerConfig,
    store: Store,
    tokenSecret: string,
    logger: Logger,
    /** Tests may hand in another transport; SMTP_URL's server otherwise. */
    transport?: MailTransport,
    /** Tests may hand in a clock the sender reads. */
    clock?: () => Date,
  ) {
    this.outbox = new MailOutboxRepository(store);
    this.links = new UnsubscribeLinks(tokenSecret);
    this.confirmLinks = new ConfirmLinks(tokenSecret);
    const mail = config.mail;
    if (mail) {
      const pacedGapMs = Math.round(60_000 / mail.limits.subscriberMailsPerMinute);
      this.sender = new MailSender(this.outbox, transport ?? smtpTransport(mail), mail.retry, logger, clock, pacedGapMs);
      this.notices = new MailNotices(mail, this.links, this.confirmLinks, () => this.sender?.wake());
    } else {
      this.notices = noCommentNotices;
    }
  }

  /**
   * Queues a mail to the owner that is not about a comment (a failed backup, server/API.md §E22)
   * in the durable outbox, sent and retried like the others. False when there is no mail or no
   * OWNER_EMAIL: nothing is queued.
   */
  async queueOwnerMail(kind: 'backup', subject: string, text: string, now = new Date()): Promise<boolean> {
    const to = this.config.mail?.ownerEmail;
    if (!this.sender || !to) return false;
    const mail = outboxRecord(
      { comment_id: 0, comment_created_at: '', kind, to, subject, text, unsubscribe_url: null, send_after: null },
      now,
    );
    await this.outbox.enqueueOwn(mail);
    this.sender.wake();
    return true;
  }

  /** Looks at the outbox now: a mail was queued by a commit of another service (server/API.md §E23.10). */
  wake(): void {
    this.sender?.wake();
  }

  /** Starts sending in the background (what waited since the last stop first); nothing without SMTP_URL. */
  start(): void {
    this.sender?.start();
  }

  stop(): Promise<void> {
    return this.sender?.stop() ?? Promise.resolve();
  }

  status(): AdminMailStatus {
    return {
      configured: this.config.mail !== undefined,
      owner_email: this.config.mail?.ownerEmail !== undefined,
      queued: this.outbox.queued().length,
      failed: this.outbox.failed().map((mail) => ({
        id: mail.id,
        to: mail.to,
        subject: mail.subject,
        reason: mail.last_error ?? '',
        attempts: mail.attempts,
        created_at: mail.created_at,
        gave_up_at: mail.gave_up_at ?? '',
      })),
    };
  }

  /** Stops reply mail to `address` when `token` is its signature; 400 otherwise, nothing changed. */
  async unsubscribe(address: string, token: string): Promise<void> {
    if (!address || !token || !this.links.verify(address, token)) throw badRequest(T.unsubscribeInvalid);
    await this.outbox.unsubscribe(address);
  }

  /** Lets reply mail go to `address` when `token` is its confirmation signature; 400 otherwise, nothing changed. */
  async confirm(address: string, token: string): Promise<void> {
    if (!address || !token || !this.confirmLinks.verify(address, token)) throw badRequest(T.confirmInvalid);
    await this.outbox.confirm(address);
  }

  /** Removes a given-up mail from the admin's list. */
  async dismiss(id: string): Promise<void> {
    if (!this.outbox.find(id)?.gave_up_at) throw notFound(T.mailNotFound);
    await this.outbox.remove(id);
  }
}
