import { randomUUID } from 'node:crypto';
import type { MailConfig } from '../../config.js';
import { MailOutboxRepository, normaliseAddress } from '../../store/mail-outbox.repository.js';
import type { StoreState } from '../../store/store.js';
import type { CommentNoticeEvent, CommentNotices, StoredComment } from '../comment-notices.js';
import {
  composeConfirmation,
  composeOwnerDigest,
  composeOwnerNotice,
  composeReplyNotice,
  outboxRecord,
} from './mail-composer.js';
import type { DigestEntry } from './mail-composer.js';
import type { ConfirmLinks, UnsubscribeLinks } from './unsubscribe-links.js';

const HOUR_MS = 60 * 60_000;
const DAY_MS = 24 * HOUR_MS;
/** The owner's digest lists this many comments; it counts the rest. */
const DIGEST_ENTRIES_KEPT = 100;

/** The owner's digest being filled: the outbox mail it is, and what it lists so far. */
interface OpenDigest {
  id: string;
  windowStart: number;
  createdAt: Date;
  entries: DigestEntry[];
  count: number;
}

/**
 * Comment notices by mail (server/API.md §E13), put in the outbox inside the comment's own
 * commit; `onQueued` then wakes the sender, which sends them once that commit is on disk.
 *
 * - A new visitor comment, shown or held: a mail to the owner (OWNER_EMAIL), saying when it waits;
 *   past `ownerMailsPerHour` in an hour, the rest of that hour's go in one digest at its end.
 * - A new visitor comment with an email not yet confirmed: one request to confirm it (at most one a
 *   day per address), which says nothing the visitor wrote.
 * - A reply, once readers can see it (at once, or when the owner approves it): a mail to the
 *   replied-to reader, if their address is confirmed, they have not unsubscribed, did not write the
 *   reply, and got fewer than `replyMailsPerDay` reply mails in the last 24 hours.
 *
 * The hourly and daily counts live in memory: a restart starts them again.
 */
export class MailNotices implements CommentNotices {
  readonly collections = ['mail'] as const;
  private ownerWindow = { start: 0, sent: 0 };
  private digest: OpenDigest | null = null;
  /** When each address was sent reply mail in the last 24 hours. */
  private readonly replyMailTimes = new Map<string, number[]>();

  constructor(
    private readonly config: MailConfig,
    private readonly unsubscribeLinks: UnsubscribeLinks,
    private readonly confirmLinks: ConfirmLinks,
    private readonly onQueued: () => void,
    private readonly clock: () => Date = () => new Date(),
  ) {}

  queue(state: StoreState, event: CommentNoticeEvent): void {
    const { stored } = event;
    const { comment } = stored;
    const pending = comment.status === 'pending';
    const now = this.clock();
    let queued = false;
    if (event.kind === 'created' && !comment.is_owner) {
      if (this.config.ownerEmail) queued = this.queueOwnerNotice(state, stored, this.config.ownerEmail, pending, now);
      queued = this.askToConfirm(state, stored, now) || queued;
    }
    if (!pending && this.shouldTellParent(state, stored, now)) {
      const parent = stored.parent as NonNullable<StoredComment['parent']>;
      const link = this.unsubscribeLinks.link(stored.siteOrigin, parent.email);
      MailOutboxRepository.enqueue(state, outboxRecord(composeReplyNotice(stored, parent, link), now));
      queued = true;
    }
    if (!queued) return;
    MailOutboxRepository.dropOldestPast(state, this.config.limits, now);
    // After this synchronous change: the sender's next step commits it before sending.
    queueMicrotask(this.onQueued);
  }

  /** A mail of its own within the hour's cap; past it, into the hour's digest. Always queues. */
  private queueOwnerNotice(state: StoreState, stored: StoredComment, ownerEmail: string, pending: boolean, now: Date): true {
    const at = now.getTime();
    if (at - this.ownerWindow.start >= HOUR_MS) this.ownerWindow = { start: at, sent: 0 };
    const { limits } = this.config;
    if (this.ownerWindow.sent < limits.ownerMailsPerHour) {
      this.ownerWindow.sent += 1;
      MailOutboxRepository.enqueue(state, outboxRecord(composeOwnerNotice(stored, ownerEmail, pending), now));
      return true;
    }
    let digest = this.digest;
    const queuedDigest = digest && state.mail.get(digest.id);
    // A digest already sent (or given up) is not written to again: a new one takes the rest of the hour.
    if (!digest || digest.windowStart !== this.ownerWindow.start || !queuedDigest || queuedDigest.gave_up_at !== null) {
      digest = { id: randomUUID(), windowStart: this.ownerWindow.start, createdAt: now, entries: [], count: 0 };
      this.digest = digest;
    }
    digest.count += 1;
    if (digest.entries.length < DIGEST_ENTRIES_KEPT) digest.entries.push({ stored, pending });
    const sendAfter = new Date(digest.windowStart + HOUR_MS);
    const mail = composeOwnerDigest(digest.entries, digest.count, limits.ownerMailsPerHour, ownerEmail, sendAfter);
    MailOutboxRepository.enqueue(state, { ...outboxRecord(mail, digest.createdAt), id: digest.id });
    return true;
  }

  /** Queues the one request to confirm the comment's email, unless confirmed, unsubscribed or asked in the last day. */
  private askToConfirm(state: StoreState, stored: StoredComment, now: Date): boolean {
    const { comment, siteOrigin } = stored;
    if (!comment.email.trim()) return false;
    const address = normaliseAddress(comment.email);
    if (MailOutboxRepository.isConfirmed(state, address) || MailOutboxRepository.isUnsubscribed(state, address)) return false;
    const askedAt = MailOutboxRepository.askedAt(state, address);
    if (askedAt !== undefined && now.getTime() - Date.parse(askedAt) < DAY_MS) return false;
    const confirmUrl = this.confirmLinks.link(siteOrigin, address);
    const unsubscribeUrl = this.unsubscribeLinks.link(siteOrigin, address);
    MailOutboxRepository.enqueue(state, outboxRecord(composeConfirmation(stored, address, confirmUrl, unsubscribeUrl), now));
    MailOutboxRepository.markAsked(state, address, now);
    return true;
  }

  private shouldTellParent(state: StoreState, { comment, parent }: StoredComment, now: Date): boolean {
    if (!parent?.email.trim()) return false;
    const address = normaliseAddress(parent.email);
    if (address === normaliseAddress(comment.email)) return false;
    if (!MailOutboxRepository.isConfirmed(state, address) || MailOutboxRepository.isUnsubscribed(state, address)) return false;
    return this.takeReplyMail(address, now.getTime());
  }

  /** Counts one more reply mail to `address`, unless it had its day's share already. */
  private takeReplyMail(address: string, at: number): boolean {
    const recent = (this.replyMailTimes.get(address) ?? []).filter((time) => at - time < DAY_MS);
    if (recent.length >= this.config.limits.replyMailsPerDay) {
      this.replyMailTimes.set(address, recent);
      return false;
    }
    recent.push(at);
    this.replyMailTimes.set(address, recent);
    return true;
  }
}
