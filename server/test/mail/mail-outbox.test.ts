import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { apiClient } from '../../../tests/support/test-server.js';
import type { TestServer } from '../../../tests/support/test-server.js';
import {
  OWNER_EMAIL,
  mailStatus,
  SITE_ORIGIN,
  buildComment,
  confirmAddress,
  queueNotice,
  startMailServer,
  storedComment,
} from './mail-fixtures.js';
import { closedPort, recipientsOf, startSmtpSink } from './smtp-sink.js';
import type { SmtpSink } from './smtp-sink.js';

let server: TestServer | undefined;
let sink: SmtpSink | undefined;

afterEach(async () => {
  await server?.close();
  await sink?.close();
  server = undefined;
  sink = undefined;
});

async function waitFor(check: () => Promise<boolean>, what: string, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

describe('comment mail through a real SMTP server', () => {
  it('sends the owner a plain-text mail with the links to the comment and to the admin, saying when it waits', async () => {
    sink = await startSmtpSink();
    server = await startMailServer(sink.port);
    const comment = buildComment({ author: '李四\r\nBcc: evil@example.com', content: '<b>第一</b> 条评论', status: 'pending' });
    await queueNotice(server, { kind: 'created', stored: storedComment(comment) });

    const [mail] = await sink.waitForMails(1);
    expect(recipientsOf(mail!)).toEqual([OWNER_EMAIL]);
    expect(mail!.from?.value[0]).toMatchObject({ address: 'blog@example.com', name: 'Folio 博客' });
    expect(mail!.subject).toBe('《春天的花》有新评论（待审核）');
    expect(mail!.text).toContain('<b>第一</b> 条评论');
    expect(mail!.text).toContain('等待审核');
    expect(mail!.text).toContain(`${SITE_ORIGIN}/articles/7#comment-${comment.id}`);
    expect(mail!.text).toContain(`${SITE_ORIGIN}/admin/comments`);
    expect(mail!.html).toBe(false);
    expect(mail!.bcc).toBeUndefined();
    expect(mail!.messageId).toMatch(/^<[0-9a-f-]{36}@example\.com>$/);
    await waitFor(async () => (await mailStatus(server!)).queued === 0, 'the outbox to empty');
  });

  it('tells the replied-to reader only, and their one-click link stops further reply mail', async () => {
    sink = await startSmtpSink();
    server = await startMailServer(sink.port);
    await confirmAddress(server, 'reader@example.com');
    const parent = buildComment({ author: '王五', email: ' Reader@Example.com ', content: '原来的评论' });
    const ownerReply = buildComment({ author: '站长', is_owner: true, parent_id: parent.id, content: '谢谢' });
    await queueNotice(server, { kind: 'created', stored: storedComment(ownerReply, parent) });

    const [reply] = await sink.waitForMails(1);
    expect(recipientsOf(reply!).map((address) => address.toLowerCase())).toEqual(['reader@example.com']);
    expect(reply!.subject).toBe('你在《春天的花》的评论有了新回复');
    expect(reply!.text).toContain('原来的评论');
    expect(reply!.text).toContain('谢谢');
    const headerLine = (key: string) => reply!.headerLines.find((line) => line.key === key)?.line ?? '';
    expect(headerLine('list-unsubscribe-post')).toBe('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
    expect(headerLine('list-unsubscribe')).toContain('<https://blog.example.com/api/mail/unsubscribe?');
    const link = /(https:\/\/blog\.example\.com\/api\/mail\/unsubscribe\?\S+)/.exec(reply!.text ?? '')?.[1];
    expect(link).toBeDefined();

    // The link followed with a plain GET, no sign-in; a forged token changes nothing.
    const local = link!.replace(SITE_ORIGIN, server.url);
    const forged = await fetch(local.replace(/token=[^&]+/, 'token=forged'));
    expect(forged.status).toBe(400);
    const page = await fetch(local);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('已退订');

    // A visitor's reply to the same reader now reaches the owner only.
    const visitorReply = buildComment({ author: '赵六', parent_id: parent.id });
    await queueNotice(server, { kind: 'created', stored: storedComment(visitorReply, parent) });
    await sink.waitForMails(2);
    await waitFor(async () => (await mailStatus(server!)).queued === 0, 'the outbox to empty');
    expect(sink.mails.map((mail) => recipientsOf(mail).map((address) => address.toLowerCase()))).toEqual([
      ['reader@example.com'],
      [OWNER_EMAIL],
    ]);
  });

  it('keeps a mail while SMTP is down and delivers it once when it is back', async () => {
    const port = await closedPort();
    server = await startMailServer(port);
    await queueNotice(server, { kind: 'created', stored: storedComment(buildComment()) });
    await waitFor(async () => server!.app.store.state.mail.all()[0]?.last_error != null, 'a failed attempt');
    expect(await mailStatus(server)).toMatchObject({ configured: true, owner_email: true, queued: 1, failed: [] });

    sink = await startSmtpSink(port);
    await sink.waitForMails(1);
    await waitFor(async () => (await mailStatus(server!)).queued === 0, 'the outbox to empty');
    // Several retry periods later, still one.
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(sink.mails).toHaveLength(1);
  });

  it('drops a mail whose comment is not stored (deleted, or lost to a kill before its commit)', async () => {
    sink = await startSmtpSink();
    server = await startMailServer(sink.port);
    await queueNotice(
      server,
      { kind: 'created', stored: storedComment(buildComment({ content: '从未存下' })) },
      { storeComment: false },
    );
    await queueNotice(server, { kind: 'created', stored: storedComment(buildComment({ content: '存下了' })) });
    await sink.waitForMails(1);
    await waitFor(async () => (await mailStatus(server!)).queued === 0, 'the outbox to empty');
    expect(sink.mails.map((mail) => mail.text)).toEqual([expect.stringContaining('存下了')]);
  });

  it('gives up at once a mail its recipient refuses for good, retries one refused for now, and holds no other mail back', async () => {
    let busyRefusals = 0;
    sink = await startSmtpSink(0, (recipient) => {
      if (recipient === 'gone@example.com') return 550;
      if (recipient === 'busy@example.com' && busyRefusals < 1) return (busyRefusals += 1) && 450;
      return undefined;
    });
    server = await startMailServer(sink.port, { firstDelayMs: 300 });
    for (const email of ['gone@example.com', 'busy@example.com']) {
      await confirmAddress(server, email);
      const parent = buildComment({ email });
      await queueNotice(server, { kind: 'created', stored: storedComment(buildComment({ is_owner: true }), parent) });
    }
    await queueNotice(server, { kind: 'created', stored: storedComment(buildComment({ content: '之后的评论' })) });

    await sink.waitForMails(2);
    await waitFor(async () => (await mailStatus(server!)).queued === 0, 'the outbox to empty');
    // The owner's mail went before the busy reader's second attempt: nothing waited behind it.
    expect(sink.mails.map((mail) => recipientsOf(mail)[0])).toEqual([OWNER_EMAIL, 'busy@example.com']);
    const { failed } = await mailStatus(server);
    expect(failed).toEqual([
      expect.objectContaining({ to: 'gone@example.com', attempts: 1, reason: expect.stringContaining('550') }),
    ]);
  });

  it('gives a mail up after its time with the SMTP error as the reason, shown to the admin', async () => {
    server = await startMailServer(await closedPort(), { giveUpAfterMs: 250 });
    await queueNotice(server, { kind: 'created', stored: storedComment(buildComment()) });
    await waitFor(async () => (await mailStatus(server!)).failed.length === 1, 'the mail to be given up');
    const status = await mailStatus(server);
    expect(status.queued).toBe(0);
    expect(status.failed[0]).toMatchObject({ to: OWNER_EMAIL, subject: '《春天的花》有新评论' });
    expect(status.failed[0]!.reason).toMatch(/ECONNREFUSED|connect/i);
    expect(status.failed[0]!.attempts).toBeGreaterThanOrEqual(2);

    const token = await server.login();
    const dismissed = await apiClient(server.url)('DELETE', `/api/admin/mail/${status.failed[0]!.id}`, { token });
    expect(dismissed.status).toBe(200);
    expect((await mailStatus(server)).failed).toEqual([]);
  });

  it('sends several mails over one SMTP connection, writing nothing more of each than its removal', async () => {
    sink = await startSmtpSink();
    server = await startMailServer(sink.port);
    for (let count = 1; count <= 4; count += 1) {
      await queueNotice(server, { kind: 'created', stored: storedComment(buildComment({ content: `第 ${count} 条` })) });
      await sink.waitForMails(count);
    }
    await waitFor(async () => (await mailStatus(server!)).queued === 0, 'the outbox to empty');
    expect(sink.connections()).toBe(1);
    // Each mail: the line its comment's commit queued it with, and the one that removed it.
    const lines = (await readFile(path.join(server.app.store.dataDir, 'mail', 'outbox.log'), 'utf8')).trim().split('\n');
    expect(lines.map((line) => Object.keys(JSON.parse(line) as object)[0])).toEqual([
      ...['put', 'delete'],
      ...['put', 'delete'],
      ...['put', 'delete'],
      ...['put', 'delete'],
    ]);
  });

  it('lets the mails after one the SMTP server always hangs up on go, and keeps that one waiting alone', async () => {
    sink = await startSmtpSink(0, undefined, (recipient) => recipient === 'chokes@example.com');
    server = await startMailServer(sink.port);
    await confirmAddress(server, 'chokes@example.com');
    const parent = buildComment({ email: 'chokes@example.com' });
    await queueNotice(server, {
      kind: 'created',
      stored: storedComment(buildComment({ is_owner: true, parent_id: parent.id }), parent),
    });
    await waitFor(async () => server!.app.store.state.mail.all()[0]?.last_error != null, 'a failed attempt');
    await queueNotice(server, { kind: 'created', stored: storedComment(buildComment({ content: '之后的评论' })) });

    const [mail] = await sink.waitForMails(1);
    expect(recipientsOf(mail!)).toEqual([OWNER_EMAIL]);
    const waiting = server.app.store.state.mail.all();
    expect(waiting).toEqual([expect.objectContaining({ to: 'chokes@example.com', gave_up_at: null })]);
  });

  it('says mail is not set up when SMTP_URL is not, and queues nothing', async () => {
    const { startTestServer } = await import('../../../tests/support/test-server.js');
    server = await startTestServer();
    expect(await mailStatus(server)).toEqual({ configured: false, owner_email: false, queued: 0, failed: [] });
    await queueNotice(server, { kind: 'created', stored: storedComment(buildComment()) });
    expect(server.app.store.state.mail.all()).toEqual([]);
  });
});
