import { expect, it } from 'vitest';
import { dueMails } from '../../src/services/mail/mail-sender.js';
import type { MailRecord } from '../../src/store/mail-outbox.repository.js';

function buildMail(serial: number): MailRecord {
  return {
    id: `mail-${serial}`,
    comment_id: serial,
    comment_created_at: new Date(0).toISOString(),
    kind: 'owner',
    to: 'owner@example.com',
    subject: '《标题》有新评论',
    text: '正文',
    unsubscribe_url: null,
    created_at: new Date(serial).toISOString(),
    attempts: 1,
    sending_since: null,
    last_error: null,
    gave_up_at: null,
  };
}

it('finds the next time a mail is due among 200,000 waiting ones without running out of stack', () => {
  const queued = Array.from({ length: 200_000 }, (_, index) => buildMail(index));
  // Every mail waits for its retry; the earliest is the one in the middle.
  const dueAt = (mail: MailRecord) => (mail.comment_id === 100_000 ? 5_000 : 10_000 + mail.comment_id);
  expect(dueMails(queued, dueAt, 1_000)).toEqual({ due: [], nextAt: 5_000 });
  const { due, nextAt } = dueMails(queued, dueAt, 10_001);
  expect(due.map((mail) => mail.id)).toEqual(['mail-0', 'mail-1', 'mail-100000']);
  expect(nextAt).toBe(10_002);
});
