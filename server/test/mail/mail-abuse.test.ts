import { afterEach, describe, expect, it } from 'vitest';
import { apiClient, startTestServer } from '../../../tests/support/test-server.js';
import type { TestServer } from '../../../tests/support/test-server.js';
import { createArticle, postComment } from '../routes/articles.fixtures.js';
import {
  OWNER_EMAIL,
  mailStatus,
  buildComment,
  confirmAddress,
  mailConfig,
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

async function waitFor(check: () => Promise<boolean> | boolean, what: string, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

const outboxEmptied = () => waitFor(async () => (await mailStatus(server!)).queued === 0, 'the outbox to empty');
const sentTo = (address: string) => sink!.mails.filter((mail) => recipientsOf(mail).join(',').toLowerCase() === address);

describe('reply mail only to a confirmed address', () => {
  it('asks a new address once to confirm, mails it no reply before the link is followed, and puts no visitor text in a subject', async () => {
    sink = await startSmtpSink();
    server = await startTestServer({
      config: {
        mail: mailConfig(sink.port),
        publicUrl: 'https://blog.example.com',
        commentRateLimits: { perMinute: 100, perHour: 100 },
      },
    });
    const api = apiClient(server.url);
    const token = await server.login();
    const articleId = await createArticle(api, token, { title: '确认测试' });

    // A bait comment naming someone's address is posted at once; the address gets one plain request.
    const bait = await postComment(api, articleId, { author: '坏人诱饵', email: 'victim@example.com', content: '诱饵文字' });
    expect(bait.status).toBe(201);
    expect((bait.body.data as { status: string }).status).toBe('published');
    const baitId = (bait.body.data as { id: number }).id;
    await postComment(api, articleId, { author: '坏人诱饵', email: ' Victim@Example.com ', content: '再来一条' });
    await outboxEmptied();
    const [request, ...more] = sentTo('victim@example.com');
    expect(more).toEqual([]);
    expect(request!.subject).toBe('请确认是否接收《确认测试》的评论回复通知');
    expect(request!.text).not.toMatch(/坏人|诱饵|再来一条/);

    // Replies before the confirmation mail it nothing.
    await api('POST', `/api/admin/comments/${baitId}/replies`, { token, json: { content: '站长的回复' } });
    await postComment(api, articleId, { author: '刷屏者', email: 'spam@example.com', content: '垃圾回复', parent_id: baitId });
    await outboxEmptied();
    expect(sentTo('victim@example.com')).toHaveLength(1);

    // The link, followed by whoever reads that inbox, turns reply mail on.
    const link = /https:\/\/blog\.example\.com(\/api\/mail\/confirm\?\S+)/.exec(request!.text ?? '')?.[1];
    expect((await fetch(`${server.url}${link!.replace(/token=[^&]+/, 'token=forged')}`)).status).toBe(400);
    const page = await fetch(`${server.url}${link}`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('已确认');
    await postComment(api, articleId, { author: '刷屏者', email: 'spam@example.com', content: '第二条回复', parent_id: baitId });
    await postComment(api, articleId, { author: '坏人诱饵', email: 'victim@example.com', content: '确认之后' });
    await outboxEmptied();
    const [, reply, ...after] = sentTo('victim@example.com');
    expect(after).toEqual([]);
    expect(reply!.subject).toBe('你在《确认测试》的评论有了新回复');
    expect(reply!.text).toContain('第二条回复');
    // spam@example.com was asked once too, though it commented twice.
    expect(sentTo('spam@example.com')).toHaveLength(1);
    for (const mail of sink.mails) expect(mail.subject).not.toMatch(/坏人|诱饵|刷屏者|垃圾|回复 ?了你/);
  });

  it('mails one address at most 10 replies a day', async () => {
    sink = await startSmtpSink();
    server = await startMailServer(sink.port);
    await confirmAddress(server, 'reader@example.com');
    const parent = buildComment({ email: 'reader@example.com' });
    for (let count = 1; count <= 12; count += 1) {
      const reply = buildComment({ is_owner: true, parent_id: parent.id, content: `第 ${count} 次回复` });
      await queueNotice(server, { kind: 'created', stored: storedComment(reply, parent) });
    }
    await outboxEmptied();
    expect(sentTo('reader@example.com').map((mail) => /第 (\d+) 次回复/.exec(mail.text ?? '')?.[1])).toEqual([
      '1',
      '2',
      '3',
      '4',
      '5',
      '6',
      '7',
      '8',
      '9',
      '10',
    ]);
  });
});

describe('owner mail and the outbox, bounded', () => {
  it('mails the owner 20 comments an hour one by one, and the rest of the hour in one digest at its end', async () => {
    sink = await startSmtpSink();
    server = await startMailServer(sink.port);
    for (let count = 1; count <= 23; count += 1) {
      await queueNotice(server, { kind: 'created', stored: storedComment(buildComment({ content: `第 ${count} 条评论` })) });
    }
    await sink.waitForMails(20);
    await waitFor(async () => (await mailStatus(server!)).queued === 1, 'only the digest to wait');
    const digest = server.app.store.state.mail.all()[0]!;
    expect(digest).toMatchObject({ kind: 'digest', to: OWNER_EMAIL, subject: '博客又有 3 条新评论（汇总）' });
    expect(Date.parse(digest.send_after!)).toBeGreaterThan(Date.now() + 50 * 60_000);
    expect(sink.mails).toHaveLength(20);

    // The end of the hour, brought forward; a reply mail queued wakes the sender.
    await server.app.store.mutate(['mail'], (state) => state.mail.put({ ...digest, send_after: new Date(0).toISOString() }));
    await confirmAddress(server, 'reader@example.com');
    const parent = buildComment({ email: 'reader@example.com' });
    await queueNotice(server, {
      kind: 'created',
      stored: storedComment(buildComment({ is_owner: true, parent_id: parent.id }), parent),
    });
    await outboxEmptied();
    const toOwner = sentTo(OWNER_EMAIL);
    expect(toOwner).toHaveLength(21);
    expect(toOwner[20]!.subject).toBe('博客又有 3 条新评论（汇总）');
    for (const count of [21, 22, 23]) expect(toOwner[20]!.text).toContain(`第 ${count} 条评论`);
    expect(toOwner[20]!.text).not.toContain('第 20 条评论');
  });

  it('gives up the oldest mails past the outbox bound, saying why in the admin', async () => {
    server = await startMailServer(await closedPort(), {}, { outboxMails: 5 });
    for (let count = 1; count <= 8; count += 1) {
      await queueNotice(server, { kind: 'created', stored: storedComment(buildComment({ content: `第 ${count} 条评论` })) });
    }
    const status = await mailStatus(server);
    expect(status.queued).toBe(5);
    expect(status.failed).toHaveLength(3);
    for (const failed of status.failed) expect(failed.reason).toContain('发件箱已满');
    const waiting = server.app.store.state.mail.all().filter((mail) => mail.gave_up_at === null);
    expect(waiting.map((mail) => /第 (\d) 条/.exec(mail.text)?.[1]).sort()).toEqual(['4', '5', '6', '7', '8']);
  });
});
