import { DEFAULT_MAIL_LIMITS } from '../../src/config.js';
import type { MailLimits, ServerConfig } from '../../src/config.js';
import type { CommentNoticeEvent, StoredComment } from '../../src/services/comment-notices.js';
import type { CommentRecord } from '../../src/store/records.js';
import { expect } from 'vitest';
import type { AdminMailStatus } from '@folio/shared';
import { apiClient, startTestServer } from '../../../tests/support/test-server.js';
import type { EnvelopeBody, TestServer } from '../../../tests/support/test-server.js';

export const OWNER_EMAIL = 'owner@example.com';
export const SITE_ORIGIN = 'https://blog.example.com';

/** Mail config for an SMTP server on loopback, with retries fast enough for a test. */
export function mailConfig(
  port: number,
  retry: Partial<NonNullable<ServerConfig['mail']>['retry']> = {},
  limits: Partial<MailLimits> = {},
): ServerConfig['mail'] {
  return {
    smtpUrl: `smtp://127.0.0.1:${port}`,
    from: 'Folio 博客 <blog@example.com>',
    ownerEmail: OWNER_EMAIL,
    retry: { firstDelayMs: 100, maxDelayMs: 400, giveUpAfterMs: 60_000, ...retry },
    limits: { ...DEFAULT_MAIL_LIMITS, ...limits },
  };
}

export function startMailServer(
  port: number,
  retry?: Parameters<typeof mailConfig>[1],
  limits?: Parameters<typeof mailConfig>[2],
): Promise<TestServer> {
  return startTestServer({ config: { mail: mailConfig(port, retry, limits) } });
}

let nextId = 100;

export function buildComment(fields: Partial<CommentRecord> = {}): CommentRecord {
  nextId += 1;
  return {
    id: nextId,
    article_id: 7,
    author: '张三',
    email: '',
    content: '写得很好',
    ip_address: '127.0.0.1',
    user_agent: 'test',
    created_at: new Date().toISOString(),
    parent_id: null,
    is_owner: false,
    status: 'published',
    ...fields,
  };
}

export function storedComment(comment: CommentRecord, parent?: CommentRecord): StoredComment {
  return { comment, parent, articleTitle: '春天的花', siteOrigin: SITE_ORIGIN };
}

/**
 * Stores the event's comment and queues its notices in the same store commit, as the comments
 * service does; `storeComment: false` queues them for a comment that is not stored (what a kill
 * between the outbox's write and the comment's leaves).
 */
export async function queueNotice(server: TestServer, event: CommentNoticeEvent, { storeComment = true } = {}): Promise<void> {
  const { notices } = server.app.context.services.mail;
  await server.app.store.mutate(['comments', ...notices.collections], (state) => {
    if (storeComment) state.comments.put(event.stored.comment);
    notices.queue(state, event);
  });
}

/** Marks `address` as confirmed by its owner, as following the link of its confirmation mail does. */
export async function confirmAddress(server: TestServer, address: string): Promise<void> {
  await server.app.store.mutate(['mail'], (state) => state.mail.confirm(address.trim().toLowerCase()));
}

/** The admin's view of the outbox (server/API.md §E13.1), read with a fresh sign-in. */
export async function mailStatus(target: TestServer): Promise<AdminMailStatus> {
  const token = await target.login();
  const response = await apiClient(target.url)<EnvelopeBody>('GET', '/api/admin/mail', { token });
  expect(response.status).toBe(200);
  return response.body.data as AdminMailStatus;
}
