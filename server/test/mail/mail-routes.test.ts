import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminMailStatus } from '@folio/shared';
import { apiClient, startTestServer } from '../../../tests/support/test-server.js';
import type { EnvelopeBody, TestServer } from '../../../tests/support/test-server.js';
import { createArticle, postComment } from '../routes/articles.fixtures.js';
import type { Api } from '../routes/articles.fixtures.js';
import { OWNER_EMAIL, mailConfig } from './mail-fixtures.js';
import { recipientsOf, startSmtpSink } from './smtp-sink.js';
import type { SmtpSink } from './smtp-sink.js';

let server: TestServer;
let sink: SmtpSink;
let api: Api;
let token: string;

beforeAll(async () => {
  sink = await startSmtpSink();
  server = await startTestServer({
    config: {
      mail: mailConfig(sink.port),
      publicUrl: 'https://blog.example.com',
      commentRateLimits: { perMinute: 100, perHour: 100 },
    },
  });
  api = apiClient(server.url);
  token = await server.login();
});
afterAll(async () => {
  await server.close();
  await sink.close();
});

const addresses = (from: number) => sink.mails.slice(from).map((mail) => recipientsOf(mail).join(',').toLowerCase());

/** Follows, as its reader would, the link of the confirmation mail sent to `address`. */
async function followConfirmation(address: string): Promise<void> {
  const mail = sink.mails.find(
    (sent) => recipientsOf(sent).join(',').toLowerCase() === address && sent.text?.includes('/api/mail/confirm?'),
  );
  const link = /https:\/\/blog\.example\.com(\/api\/mail\/confirm\?\S+)/.exec(mail?.text ?? '')?.[1];
  expect(link).toBeDefined();
  const page = await fetch(`${server.url}${link}`);
  expect(page.status).toBe(200);
  expect(await page.text()).toContain('已确认');
}

/** Waits until the outbox is empty, so every mail queued so far has arrived. */
async function outboxEmptied(): Promise<void> {
  for (let tries = 0; tries < 400; tries += 1) {
    const status = await api<EnvelopeBody>('GET', '/api/admin/mail', { token });
    if ((status.body.data as AdminMailStatus).queued === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error('the outbox did not empty');
}

describe('comment mail through the comment routes', () => {
  it('mails the owner of a visitor comment, and the replied-to reader only of the owner reply, until they unsubscribe', async () => {
    const articleId = await createArticle(api, token, { title: '邮件测试' });
    const posted = await postComment(api, articleId, { author: '读者甲', email: 'reader@example.com', content: '第一条' });
    expect(posted.status).toBe(201);
    const commentId = (posted.body.data as { id: number }).id;
    await outboxEmptied();
    // Queued in one commit, so in either order.
    expect(addresses(0).sort()).toEqual([OWNER_EMAIL, 'reader@example.com'].sort());
    const ownerMail = sink.mails.find((mail) => recipientsOf(mail).includes(OWNER_EMAIL));
    expect(ownerMail!.text).toContain(`https://blog.example.com/articles/${articleId}#comment-${commentId}`);
    await followConfirmation('reader@example.com');

    const reply = await api<EnvelopeBody>('POST', `/api/admin/comments/${commentId}/replies`, {
      token,
      json: { content: '谢谢你' },
    });
    expect(reply.status).toBe(201);
    await outboxEmptied();
    expect(addresses(2)).toEqual(['reader@example.com']);
    const link = /https:\/\/blog\.example\.com(\/api\/mail\/unsubscribe\?\S+)/.exec(sink.mails[2]!.text ?? '')?.[1];
    expect((await fetch(`${server.url}${link}`)).status).toBe(200);

    await api('POST', `/api/admin/comments/${commentId}/replies`, { token, json: { content: '再补充一句' } });
    await postComment(api, articleId, { author: '读者乙', email: 'other@example.com', content: '我也来', parent_id: commentId });
    await outboxEmptied();
    // The owner's notice of 读者乙's comment and 读者乙's confirmation request: the reader unsubscribed.
    expect(addresses(3).sort()).toEqual([OWNER_EMAIL, 'other@example.com'].sort());
  });

  it('says in the owner mail that a held reply waits, and tells the replied-to reader only once it is approved', async () => {
    const articleId = await createArticle(api, token, { title: '审核测试' });
    const parent = await postComment(api, articleId, { author: '读者丙', email: 'bing@example.com', content: '最早的评论' });
    const parentId = (parent.body.data as { id: number }).id;
    await outboxEmptied();
    await followConfirmation('bing@example.com');
    const settings = { moderation: 'all', blocked_words: [], blocked_addresses: [] };
    expect((await api('PUT', '/api/admin/settings/comments', { token, json: settings })).status).toBe(200);
    try {
      const start = sink.mails.length;
      const held = await postComment(api, articleId, {
        author: '读者丁',
        email: 'ding@example.com',
        content: '待审的回复',
        parent_id: parentId,
      });
      expect((held.body.data as { status: string }).status).toBe('pending');
      await outboxEmptied();
      expect(addresses(start).sort()).toEqual([OWNER_EMAIL, 'ding@example.com'].sort());
      const ownerMail = sink.mails.slice(start).find((mail) => recipientsOf(mail).includes(OWNER_EMAIL));
      expect(ownerMail!.subject).toBe('《审核测试》有新评论（待审核）');
      expect(ownerMail!.text).toContain('等待审核');

      const heldId = (held.body.data as { id: number }).id;
      expect((await api('POST', `/api/admin/comments/${heldId}/approve`, { token })).status).toBe(200);
      await outboxEmptied();
      expect(addresses(start + 2)).toEqual(['bing@example.com']);
      expect(sink.mails[start + 2]!.text).toContain('待审的回复');
    } finally {
      await api('PUT', '/api/admin/settings/comments', { token, json: { ...settings, moderation: 'none' } });
    }
  });
});
