import { expect } from 'vitest';
import type { ParsedMail } from 'mailparser';
import { apiClient, startTestServer } from '../../../tests/support/test-server.js';
import type { ApiResponse, EnvelopeBody, StartOptions, TestServer } from '../../../tests/support/test-server.js';
import { mailConfig, SITE_ORIGIN } from '../mail/mail-fixtures.js';
import { recipientsOf } from '../mail/smtp-sink.js';
import type { SmtpSink } from '../mail/smtp-sink.js';

/** A server whose mail goes to `sink`, links on SITE_ORIGIN, subscriber mails paced fast enough for a test. */
export function startSubscriptionServer(sink: SmtpSink, options: StartOptions = {}): Promise<TestServer> {
  const mail = mailConfig(sink.port, {}, { subscriberMailsPerMinute: 6000 });
  return startTestServer({ ...options, config: { publicUrl: SITE_ORIGIN, mail, ...options.config } });
}

/** A link mailed on SITE_ORIGIN, made to reach the test server instead. */
export const onServer = (server: TestServer, link: string): string => link.replace(SITE_ORIGIN, server.url);

/** The first link of a mail's text that starts with `prefix` (on SITE_ORIGIN). */
export function linkIn(mail: ParsedMail, path: string): string {
  const match = new RegExp(`${SITE_ORIGIN.replace(/[.]/g, '\\.')}${path}\\?token=[A-Za-z0-9_.-]+`).exec(mail.text ?? '');
  if (!match) throw new Error(`no ${path} link in: ${mail.text ?? ''}`);
  return match[0];
}

export const mailsTo = (sink: SmtpSink, address: string, subject?: RegExp): ParsedMail[] =>
  sink.mails.filter((mail) => recipientsOf(mail).includes(address) && (!subject || subject.test(mail.subject ?? '')));

export async function subscribe(server: TestServer, email: string): Promise<ApiResponse<EnvelopeBody>> {
  return apiClient(server.url)<EnvelopeBody>('POST', '/api/subscribers', { json: { email } });
}

/** Subscribes `email`, waits for its confirmation mail and follows its link: a confirmed subscriber. */
export async function subscribeAndConfirm(server: TestServer, sink: SmtpSink, email: string): Promise<void> {
  const before = mailsTo(sink, email).length;
  expect((await subscribe(server, email)).status).toBe(202);
  await waitUntil(() => mailsTo(sink, email).length > before, `the confirmation mail to ${email}`);
  const confirm = await fetch(onServer(server, linkIn(mailsTo(sink, email).at(-1)!, '/api/subscribers/confirm')));
  expect(confirm.status).toBe(200);
  expect(await confirm.text()).toContain('订阅成功');
}

export async function waitUntil(check: () => boolean | Promise<boolean>, what: string, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** Mails still in the outbox (queued, not yet sent or given up). */
export const outboxLength = (server: TestServer): number => server.app.context.services.mail.status().queued;

/** Waits until the outbox is empty: everything queued so far was handed to the SMTP server (or dropped as unwanted). */
export const outboxEmptied = (server: TestServer) => waitUntil(() => outboxLength(server) === 0, 'the outbox to empty');

export interface ArticleFieldsForTest {
  title: string;
  status?: 'draft' | 'scheduled' | 'published';
  publish_at?: string;
  notify_subscribers?: boolean;
  cover?: string;
  summary?: string;
}

/** Creates an article through the admin API, as the editor's 发布 does. */
export async function createArticle(
  server: TestServer,
  token: string,
  fields: ArticleFieldsForTest,
): Promise<{ id: number; slug: string }> {
  const response = await apiClient(server.url)<EnvelopeBody>('POST', '/api/admin/articles', {
    token,
    json: { content: `${fields.title}的正文，第一段。`, category: '', tags: [], summary: '', cover: '', ...fields },
  });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  const data = response.body.data as { id: number; slug: string };
  return { id: data.id, slug: data.slug };
}

export async function updateArticle(
  server: TestServer,
  token: string,
  id: number,
  fields: Record<string, unknown>,
): Promise<EnvelopeBody> {
  const response = await apiClient(server.url)<EnvelopeBody>('PUT', `/api/admin/articles/${id}`, { token, json: fields });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body;
}
