import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { buildConfig } from '../../src/config.js';
import { createLogger } from '../../src/logger.js';
import { MailService } from '../../src/services/mail/mail.service.js';
import type { MailTransport } from '../../src/services/mail/smtp-transport.js';
import { SubscriberLinks } from '../../src/services/mail/unsubscribe-links.js';
import { SubscriberNotices } from '../../src/services/subscribers/subscriber-notices.js';
import { ArticlesRepository } from '../../src/store/articles.repository.js';
import type { MailRecord } from '../../src/store/mail-outbox.repository.js';
import { Store } from '../../src/store/store.js';
import { SubscribersRepository } from '../../src/store/subscribers.repository.js';
import { mailConfig, SITE_ORIGIN } from '../mail/mail-fixtures.js';
import { waitUntil } from './subscriber-fixtures.js';

let dataDir: string;
let mail: MailService | undefined;

afterEach(async () => {
  await mail?.stop();
  mail = undefined;
  await rm(dataDir, { recursive: true, force: true });
});

it('keeps the pace of subscriber mail when many are overdue at once, as after a stop', { timeout: 30_000 }, async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'folio-subscriber-pace-'));
  const store = await Store.open(dataDir);
  // 60 a minute: one a second by the sender's clock, which only this test moves.
  const config = buildConfig({ dataDir, publicUrl: SITE_ORIGIN, mail: mailConfig(1, {}, { subscriberMailsPerMinute: 60 }) });
  let now = Date.parse('2026-05-01T08:00:00Z');
  const sent: Array<{ to: string; at: number }> = [];
  const transport: MailTransport = {
    send: (record: MailRecord) => {
      sent.push({ to: record.to, at: now });
      return Promise.resolve();
    },
    verify: () => Promise.resolve(),
    close: () => undefined,
  };
  mail = new MailService(
    config,
    store,
    'a-secret-long-enough-for-this-test',
    createLogger('silent'),
    transport,
    () => new Date(now),
  );

  // Three confirmed subscribers, and an article published ten minutes before the sender starts.
  await store.mutate(['subscribers'], (state) => {
    for (const address of ['a@example.com', 'b@example.com', 'c@example.com']) {
      SubscribersRepository.add(state, address, new Date(now - 3600_000)).confirmed_at = new Date(now - 3600_000).toISOString();
    }
  });
  const articles = new ArticlesRepository(store);
  articles.announceWith(
    new SubscriberNotices({
      siteOrigin: SITE_ORIGIN,
      links: new SubscriberLinks('a-secret-long-enough-for-this-test'),
      factsOf: (article) => ({ title: article.title, excerpt: '', cover: '', url: `${SITE_ORIGIN}/articles/${article.slug}` }),
      perMinute: 60,
      onQueued: () => undefined,
      clock: () => new Date(now - 600_000),
    }),
  );
  await articles.create({
    title: '停机时发布',
    content: '正文',
    category: '',
    tags: [],
    summary: '',
    cover: '',
    status: 'published',
    announce: true,
  });
  expect(store.state.mail.all().filter((record) => record.kind === 'article')).toHaveLength(3);

  mail.start();
  await waitUntil(() => sent.length === 1, 'the first mail');
  // All three are overdue by their send_after; the second still waits for its second.
  await new Promise((resolve) => setTimeout(resolve, 1500));
  expect(sent).toHaveLength(1);
  now += 1000;
  await waitUntil(() => sent.length === 2, 'the second mail');
  now += 1000;
  await waitUntil(() => sent.length === 3, 'the third mail');
  expect(sent.map((each) => each.at - sent[0]!.at)).toEqual([0, 1000, 2000]);
  expect(sent.map((each) => each.to).sort()).toEqual(['a@example.com', 'b@example.com', 'c@example.com']);
  await mail.stop();
  mail = undefined;
  await store.flush();
});
