import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import type { AddressInfo, Socket } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { apiClient, login } from '../../../tests/support/test-server.js';
import type { EnvelopeBody } from '../../../tests/support/test-server.js';
import { PROCESS_ADMIN_PASSWORD, spawnServer, stopServer } from '../support/server-process.js';
import type { ServerProcess } from '../support/server-process.js';
import { OWNER_EMAIL } from './mail-fixtures.js';
import { closedPort, recipientsOf, startSmtpSink } from './smtp-sink.js';
import type { SmtpSink } from './smtp-sink.js';

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

/** The mails the outbox log on disk still holds (put and not deleted), by id. */
async function mailsOnDisk(): Promise<string[]> {
  const text = await readFile(path.join(dataDir, 'mail', 'outbox.log'), 'utf8');
  const ids = new Set<string>();
  for (const line of text.split('\n')) {
    // The last line may be torn by the kill: the store leaves it out too.
    let parsed: { put?: { id: string }; delete?: string };
    try {
      parsed = JSON.parse(line) as typeof parsed;
    } catch {
      continue;
    }
    if (parsed.put) ids.add(parsed.put.id);
    if (parsed.delete) ids.delete(parsed.delete);
  }
  return [...ids];
}

it('delivers a mail queued before a SIGKILL once after the restart', { timeout: 60_000 }, async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'folio-mail-crash-'));
  const port = await closedPort();
  const env = {
    SMTP_URL: `smtp://127.0.0.1:${port}`,
    MAIL_FROM: 'blog@example.com',
    OWNER_EMAIL,
    PUBLIC_URL: 'https://blog.example.com',
  };
  server = await spawnServer({ dataDir, env });
  const api = apiClient(server.url);
  const token = await login(server.url, { password: PROCESS_ADMIN_PASSWORD });
  const created = await api<EnvelopeBody>('POST', '/api/admin/articles', {
    token,
    json: { title: '断电之前', content: '正文', category: '', tags: [], summary: '', cover: '', status: 'published' },
  });
  expect(created.status).toBe(201);
  const posted = await api('POST', `/api/articles/${created.body.id as number}/comments`, {
    json: { author: '读者', email: '', content: '在崩溃之前留言' },
  });
  expect(posted.status).toBe(201);
  // Killed with the mail queued, SMTP down, whether or not the sender had tried it yet.
  await stopServer(server, 'SIGKILL');
  const queued = await mailsOnDisk();
  expect(queued).toHaveLength(1);

  sink = await startSmtpSink(port);
  server = await spawnServer({ dataDir, env });
  const [mail] = await sink.waitForMails(1, 20_000);
  expect(recipientsOf(mail!)).toEqual([OWNER_EMAIL]);
  expect(mail!.text).toContain('在崩溃之前留言');
  expect(mail!.messageId).toBe(`<${queued[0]}@example.com>`);
  for (let tries = 0; (await mailsOnDisk()).length > 0; tries += 1) {
    if (tries > 200) throw new Error('the sent mail stayed in the outbox');
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  await new Promise((resolve) => setTimeout(resolve, 500));
  expect(sink.mails).toHaveLength(1);
});

it(
  'on SIGTERM cuts off a mail a silent SMTP server holds, keeping it queued for the next start',
  { timeout: 60_000 },
  async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'folio-mail-silent-'));
    // Takes the connection and never says a word: nodemailer waits for its greeting.
    const connected: Socket[] = [];
    const silent = createServer((socket) => connected.push(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    try {
      server = await spawnServer({
        dataDir,
        env: {
          SMTP_URL: `smtp://127.0.0.1:${(silent.address() as AddressInfo).port}`,
          MAIL_FROM: 'blog@example.com',
          OWNER_EMAIL,
          PUBLIC_URL: 'https://blog.example.com',
        },
      });
      const api = apiClient(server.url);
      const token = await login(server.url, { password: PROCESS_ADMIN_PASSWORD });
      const created = await api<EnvelopeBody>('POST', '/api/admin/articles', {
        token,
        json: { title: '无声的服务器', content: '正文', category: '', tags: [], summary: '', cover: '', status: 'published' },
      });
      const posted = await api('POST', `/api/articles/${created.body.id as number}/comments`, {
        json: { author: '读者', email: '', content: '等不到回音' },
      });
      expect(posted.status).toBe(201);
      for (let tries = 0; connected.length === 0; tries += 1) {
        if (tries > 400) throw new Error('the sender never connected to the SMTP server');
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
      server.child.kill('SIGTERM');
      const { code } = await server.exited;
      expect(code).toBe(0);
      // The sender gave up waiting for the silent server instead of waiting out its greeting, and
      // the mail it was sending stays in the outbox for the next start.
      expect(server.output()).toContain('is cut off and stays queued for the next start');
      expect(await mailsOnDisk()).toHaveLength(1);
    } finally {
      for (const socket of connected) socket.destroy();
      await new Promise((resolve) => silent.close(resolve));
    }
  },
);
