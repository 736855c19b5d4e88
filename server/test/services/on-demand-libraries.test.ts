import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { apiClient, login } from '../../../tests/support/test-server.js';
import type { EnvelopeBody } from '../../../tests/support/test-server.js';
import { buildImage, imageForm } from '../fixtures/images.js';
import { OWNER_EMAIL } from '../mail/mail-fixtures.js';
import { startSmtpSink } from '../mail/smtp-sink.js';
import type { SmtpSink } from '../mail/smtp-sink.js';
import { PROCESS_ADMIN_PASSWORD, spawnServer, stopServer } from '../support/server-process.js';
import type { ServerProcess } from '../support/server-process.js';

/**
 * Module hooks for the server process: every module it resolves, by URL, one a line in a file.
 * Passed as data: URLs in NODE_OPTIONS, so the real server entry runs unchanged.
 */
function moduleLogOptions(logFile: string): string {
  const hooks = `import { appendFileSync } from 'node:fs';
    let logFile;
    export function initialize(data) { logFile = data.logFile; }
    export async function resolve(specifier, context, next) {
      const resolved = await next(specifier, context);
      appendFileSync(logFile, resolved.url + '\\n');
      return resolved;
    }`;
  const registration = `import { register } from 'node:module';
    register(${JSON.stringify(`data:text/javascript,${encodeURIComponent(hooks)}`)}, { data: { logFile: ${JSON.stringify(logFile)} } });`;
  return `--import=data:text/javascript,${encodeURIComponent(registration)}`;
}

let dataDir: string;
let logFile: string;
let server: ServerProcess | undefined;
let sink: SmtpSink | undefined;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'folio-on-demand-'));
  logFile = path.join(dataDir, 'modules.log');
  sink = await startSmtpSink();
  server = await spawnServer({
    dataDir,
    env: {
      NODE_OPTIONS: moduleLogOptions(logFile),
      SMTP_URL: `smtp://127.0.0.1:${sink.port}`,
      MAIL_FROM: 'blog@example.com',
      OWNER_EMAIL,
      PUBLIC_URL: 'https://blog.example.com',
    },
    startTimeoutMs: 60_000,
  });
}, 90_000);
afterAll(async () => {
  await stopServer(server, 'SIGTERM');
  await sink?.close();
  await rm(dataDir, { recursive: true, force: true });
});

/** Which of the two libraries the server process has loaded so far. */
async function loadedLibraries(): Promise<{ sharp: boolean; nodemailer: boolean }> {
  const modules = await readFile(logFile, 'utf8');
  return { sharp: /\/node_modules\/sharp\//u.test(modules), nodemailer: /\/node_modules\/nodemailer\//u.test(modules) };
}

it('starts without the image and mail libraries, and loads each at its first use', { timeout: 60_000 }, async () => {
  const url = server?.url ?? '';
  expect((await fetch(`${url}/`)).status).toBe(200);
  const token = await login(url, { password: PROCESS_ADMIN_PASSWORD });
  const api = apiClient(url);
  const created = await api<EnvelopeBody>('POST', '/api/admin/articles', {
    token,
    json: { title: '按需加载', content: '正文', category: '', tags: [], summary: '', cover: '', status: 'published' },
  });
  expect(created.status).toBe(201);
  // Served pages, a sign-in and a save, with mail configured: neither library yet.
  expect(await loadedLibraries()).toEqual({ sharp: false, nodemailer: false });

  const uploaded = await api<EnvelopeBody>('POST', '/api/admin/avatars', { token, body: imageForm(buildImage('png')) });
  expect(uploaded.status).toBe(201);
  expect(await loadedLibraries()).toEqual({ sharp: true, nodemailer: false });

  const posted = await api('POST', `/api/articles/${created.body.id as number}/comments`, {
    json: { author: '读者', email: '', content: '第一封邮件' },
  });
  expect(posted.status).toBe(201);
  await sink?.waitForMails(1, 20_000);
  expect(await loadedLibraries()).toEqual({ sharp: true, nodemailer: true });
});
