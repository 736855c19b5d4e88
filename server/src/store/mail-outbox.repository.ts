import { MailMessages as T } from '@folio/shared';
import type { MailLimits } from '../config.js';
import type { MailRecord } from './mail-outbox-files.js';
import type { Store, StoreState } from './store.js';

export type { MailRecord } from './mail-outbox-files.js';

/** The addresses of two mails are the same person's when equal after trimming, whatever the case. */
export const normaliseAddress = (address: string): string => address.trim().toLowerCase();

/** Given-up mails kept for the admin's list at most; the oldest past it are forgotten. */
const GIVEN_UP_KEPT = 1000;

const sizeOf = (mail: MailRecord) => Buffer.byteLength(mail.subject) + Buffer.byteLength(mail.text);

/** The comment-mail outbox, and the unsubscribed and confirmed addresses (server/API.md §E13). */
export class MailOutboxRepository {
  constructor(private readonly store: Store) {}

  /** Adds a mail inside a mutation that names `mail` (the comment's own commit). */
  static enqueue(state: StoreState, mail: MailRecord): void {
    state.mail.put(mail);
  }

  static isUnsubscribed(state: StoreState, address: string): boolean {
    return state.mail.isUnsubscribed(normaliseAddress(address));
  }

  static isConfirmed(state: StoreState, address: string): boolean {
    return state.mail.isConfirmed(normaliseAddress(address));
  }

  /** When `address` was last asked to confirm, as an ISO time. */
  static askedAt(state: StoreState, address: string): string | undefined {
    return state.mail.askedAt(normaliseAddress(address));
  }

  static markAsked(state: StoreState, address: string, at: Date): void {
    state.mail.markAsked(normaliseAddress(address), at.toISOString());
  }

  /**
   * Keeps the outbox within `limits` (server/API.md §E13.4): past its count or size, the oldest
   * waiting mails are given up unsent, their text dropped, with the reason shown to the admin; and
   * the admin's list of given-up mails keeps the newest {@link GIVEN_UP_KEPT}.
   */
  static dropOldestPast(state: StoreState, limits: MailLimits, at: Date): void {
    const all = state.mail.all();
    const waiting = all.filter((mail) => mail.gave_up_at === null);
    let count = waiting.length;
    let bytes = 0;
    for (const mail of waiting) bytes += sizeOf(mail);
    const givenUp = all.length - waiting.length;
    if (count <= limits.outboxMails && bytes <= limits.outboxBytes && givenUp <= GIVEN_UP_KEPT) return;
    waiting.sort(oldestFirst);
    for (const mail of waiting) {
      if (count <= limits.outboxMails && bytes <= limits.outboxBytes) break;
      state.mail.put({ ...mail, text: '', last_error: T.outboxFull, gave_up_at: at.toISOString() });
      count -= 1;
      bytes -= sizeOf(mail);
    }
    const gone = state.mail
      .all()
      .filter((mail) => mail.gave_up_at !== null)
      .sort((a, b) => (b.gave_up_at ?? '').localeCompare(a.gave_up_at ?? ''));
    for (const mail of gone.slice(GIVEN_UP_KEPT)) state.mail.delete(mail.id);
  }

  /** Adds a mail of its own commit (one that tells of no comment). */
  enqueueOwn(mail: MailRecord): Promise<void> {
    return this.store.mutate(['mail'], (state) => state.mail.put(mail));
  }

  /** Every mail still to send, oldest first. */
  queued(): MailRecord[] {
    return this.store.state.mail
      .all()
      .filter((mail) => mail.gave_up_at === null)
      .sort(oldestFirst);
  }

  /** Every given-up mail, the most recently given up first. */
  failed(): MailRecord[] {
    return this.store.state.mail
      .all()
      .filter((mail) => mail.gave_up_at !== null)
      .sort((a, b) => (b.gave_up_at ?? '').localeCompare(a.gave_up_at ?? ''));
  }

  find(id: string): MailRecord | undefined {
    return this.store.state.mail.get(id);
  }

  isUnsubscribed(address: string): boolean {
    return MailOutboxRepository.isUnsubscribed(this.store.state, address);
  }

