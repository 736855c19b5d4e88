import type { PublicationNotices } from '../../store/articles.repository.js';
import { MailOutboxRepository } from '../../store/mail-outbox.repository.js';
import type { ArticleRecord } from '../../store/records.js';
import type { StoreState } from '../../store/store.js';
import { SubscribersRepository } from '../../store/subscribers.repository.js';
import type { SubscriberLinks } from '../mail/unsubscribe-links.js';
import type { ArticleMailFacts } from './subscriber-mails.js';
import { articleMail } from './subscriber-mails.js';

/** What the notices need besides the state: the links, the article's facts, the pace and the sender. */
export interface SubscriberNoticeParts {
  siteOrigin: string;
  links: SubscriberLinks;
  factsOf: (article: ArticleRecord) => ArticleMailFacts;
  /** At most this many subscriber mails go out in a minute (`SUBSCRIBER_MAILS_PER_MINUTE`). */
  perMinute: number;
  onQueued: () => void;
  clock?: () => Date;
}

/**
 * Mails a new article to every confirmed subscriber (server/API.md §E23.11), inside the commit
 * that makes it public: the article gets `subscribers_notified_at` in that same commit, so the
 * mails are queued once for good, all or none. An edit, a withdrawal and a new publication, a
 * restart or a kill find the mark and queue nothing. An article marked 不通知订阅者 is left
 * unmarked: nothing was sent for it.
 *
 * The mails are paced by their `send_after`: one every 60 / `perMinute` seconds, after those of
 * articles queued before, so a list of thousands never bursts at the SMTP server; the pace is on
 * disk with them and holds across restarts.
 */
export class SubscriberNotices implements PublicationNotices {
  readonly collections = ['mail'] as const;

  constructor(private readonly parts: SubscriberNoticeParts) {}

  queue(state: StoreState, article: ArticleRecord): void {
    const announced = article.subscribers_notified_at !== undefined || article.arrived_public === true;
    if (article.notify_subscribers === false || announced) return;
    const now = (this.parts.clock ?? (() => new Date()))();
    article.subscribers_notified_at = now.toISOString();
    const subscribers = SubscribersRepository.confirmed(state);
    if (subscribers.length === 0) return;
    const facts = this.parts.factsOf(article);
    const gapMs = Math.max(1, Math.round(60_000 / this.parts.perMinute));
    let next = Math.max(now.getTime(), this.lastPacedAt(state) + gapMs);
    for (const subscriber of subscribers) {
      const unsubscribeUrl = this.parts.links.unsubscribeLink(this.parts.siteOrigin, subscriber.email);
      MailOutboxRepository.enqueue(state, articleMail(article, facts, subscriber, unsubscribeUrl, now, new Date(next)));
      next += gapMs;
    }
    // After this synchronous change: the sender's next step commits it before sending.
    queueMicrotask(this.parts.onQueued);
  }

  /** The time of the last subscriber mail still waiting, so a second article follows the first's pace. */
  private lastPacedAt(state: StoreState): number {
    let last = 0;
    for (const mail of state.mail.all()) {
      if (mail.kind !== 'article' || mail.gave_up_at !== null || !mail.send_after) continue;
      last = Math.max(last, Date.parse(mail.send_after));
    }
    return last;
  }
}
