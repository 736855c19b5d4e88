import { randomUUID } from 'node:crypto';
import { MailMessages as T } from '@folio/shared';
import type { CommentRecord } from '../../store/records.js';
import type { MailRecord } from '../../store/mail-outbox.repository.js';
import type { StoredComment } from '../comment-notices.js';

/** How much of the replied-to comment a reply mail quotes. */
const QUOTED_PARENT_CHARS = 300;

/** A mail as composed, before the outbox gives it its id and bookkeeping. */
type ComposedMail = Pick<
  MailRecord,
  'comment_id' | 'comment_created_at' | 'kind' | 'to' | 'subject' | 'text' | 'unsubscribe_url' | 'send_after'
>;

/** How much of each comment the owner's digest quotes, and how many comments it lists at most. */
const DIGEST_EXCERPT_CHARS = 120;
const DIGEST_LISTED = 100;

const commentLink = ({ siteOrigin, comment }: StoredComment) =>
  `${siteOrigin}/articles/${comment.article_id}#comment-${comment.id}`;

const quote = (text: string, chars = QUOTED_PARENT_CHARS) => (text.length > chars ? `${text.slice(0, chars)}…` : text);

/** An outbox record of a composed mail, waiting for its first attempt. */
export function outboxRecord(mail: ComposedMail, now: Date): MailRecord {
  return {
    id: randomUUID(),
    ...mail,
    created_at: now.toISOString(),
    attempts: 0,
    sending_since: null,
    last_error: null,
    gave_up_at: null,
  };
}

/**
 * The owner's notice of a new visitor comment: who wrote what under which article, the links to
 * it and to the admin, and whether it waits for review. Plain text only: the visitor's words
 * never reach an HTML part, and nodemailer encodes every header (no header is built here).
 */
export function composeOwnerNotice(stored: StoredComment, ownerEmail: string, pending: boolean): ComposedMail {
  const { comment, articleTitle, parent, siteOrigin } = stored;
  const lines = [
    parent ? T.ownerReplyIntro(comment.author, articleTitle, parent.author) : T.ownerIntro(comment.author, articleTitle),
    '',
    comment.content,
    '',
    ...(pending ? [T.ownerPending, ''] : []),
    T.ownerCommentLink(commentLink(stored)),
    T.ownerAdminLink(`${siteOrigin}/admin/comments`),
  ];
  return {
    comment_id: comment.id,
    comment_created_at: comment.created_at,
    kind: 'owner',
    to: ownerEmail,
    subject: pending ? T.ownerSubjectPending(articleTitle) : T.ownerSubject(articleTitle),
    text: lines.join('\n'),
    unsubscribe_url: null,
  };
}

/** The notice to a reader that `stored` answers their comment `parent`, with its unsubscribe link. */
export function composeReplyNotice(stored: StoredComment, parent: CommentRecord, unsubscribeUrl: string): ComposedMail {
  const { comment, articleTitle } = stored;
  const lines = [
    T.replyGreeting(parent.author),
    '',
    T.replyIntro(comment.author, articleTitle),
    '',
    T.replyYourComment,
    quote(parent.content),
    '',
    T.replyText,
    comment.content,
    '',
    T.replyLink(commentLink(stored)),
    '',
    T.replyUnsubscribe(unsubscribeUrl),
    T.replyFooter,
  ];
  return {
    comment_id: comment.id,
    comment_created_at: comment.created_at,
    kind: 'reply',
    to: parent.email.trim(),
    subject: T.replySubject(articleTitle),
    text: lines.join('\n'),
    unsubscribe_url: unsubscribeUrl,
  };
}

/**
 * The one request to confirm an address for reply mail (server/API.md §E13.3). It says nothing a
 * visitor wrote (not the nickname, not the comment): whoever typed someone else's address cannot
 * use it to send them words of their own.
 */
export function composeConfirmation(
  stored: StoredComment,
  address: string,
  confirmUrl: string,
  unsubscribeUrl: string,
): ComposedMail {
  const { comment, articleTitle } = stored;
  const lines = [
    T.confirmIntro(articleTitle),
    '',
    T.confirmAsk,
    confirmUrl,
    '',
    T.confirmIgnore,
    '',
    T.confirmUnsubscribe(unsubscribeUrl),
    T.replyFooter,
  ];
  return {
    comment_id: comment.id,
    comment_created_at: comment.created_at,
    kind: 'confirm',
    to: address,
    subject: T.confirmSubject(articleTitle),
    text: lines.join('\n'),
    unsubscribe_url: unsubscribeUrl,
  };
}

/** One comment of the owner's digest, as it is listed. */
export interface DigestEntry {
  stored: StoredComment;
  pending: boolean;
}

/**
 * The owner's digest of the comments of one hour past the hourly cap, sent at `sendAfter` (the end
 * of that hour): each listed with its article, nickname, the start of its text and its link.
 */
export function composeOwnerDigest(
  entries: readonly DigestEntry[],
  count: number,
  perHour: number,
  ownerEmail: string,
  sendAfter: Date,
): ComposedMail {
  const first = entries[0]!.stored;
  const lines = [T.digestIntro(perHour, count), ''];
  for (const { stored, pending } of entries.slice(0, DIGEST_LISTED)) {
    lines.push(T.digestEntry(stored.comment.author, stored.articleTitle, pending));
    lines.push(quote(stored.comment.content, DIGEST_EXCERPT_CHARS), commentLink(stored), '');
  }
  if (count > DIGEST_LISTED) lines.push(T.digestMore(count - DIGEST_LISTED), '');
  lines.push(T.ownerAdminLink(`${first.siteOrigin}/admin/comments`));
  return {
    comment_id: first.comment.id,
    comment_created_at: first.comment.created_at,
    kind: 'digest',
    to: ownerEmail,
    subject: T.digestSubject(count),
    text: lines.join('\n'),
    unsubscribe_url: null,
    send_after: sendAfter.toISOString(),
  };
}
