import type { MailConfig } from '../../config.js';
import { MailOutboxRepository, normaliseAddress } from '../../store/mail-outbox.repository.js';
import type { StoreState } from '../../store/store.js';
import type { CommentNoticeEvent, CommentNotices, StoredComment } from '../comment-notices.js';
import { composeOwnerNotice, composeReplyNotice, outboxRecord } from './mail-composer.js';
import type { UnsubscribeLinks } from './unsubscribe-links.js';

/**
 * Comment notices by mail (server/API.md §E13), put in the outbox inside the comment's own
 * commit; `onQueued` then wakes the sender, which sends them once that commit is on disk.
 *
 * - A new visitor comment, shown or held: a mail to the owner (OWNER_EMAIL), saying when it waits.
 * - A reply, once readers can see it (at once, or when the owner approves it): a mail to the
 *   replied-to reader, if they left an email, have not unsubscribed, and did not write the reply.
 */
export class MailNotices implements CommentNotices {
  readonly collections = ['mail'] as const;

  constructor(
    private readonly config: MailConfig,
    private readonly unsubscribeLinks: UnsubscribeLinks,
    private readonly onQueued: () => void,
    private readonly clock: () => Date = () => new Date(),
  ) {}

  queue(state: StoreState, event: CommentNoticeEvent): void {
    const { stored } = event;
    const { comment } = stored;
    const pending = comment.status === 'pending';
    const now = this.clock();
    let queued = false;
    if (event.kind === 'created' && !comment.is_owner && this.config.ownerEmail) {
      MailOutboxRepository.enqueue(state, outboxRecord(composeOwnerNotice(stored, this.config.ownerEmail, pending), now));
      queued = true;
    }
    if (!pending && this.shouldTellParent(state, stored)) {
      const parent = stored.parent as NonNullable<StoredComment['parent']>;
      const link = this.unsubscribeLinks.link(stored.siteOrigin, parent.email);
      MailOutboxRepository.enqueue(state, outboxRecord(composeReplyNotice(stored, parent, link), now));
      queued = true;
    }
    // After this synchronous change: the sender's next step commits it before sending.
    if (queued) queueMicrotask(this.onQueued);
  }

  private shouldTellParent(state: StoreState, { comment, parent }: StoredComment): boolean {
    if (!parent?.email.trim()) return false;
    const address = normaliseAddress(parent.email);
    if (address === normaliseAddress(comment.email)) return false;
    return !MailOutboxRepository.isUnsubscribed(state, address);
  }
}
