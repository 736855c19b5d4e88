import { afterEach, describe, expect, it } from 'vitest';
import { apiClient } from '../../../tests/support/test-server.js';
import type { EnvelopeBody, TestServer } from '../../../tests/support/test-server.js';
import { SubscriberLinks } from '../../src/services/mail/unsubscribe-links.js';
import { SITE_ORIGIN } from '../mail/mail-fixtures.js';
import { startSmtpSink } from '../mail/smtp-sink.js';
import type { SmtpSink } from '../mail/smtp-sink.js';
import {
  createArticle,
  linkIn,
  mailsTo,
  onServer,
  outboxEmptied,
  startSubscriptionServer,
  subscribe,
  subscribeAndConfirm,
  updateArticle,
  waitUntil,
} from './subscriber-fixtures.js';

let server: TestServer | undefined;
let sink: SmtpSink | undefined;

afterEach(async () => {
  await server?.close();
  await sink?.close();
  server = undefined;
  sink = undefined;
});

const ARTICLE_SUBJECT = /^新文章：/;

describe('subscribing by mail', () => {
  it('sends one confirmation mail whose link confirms the address, lower-cased, within its 48 hours', async () => {
    sink = await startSmtpSink();
    server = await startSubscriptionServer(sink);
    const answer = await subscribe(server, '  Reader@Example.COM ');
    expect(answer.status).toBe(202);
    expect(answer.body).toEqual({ code: 0, msg: '请查收确认邮件', data: null });

    const [mail] = await sink.waitForMails(1);
    expect(mail!.subject).toBe('请确认订阅新文章通知');
    const link = linkIn(mail!, '/api/subscribers/confirm');
    const token = await server.login();
    const list = async () =>
      (
        (await apiClient(server!.url)<EnvelopeBody>('GET', '/api/admin/subscribers', { token })).body.data as {
          subscribers: Array<{ email: string; confirmed: boolean }>;
        }
      ).subscribers;
    expect(await list()).toMatchObject([{ email: 'reader@example.com', confirmed: false }]);

    // Asked again at once: no second mail; the link of the first works.
    expect((await subscribe(server, 'reader@example.com')).status).toBe(202);
    const page = await fetch(onServer(server, link));
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('订阅成功');
    expect(await list()).toMatchObject([{ email: 'reader@example.com', confirmed: true }]);
    await outboxEmptied(server);
    expect(mailsTo(sink, 'reader@example.com')).toHaveLength(1);

    // A link altered or signed elsewhere is refused with its page.
    const forged = await fetch(onServer(server, link.replace(/\.[^.]+$/, '.AAAA')));
    expect(forged.status).toBe(400);
    expect(await forged.text()).toContain('链接已失效');
  });

  it('refuses a confirmation link past its 48 hours', async () => {
    sink = await startSmtpSink();
    server = await startSubscriptionServer(sink);
    await subscribe(server, 'late@example.com');
    const [mail] = await sink.waitForMails(1);
    const link = linkIn(mail!, '/api/subscribers/confirm');
    const token = new URL(link).searchParams.get('token')!;
    const [payload] = token.split('.');
    const [address, expires] = Buffer.from(payload!, 'base64url').toString('utf8').split('\n');
    expect(address).toBe('late@example.com');
    expect(Number(expires) - Date.now()).toBeGreaterThan(47 * 3600_000);
    expect(Number(expires) - Date.now()).toBeLessThanOrEqual(48 * 3600_000);
    // Signed for 48 hours: the same signature is refused once they are over.
    const links = new SubscriberLinks('a-secret-long-enough-for-this-test');
    const now = new Date('2026-03-01T08:00:00Z');
    const own = new URL(links.confirmLink(SITE_ORIGIN, 'Late@Example.com', now)).searchParams.get('token')!;
    expect(links.confirmedAddress(own, new Date(now.getTime() + 48 * 3600_000 - 1000))).toBe('late@example.com');
    expect(links.confirmedAddress(own, new Date(now.getTime() + 48 * 3600_000))).toBeUndefined();
    expect(new SubscriberLinks('another-secret-long-enough-for-it').confirmedAddress(own, now)).toBeUndefined();
    // An unsubscribe token is no confirmation, nor the other way round.
    const stop = new URL(links.unsubscribeLink(SITE_ORIGIN, 'late@example.com')).searchParams.get('token')!;
    expect(links.confirmedAddress(stop, now)).toBeUndefined();
    expect(links.unsubscribedAddress(own)).toBeUndefined();
  });

  it('answers a known, a confirmed and an unknown address with the same bytes', async () => {
    sink = await startSmtpSink();
    server = await startSubscriptionServer(sink);
    await subscribeAndConfirm(server, sink, 'known@example.com');
    const raw = async (email: string) => {
      const response = await fetch(`${server!.url}/api/subscribers`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ email }),
      });
      const headers = [...response.headers.entries()].filter(([name]) => name !== 'date');
      return { status: response.status, headers, body: Buffer.from(await response.arrayBuffer()).toString('hex') };
    };
    const known = await raw('known@example.com');
    const unknown = await raw('stranger@example.com');
    expect(known.status).toBe(202);
    expect(unknown).toEqual(known);
    // A badly formed address is a 400 naming the problem, whoever asks.
    const bad = await subscribe(server, 'not-an-address');
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toContain('请输入有效的邮箱地址');
  });

  it('limits subscriptions per client with a 429, and is a 404 when mail is not configured', async () => {
    sink = await startSmtpSink();
    server = await startSubscriptionServer(sink);
    const statuses: number[] = [];
    for (let i = 0; i < 6; i += 1) statuses.push((await subscribe(server, `reader${i}@example.com`)).status);
    expect(statuses).toEqual([202, 202, 202, 202, 202, 429]);
    await server.close();
    server = await startSubscriptionServer(sink, { config: { mail: undefined } });
    const closed = await subscribe(server, 'reader@example.com');
    expect(closed.status).toBe(404);
    expect(closed.body.msg).toBe('本站未配置邮件，暂不能订阅');
  });
});

