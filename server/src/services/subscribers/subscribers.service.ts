import type { Subscriber } from '@folio/shared';
import { SubscriberMessages as T } from '@folio/shared';
import { notFound } from '../../errors.js';
import { MailOutboxRepository } from '../../store/mail-outbox.repository.js';
import type { SubscriberRecord } from '../../store/records.js';
import { SubscribersRepository } from '../../store/subscribers.repository.js';
import { SUBSCRIBER_CONFIRM_LIFE_MS } from '../mail/unsubscribe-links.js';
import type { SubscriberLinks } from '../mail/unsubscribe-links.js';
import { subscribeConfirmationMail } from './subscriber-mails.js';

/**
 * One confirmation mail per address in this time at most, whatever is asked meanwhile: a form
 * sent again, or someone typing another's address over and over, sends nothing more.
 */
export const CONFIRMATION_RESEND_AFTER_MS = 15 * 60_000;

/** What a subscription needs of the mail set-up; absent when mail is not configured (no subscription then). */
export interface SubscriptionMail {
  siteOrigin: string;
  links: SubscriberLinks;
  /** Wakes the sender once a mail is queued. */
  onQueued: () => void;
}

/** What a followed link led to, for its page. */
export type LinkOutcome = 'done' | 'invalid';

/** The subscriber as the admin sees it (server/API.md §E23.12). */
export const presentSubscriber = (record: SubscriberRecord): Subscriber => ({
  id: record.id,
  email: record.email,
  created_at: record.created_at,
  confirmed: record.confirmed_at !== null,
  confirmed_at: record.confirmed_at,
});

/** A CSV field, quoted, with a leading `=`, `+`, `-` or `@` defused so a spreadsheet never runs it as a formula. */
const csvField = (value: string): string => {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return `"${safe.replaceAll('"', '""')}"`;
};

/**
 * Subscription by mail (server/API.md §E23.10-§E23.12): a reader gives an address, confirms it by
 * the one mail it is sent, and from then on gets a mail per new article until they unsubscribe or
 * the owner removes them.
 */
export class SubscribersService {
  constructor(
    private readonly subscribers: SubscribersRepository,
    private readonly mail: SubscriptionMail | undefined,
    private readonly clock: () => Date = () => new Date(),
  ) {}

  /** Whether readers can subscribe: mail is configured. The public pages show the form only then. */
  get open(): boolean {
    return this.mail !== undefined;
  }

  /**
   * Takes a subscription (server/API.md §E23.10). Whatever the address is (new, waiting, confirmed,
   * asked too recently), the caller answers the same: the outcome is never returned. A new address,
   * or one waiting whose last confirmation mail is old enough, is sent one; unconfirmed addresses
   * whose link has expired are dropped on the way.
   */
  async subscribe(email: string): Promise<void> {
    const mail = this.mail;
    if (!mail) throw notFound(T.notOpen);
    const now = this.clock();
    const queued = await this.subscribers.withMail((state) => {
      SubscribersRepository.dropUnconfirmedBefore(state, new Date(now.getTime() - SUBSCRIBER_CONFIRM_LIFE_MS));
      const record = SubscribersRepository.findByEmail(state, email) ?? SubscribersRepository.add(state, email, now);
      if (record.confirmed_at !== null) return false;
      const sentAt = record.confirm_sent_at === null ? undefined : Date.parse(record.confirm_sent_at);
      if (sentAt !== undefined && now.getTime() - sentAt < CONFIRMATION_RESEND_AFTER_MS) return false;
      record.confirm_sent_at = now.toISOString();
      const confirmUrl = mail.links.confirmLink(mail.siteOrigin, record.email, now);
      MailOutboxRepository.enqueue(state, subscribeConfirmationMail(record, confirmUrl, now));
      return true;
    });
    if (queued) mail.onQueued();
  }

  /** Confirms the address a link was signed for, within its 48 hours and while it is still a subscriber. */
  async confirm(token: string): Promise<LinkOutcome> {
    const address = this.mail?.links.confirmedAddress(token, this.clock());
    if (address === undefined) return 'invalid';
    const record = await this.subscribers.confirm(address, this.clock());
    return record ? 'done' : 'invalid';
  }

  /** Removes the subscriber a one-click unsubscribe link was signed for; one already gone is done too. */
  async unsubscribe(token: string): Promise<LinkOutcome> {
    const address = this.mail?.links.unsubscribedAddress(token);
    if (address === undefined) return 'invalid';
    await this.subscribers.removeByEmail(address);
    return 'done';
  }

  /** Every subscriber, oldest first. */
  list(): Subscriber[] {
    return this.subscribers.list().map(presentSubscriber);
  }

  /** The list as CSV (server/API.md §E23.12): a header row, then one row per subscriber. */
  csv(): string {
    const rows = [['email', 'created_at', 'confirmed', 'confirmed_at'].join(',')];
    for (const subscriber of this.list()) {
      rows.push(
        [
          csvField(subscriber.email),
          csvField(subscriber.created_at),
          subscriber.confirmed ? 'true' : 'false',
          csvField(subscriber.confirmed_at ?? ''),
        ].join(','),
      );
    }
    return `${rows.join('\r\n')}\r\n`;
  }

  /** Confirmed subscribers now: the count the statistics show. */
  confirmedCount(): number {
    return this.subscribers.confirmedCount();
  }

  async remove(id: number): Promise<void> {
    if (!(await this.subscribers.remove(id))) throw notFound(T.subscriberNotFound);
  }
}