  /**
   * Whether the mail should still go: its comment is stored (not deleted since, nor lost to a kill
   * between the outbox's write and the comment's), a reply is still visible, and the reader it
   * goes to has not unsubscribed.
   */
  isStillWanted(mail: MailRecord): boolean {
    // A digest lists many comments; those deleted since are listed anyway (the owner deleted them).
    if (mail.kind === 'digest' || mail.kind === 'backup') return true;
    if (mail.kind === 'subscribe' || mail.kind === 'article') return this.subscriberMailWanted(mail);
    const comment = this.store.state.comments.find(mail.comment_id);
    if (!comment || comment.created_at !== mail.comment_created_at) return false;
    if (mail.kind === 'owner') return true;
    if (mail.kind === 'confirm') return !this.isUnsubscribed(mail.to) && !this.isConfirmed(mail.to);
    return comment.status !== 'pending' && !this.isUnsubscribed(mail.to);
  }

  /**
   * A subscription's mail goes while it still means something (server/API.md §E23.11): a
   * confirmation request while that subscriber waits unconfirmed, a new article's mail while the
   * address is a confirmed subscriber and the article is public and marked by the commit that
   * queued it (a kill between the outbox's write and the article's leaves mails of no article).
   */
  private subscriberMailWanted(mail: MailRecord): boolean {
    const state = this.store.state;
    const subscriber = state.subscribers.items.find((item) => item.email === normaliseAddress(mail.to));
    if (mail.kind === 'subscribe') {
      return (
        subscriber?.id === mail.comment_id &&
        subscriber.created_at === mail.comment_created_at &&
        subscriber.confirmed_at === null
      );
    }
    if (!subscriber || subscriber.confirmed_at === null) return false;
    const article = this.store.findArticle(mail.comment_id);
    return (
      article !== undefined &&
      article.deleted_at === null &&
      article.status === 'published' &&
      article.subscribers_notified_at === mail.comment_created_at
    );
  }

  isConfirmed(address: string): boolean {
    return MailOutboxRepository.isConfirmed(this.store.state, address);
  }

  /** Reply mail may go to `address` from now on (its owner followed the confirmation link). */
  confirm(address: string): Promise<void> {
    return this.store.mutate(['mail'], (state) => state.mail.confirm(normaliseAddress(address)));
  }

  /**
   * Resolves once everything applied so far is on disk: the mails queued, and the comments they
   * tell of (written by the same commits). Writes nothing itself when those commits are done.
   */
  settled(): Promise<void> {
    return this.store.flush();
  }

  /** The SMTP server took the mail: it leaves the outbox. */
  markSent(id: string): Promise<void> {
    return this.store.mutate(['mail'], (state) => state.mail.delete(id));
  }

  /** An attempt failed; the mail waits for the next one, or is given up when `gaveUpAt` is set. */
  markFailed(id: string, reason: string, gaveUpAt: Date | null): Promise<void> {
    return this.update(id, (mail) => ({
      ...mail,
      attempts: mail.attempts + 1,
      sending_since: null,
      last_error: reason,
      gave_up_at: gaveUpAt?.toISOString() ?? null,
    }));
  }

  /** Gives up every waiting mail queued before `queuedBefore`, with its own last error or `reason`. */
  async giveUpQueuedBefore(queuedBefore: Date, reason: string, at: Date): Promise<void> {
    const expired = this.queued().filter((mail) => Date.parse(mail.created_at) <= queuedBefore.getTime());
    if (expired.length === 0) return;
    await this.store.mutate(['mail'], (state) => {
      for (const mail of expired) {
        state.mail.put({ ...mail, sending_since: null, last_error: mail.last_error ?? reason, gave_up_at: at.toISOString() });
      }
    });
  }

  /** Removes a mail (a given-up one the owner has read, or one no longer wanted). */
  remove(id: string): Promise<void> {
    return this.markSent(id);
  }

  unsubscribe(address: string): Promise<void> {
    return this.store.mutate(['mail'], (state) => state.mail.unsubscribe(normaliseAddress(address)));
  }

  private async update(id: string, change: (mail: MailRecord) => MailRecord): Promise<void> {
    await this.store.mutate(['mail'], (state) => {
      const mail = state.mail.get(id);
      if (mail) state.mail.put(change(mail));
    });
  }
}

function oldestFirst(a: MailRecord, b: MailRecord): number {
  return a.created_at.localeCompare(b.created_at) || a.id.localeCompare(b.id);
}
