import { SubscriberMessages as T, escapeHtml } from '@folio/shared';
import type { MailRecord } from '../../store/mail-outbox.repository.js';
import type { ArticleRecord, SubscriberRecord } from '../../store/records.js';
import { outboxRecord } from '../mail/mail-composer.js';

/** What a new article's mail shows of it. */
export interface ArticleMailFacts {
  title: string;
  /** The owner's summary, else the start of the body (server/API.md §E18). */
  excerpt: string;
  /** An absolute URL of the cover, or `''`. */
  cover: string;
  /** The article's absolute address, `/articles/<slug>`. */
  url: string;
}

/** An absolute URL of what an article points at: uploads are paths on the site. */
export const absoluteOn = (siteOrigin: string, url: string): string => (url.startsWith('/') ? `${siteOrigin}${url}` : url);

/** The one request to confirm a subscription: it says nothing anyone typed but the address. */
export function subscribeConfirmationMail(subscriber: SubscriberRecord, confirmUrl: string, now: Date): MailRecord {
  const text = [T.confirmIntro, '', T.confirmAsk, confirmUrl, '', T.confirmIgnore, '', T.footer].join('\n');
  return outboxRecord(
    {
      comment_id: subscriber.id,
      comment_created_at: subscriber.created_at,
      kind: 'subscribe',
      to: subscriber.email,
      subject: T.confirmSubject,
      text,
      unsubscribe_url: null,
      send_after: null,
    },
    now,
  );
}

/**
 * A new article's mail to one subscriber (server/API.md §E23.11): the title, excerpt, cover and
 * link, with the one-click unsubscribe as a link and as `List-Unsubscribe` (the transport adds
 * `List-Unsubscribe-Post`). The HTML part holds only the owner's words, escaped.
 */
export function articleMail(
  article: ArticleRecord,
  facts: ArticleMailFacts,
  subscriber: SubscriberRecord,
  unsubscribeUrl: string,
  now: Date,
  sendAfter: Date,
): MailRecord {
  const text = [
    facts.title,
    '',
    ...(facts.excerpt ? [facts.excerpt, ''] : []),
    T.articleRead(facts.url),
    '',
    T.articleUnsubscribe(unsubscribeUrl),
    T.footer,
  ].join('\n');
  const html = [
    '<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"></head><body style="font-family:sans-serif;max-width:600px;margin:0 auto;padding:16px;color:#222">',
    `<h1 style="font-size:22px"><a href="${escapeHtml(facts.url)}" style="color:#222">${escapeHtml(facts.title)}</a></h1>`,
    facts.cover ? `<p><img src="${escapeHtml(facts.cover)}" alt="" style="max-width:100%;height:auto"></p>` : '',
    facts.excerpt ? `<p style="line-height:1.6">${escapeHtml(facts.excerpt)}</p>` : '',
    `<p><a href="${escapeHtml(facts.url)}">${escapeHtml(T.articleReadButton)}</a></p>`,
    `<hr><p style="font-size:12px;color:#666">${escapeHtml(T.footer)} <a href="${escapeHtml(unsubscribeUrl)}" style="color:#666">${escapeHtml(T.articleUnsubscribeLink)}</a></p>`,
    '</body></html>',
  ].join('');
  return {
    ...outboxRecord(
      {
        comment_id: article.id,
        comment_created_at: article.subscribers_notified_at ?? now.toISOString(),
        kind: 'article',
        to: subscriber.email,
        subject: T.articleSubject(facts.title),
        text,
        unsubscribe_url: unsubscribeUrl,
        send_after: sendAfter.toISOString(),
      },
      now,
    ),
    html,
  };
}
