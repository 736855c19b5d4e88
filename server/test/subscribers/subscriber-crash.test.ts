import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { apiClient, login } from '../../../tests/support/test-server.js';
import type { EnvelopeBody } from '../../../tests/support/test-server.js';
import { PROCESS_ADMIN_PASSWORD, spawnServer, stopServer } from '../support/server-process.js';
import type { ServerProcess } from '../support/server-process.js';
import { SITE_ORIGIN } from '../mail/mail-fixtures.js';
import { startSmtpSink } from '../mail/smtp-sink.js';
import type { SmtpSink } from '../mail/smtp-sink.js';
import { linkIn, mailsTo, waitUntil } from './subscriber-fixtures.js';

let dataDir: string;
let server: ServerProcess | undefined;
let sink: SmtpSink | undefined;

afterEach(async () => {
  await stopServer(server);
  await sink?.close();
  server = undefined;
  sink = undefined;
  await rm(dataDir, { recursive: true, force: true });
});

/** How many mails the outbox log on disk still holds (put and not deleted). */
async function mailsOnDisk(): Promise<number> {
  const text = await readFile(path.join(dataDir, 'mail', 'outbox.log'), 'utf8');
  const ids = new Set<string>();
  for (const line of text.split('\n')) {
    let parsed: { put?: { id: string }; delete?: string };
    try {
      parsed = JSON.parse(line) as typeof parsed;
    } catch {
      continue;
    }
    if (parsed.put) ids.add(parsed.put.id);
    if (parsed.delete) ids.delete(parsed.delete);
  }
  return ids.size;
}

const READERS = ['r1@example.com', 'r2@example.com', 'r3@example.com', 'r4@example.com', 'r5@example.com'];

it('goes on after a SIGKILL mid-send without queueing the article again', { timeout: 90_000 }, async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'folio-subscriber-crash-'));
  sink = await startSmtpSink();
  const env = {
    SMTP_URL: `smtp://127.0.0.1:${sink.port}`,
    MAIL_FROM: 'blog@example.com',
    PUBLIC_URL: SITE_ORIGIN,
    // One mail every 200 ms: the kill lands while most of them still wait.
    SUBSCRIBER_MAILS_PER_MINUTE: '300',
  };
  server = await spawnServer({ dataDir, env });
  const api = apiClient(server.url);
  for (const reader of READERS) {
    expect((await api('POST', '/api/subscribers', { json: { email: reader } })).status).toBe(202);
  }
  await sink.waitForMails(READERS.length, 20_000);
  for (const reader of READERS) {
    const confirm = await fetch(linkIn(mailsTo(sink, reader)[0]!, '/api/subscribers/confirm').replace(SITE_ORIGIN, server.url));
    expect(confirm.status).toBe(200);
  }
  const token = await login(server.url, { password: PROCESS_ADMIN_PASSWORD });
  const created = await api<EnvelopeBody>('POST', '/api/admin/articles', {
    token,
    json: { title: '断电中的群发', content: '正文', category: '', tags: [], summary: '', cover: '', status: 'published' },
  });
  expect(created.status).toBe(201);
  const articleMails = () => sink!.mails.filter((mail) => mail.subject === '新文章：断电中的群发');
  await waitUntil(() => articleMails().length >= 2, 'the first article mails', 20_000);
  await stopServer(server, 'SIGKILL');
  expect(articleMails().length).toBeLessThan(READERS.length);

  server = await spawnServer({ dataDir, env });
  await waitUntil(
    () =>
      new Set(
        articleMails().flatMap((mail) => (mail.to && !Array.isArray(mail.to) ? mail.to.value.map((entry) => entry.address) : [])),
      ).size === READERS.length,
    'every reader mailed',
    30_000,
  );
  await waitUntil(async () => (await mailsOnDisk()) === 0, 'the outbox to empty', 30_000);
  await stopServer(server, 'SIGTERM');

  // Every reader got the article, each message once: only a mail the SMTP server took in the
  // instant before the kill, before its removal was written, may come again, with the same Message-ID.
  const ids = articleMails().map((mail) => mail.messageId);
  expect(new Set(ids).size).toBe(READERS.length);
  expect(ids.length).toBeLessThanOrEqual(READERS.length + 1);
});