describe('new articles mailed to subscribers', () => {
  it('mails each confirmed subscriber once per article, never the unconfirmed, not for an edit, a republish or 不通知订阅者', async () => {
    sink = await startSmtpSink();
    server = await startSubscriptionServer(sink);
    const token = await server.login();
    await subscribeAndConfirm(server, sink, 'one@example.com');
    await subscribeAndConfirm(server, sink, 'two@example.com');
    await subscribe(server, 'waiting@example.com');

    const first = await createArticle(server, token, {
      title: '春天的花',
      summary: '一篇关于花的文章',
      cover: '/uploads/spring.jpg',
    });
    // Both mails, whichever the sink takes first: the outbox promises no order among them.
    await waitUntil(
      () => ['one@example.com', 'two@example.com'].every((address) => mailsTo(sink!, address, ARTICLE_SUBJECT).length === 1),
      'the article mails',
    );
    const [mail] = mailsTo(sink, 'one@example.com', ARTICLE_SUBJECT);
    expect(mail!.subject).toBe('新文章：春天的花');
    expect(mail!.text).toContain('一篇关于花的文章');
    expect(mail!.text).toContain(`${SITE_ORIGIN}/articles/${first.slug}`);
    expect(mail!.html).toContain(`<img src="${SITE_ORIGIN}/uploads/spring.jpg"`);
    const unsubscribe = linkIn(mail!, '/api/subscribers/unsubscribe');
    const headerLine = (key: string) => mail!.headerLines.find((line) => line.key === key)?.line ?? '';
    expect(headerLine('list-unsubscribe-post')).toBe('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
    expect(headerLine('list-unsubscribe').replace(/\s+/g, ' ')).toContain(`List-Unsubscribe: <${unsubscribe}>`);

    // An edit, a withdrawal and a new publication, 不通知订阅者 on a new one: no mail.
    await updateArticle(server, token, first.id, { title: '春天的花（修订）', content: '改过的正文' });
    await updateArticle(server, token, first.id, { status: 'draft' });
    await updateArticle(server, token, first.id, { status: 'published' });
    const quiet = await createArticle(server, token, { title: '悄悄发布', notify_subscribers: false });
    const detail = await apiClient(server.url)<EnvelopeBody>('GET', `/api/admin/articles/${quiet.id}`, { token });
    expect(detail.body.data).toMatchObject({ notify_subscribers: false, subscribers_notified_at: null });
    // A draft published later through the editor mails; so does the next article.
    const draft = await createArticle(server, token, { title: '草稿后发布', status: 'draft' });
    await updateArticle(server, token, draft.id, { status: 'published' });
    await createArticle(server, token, { title: '最后一篇' });
    await waitUntil(() => mailsTo(sink!, 'two@example.com', ARTICLE_SUBJECT).length === 3, 'the later article mails');
    await outboxEmptied(server);

    const subjects = (address: string) =>
      mailsTo(sink!, address, ARTICLE_SUBJECT)
        .map((each) => each.subject)
        .sort();
    expect(subjects('one@example.com')).toEqual(['新文章：春天的花', '新文章：最后一篇', '新文章：草稿后发布']);
    expect(subjects('two@example.com')).toEqual(subjects('one@example.com'));
    expect(mailsTo(sink, 'waiting@example.com', ARTICLE_SUBJECT)).toHaveLength(0);
  });

  it('mails a scheduled article once, when its schedule fires', async () => {
    sink = await startSmtpSink();
    server = await startSubscriptionServer(sink);
    const token = await server.login();
    await subscribeAndConfirm(server, sink, 'one@example.com');
    const publishAt = new Date(Date.now() + 1500).toISOString();
    const scheduled = await createArticle(server, token, { title: '定时发布', status: 'scheduled', publish_at: publishAt });
    expect(mailsTo(sink, 'one@example.com', ARTICLE_SUBJECT)).toHaveLength(0);
    await waitUntil(() => mailsTo(sink!, 'one@example.com', ARTICLE_SUBJECT).length === 1, 'the scheduled article mail');
    expect(mailsTo(sink, 'one@example.com', ARTICLE_SUBJECT)[0]!.subject).toBe('新文章：定时发布');
    const detail = await apiClient(server.url)<EnvelopeBody>('GET', `/api/admin/articles/${scheduled.id}`, { token });
    expect((detail.body.data as { status: string; subscribers_notified_at: string | null }).status).toBe('published');
    expect((detail.body.data as { subscribers_notified_at: string | null }).subscribers_notified_at).not.toBeNull();
    // A restart finds the mark: nothing is queued again.
    const dataDir = server.dataDir;
    await server.stop();
    server = await startSubscriptionServer(sink, { dataDir });
    await createArticle(server, await server.login(), { title: '重启之后' });
    await waitUntil(() => mailsTo(sink!, 'one@example.com', ARTICLE_SUBJECT).length === 2, 'the next article mail');
    await outboxEmptied(server);
    expect(mailsTo(sink, 'one@example.com', ARTICLE_SUBJECT).map((each) => each.subject)).toEqual([
      '新文章：定时发布',
      '新文章：重启之后',
    ]);
  });

  it('stops mailing a subscriber who follows the unsubscribe link, or whose mail client posts the one-click unsubscribe', async () => {
    sink = await startSmtpSink();
    server = await startSubscriptionServer(sink);
    const token = await server.login();
    await subscribeAndConfirm(server, sink, 'clicks@example.com');
    await subscribeAndConfirm(server, sink, 'oneclick@example.com');
    await subscribeAndConfirm(server, sink, 'stays@example.com');
    await createArticle(server, token, { title: '第一篇' });
    // Every subscriber's mail, whichever the sink takes first.
    await waitUntil(
      () =>
        ['stays@example.com', 'clicks@example.com', 'oneclick@example.com'].every(
          (address) => mailsTo(sink!, address, ARTICLE_SUBJECT).length === 1,
        ),
      'the first article mails',
    );

    const clicked = await fetch(
      onServer(server, linkIn(mailsTo(sink, 'clicks@example.com', ARTICLE_SUBJECT)[0]!, '/api/subscribers/unsubscribe')),
    );
    expect(clicked.status).toBe(200);
    expect(await clicked.text()).toContain('已退订');
    const posted = await fetch(
      onServer(server, linkIn(mailsTo(sink, 'oneclick@example.com', ARTICLE_SUBJECT)[0]!, '/api/subscribers/unsubscribe')),
      {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: 'List-Unsubscribe=One-Click',
      },
    );
    expect(posted.status).toBe(200);
    expect(((await posted.json()) as EnvelopeBody).msg).toContain('已退订');

    await createArticle(server, token, { title: '第二篇' });
    await waitUntil(() => mailsTo(sink!, 'stays@example.com', ARTICLE_SUBJECT).length === 2, 'the second article mail');
    await outboxEmptied(server);
    expect(mailsTo(sink, 'clicks@example.com', ARTICLE_SUBJECT)).toHaveLength(1);
    expect(mailsTo(sink, 'oneclick@example.com', ARTICLE_SUBJECT)).toHaveLength(1);
  });
});

describe('the admin list of subscribers', () => {
  it('exports a CSV with a header row, formulas defused, and removes one', async () => {
    sink = await startSmtpSink();
    server = await startSubscriptionServer(sink);
    const token = await server.login();
    await subscribeAndConfirm(server, sink, 'plain@example.com');
    await subscribe(server, '+cmd@example.com');
    await subscribe(server, '-sum@example.com');
    const api = apiClient(server.url);
    for (const request of [
      fetch(`${server.url}/api/admin/subscribers?format=csv`, { headers: { Authorization: `Bearer ${token}` } }),
      fetch(`${server.url}/api/admin/subscribers`, { headers: { Authorization: `Bearer ${token}`, Accept: 'text/csv' } }),
    ]) {
      const response = await request;
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toContain('text/csv');
      expect(response.headers.get('content-disposition')).toContain('attachment');
      const lines = (await response.text())
        .replace(/^\uFEFF/, '')
        .trimEnd()
        .split('\r\n');
      expect(lines[0]).toBe('email,created_at,confirmed,confirmed_at');
      expect(lines[1]).toMatch(/^"plain@example\.com","[^"]+",true,"[^"]+"$/);
      expect(lines[2]).toMatch(/^"'\+cmd@example\.com","[^"]+",false,""$/);
      expect(lines[3]).toMatch(/^"'-sum@example\.com",/);
    }
    // The statistics count the confirmed ones only.
    const today = new Date().toISOString().slice(0, 10);
    const stats = await api<EnvelopeBody>('GET', `/api/admin/stats?from=${today}&to=${today}`, { token });
    expect((stats.body.data as { subscribers: number }).subscribers).toBe(1);
    const unsigned = await fetch(`${server.url}/api/admin/subscribers?format=csv`);
    expect(unsigned.status).toBe(401);

    const listed = await api<EnvelopeBody>('GET', '/api/admin/subscribers', { token });
    const { subscribers, open } = listed.body.data as { subscribers: Array<{ id: number; email: string }>; open: boolean };
    expect(open).toBe(true);
    const plain = subscribers.find((each) => each.email === 'plain@example.com')!;
    expect((await api<EnvelopeBody>('DELETE', `/api/admin/subscribers/${plain.id}`, { token })).status).toBe(200);
    const again = await api<EnvelopeBody>('DELETE', `/api/admin/subscribers/${plain.id}`, { token });
    expect(again.status).toBe(404);
    expect(again.body.msg).toBe('订阅者不存在');
    await createArticle(server, token, { title: '移除之后' });
    await outboxEmptied(server);
    expect(mailsTo(sink, 'plain@example.com', ARTICLE_SUBJECT)).toHaveLength(0);
  });
});
