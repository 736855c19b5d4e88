import { appendFile, mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import type { MailRecord } from '../../src/store/mail-outbox.repository.js';
import { Store } from '../../src/store/store.js';

let dataDir: string;
const logPath = () => path.join(dataDir, 'mail', 'outbox.log');

beforeEach(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'folio-mail-log-'));
});
afterEach(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

let serial = 0;
function buildMail(fields: Partial<MailRecord> = {}): MailRecord {
  serial += 1;
  return {
    id: `00000000-0000-4000-8000-${String(serial).padStart(12, '0')}`,
    comment_id: serial,
    comment_created_at: new Date(0).toISOString(),
    kind: 'owner',
    to: 'owner@example.com',
    subject: '《标题》有新评论',
    text: '正文'.repeat(200),
    unsubscribe_url: null,
    created_at: new Date().toISOString(),
    attempts: 0,
    sending_since: null,
    last_error: null,
    gave_up_at: null,
    ...fields,
  };
}

it('reads the outbox back after a restart, leaving out a last line torn by a kill, and appends after it', async () => {
  let store = await Store.open(dataDir);
  const kept = buildMail();
  await store.mutate(['mail'], (state) => {
    state.mail.put(kept);
    state.mail.unsubscribe('reader@example.com');
  });
  await appendFile(logPath(), '{"put":{"id":"torn');
  store = await Store.open(dataDir);
  expect(store.state.mail.all()).toEqual([kept]);
  expect(store.state.mail.isUnsubscribed('reader@example.com')).toBe(true);

  const next = buildMail();
  await store.mutate(['mail'], (state) => state.mail.put(next));
  expect((await readFile(logPath(), 'utf8')).includes('torn')).toBe(false);
  store = await Store.open(dataDir);
  expect(store.state.mail.all().map((mail) => mail.id)).toEqual([kept.id, next.id]);
});

it('rewrites the log with only what still counts once sent mails make up most of it', async () => {
  const store = await Store.open(dataDir);
  const waiting = buildMail();
  await store.mutate(['mail'], (state) => state.mail.put(waiting));
  for (let round = 0; round < 60; round += 1) {
    const sent = buildMail();
    await store.mutate(['mail'], (state) => state.mail.put(sent));
    await store.mutate(['mail'], (state) => state.mail.delete(sent.id));
  }
  // 60 mails of about 1.3 KB each went through; only one waits.
  expect((await stat(logPath())).size).toBeLessThan(64 * 1024);
  const reopened = await Store.open(dataDir);
  expect(reopened.state.mail.all()).toEqual([waiting]);
});

it('refuses to start on a damaged line before the last, and leaves the lines after it untouched', async () => {
  const store = await Store.open(dataDir);
  const first = buildMail();
  await store.mutate(['mail'], (state) => state.mail.put(first));
  await appendFile(logPath(), '{"put":{"id":"damaged\n');
  const later = buildMail();
  // What followed the damage before this version: lines that the next append would have cut off.
  await appendFile(logPath(), `${JSON.stringify({ put: later })}\n${JSON.stringify({ unsubscribe: 'reader@example.com' })}\n`);
  const onDisk = await readFile(logPath(), 'utf8');

  await expect(Store.open(dataDir)).rejects.toThrow(/mail\/outbox\.log is damaged: the line at byte \d+ is not an outbox entry/);
  expect(await readFile(logPath(), 'utf8')).toBe(onDisk);
});

it('drops only a torn last line that ends in a newline, whose middle never reached the disk', async () => {
  let store = await Store.open(dataDir);
  const kept = buildMail();
  await store.mutate(['mail'], (state) => state.mail.put(kept));
  await appendFile(logPath(), '{"put":{"id":"\0\0\0\0\n');
  store = await Store.open(dataDir);
  expect(store.state.mail.all()).toEqual([kept]);
});
