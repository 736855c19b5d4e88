import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RATE_LIMITS } from '@folio/shared';
import { ADMIN_PASSWORD, ADMIN_USERNAME, startSignedIn } from '../../../tests/support/test-server.js';
import type { EnvelopeBody, StartOptions } from '../../../tests/support/test-server.js';
import { createArticle, postComment } from '../routes/articles.fixtures.js';
import type { SignedIn } from '../routes/articles.fixtures.js';

/**
 * Behind a proxy (TRUST_PROXY) the client address comes from `X-Forwarded-For`. A proxy set up
 * as the README's nginx appends the address it saw to whatever the client sent, so only the
 * entries the trusted proxies wrote, counted from the end, can be believed: a client that writes
 * its own first entry must not escape the login lockout or the comment limits, nor choose the
 * address stored with its comment.
 */

const COMMENTS_PER_MINUTE = 3;
const PROXY_SEEN_ADDRESS = '198.51.100.20';

/** What the client wrote itself, then what the proxy appended. */
const forwardedFor = (forged: string, appended = PROXY_SEEN_ADDRESS) => ({ 'X-Forwarded-For': `${forged}, ${appended}` });

function useProxiedServer(config: StartOptions['config']): () => SignedIn {
  let started: SignedIn | undefined;
  beforeAll(async () => {
    started = await startSignedIn({ config: { trustProxy: true, ...config } });
  });
  afterAll(() => started?.server.close());
  return () => {
    if (!started) throw new Error('the server has not started');
    return started;
  };
}

const storedAddresses = async ({ api, token }: SignedIn, articleId: number): Promise<string[]> => {
  const list = await api<EnvelopeBody>('GET', `/api/admin/comments?article_id=${articleId}`, { token });
  return (list.body.data as { comments: { ip_address: string }[] }).comments.map((comment) => comment.ip_address);
};

describe('client address behind one trusted proxy', () => {
  const started = useProxiedServer({ commentRateLimits: { perMinute: COMMENTS_PER_MINUTE, perHour: 100 } });

  it('locks sign-in out although every guess forges another first X-Forwarded-For entry', async () => {
    const { api } = started();
    const guess = (forged: string, password: string, appended?: string) =>
      api('POST', '/api/admin/login', { json: { username: ADMIN_USERNAME, password }, headers: forwardedFor(forged, appended) });

    for (let attempt = 0; attempt < RATE_LIMITS.loginFailures.max; attempt += 1) {
      expect((await guess(`10.66.${attempt}.1`, 'wrong password')).status).toBe(401);
    }
    const locked = await guess('10.66.99.1', ADMIN_PASSWORD);
    expect(locked.status).toBe(429);
    // The lockout is this client's, not everyone's behind the proxy.
    expect((await guess('10.66.99.1', ADMIN_PASSWORD, '198.51.100.21')).status).toBe(200);
  });

  it('holds the comment limit across forged first entries and stores the address the proxy appended', async () => {
    const { api, token } = started();
    const articleId = await createArticle(api, token);
    for (let comment = 0; comment < COMMENTS_PER_MINUTE; comment += 1) {
      expect((await postComment(api, articleId, {}, forwardedFor(`10.66.${comment}.1`))).status).toBe(201);
    }
    expect((await postComment(api, articleId, {}, forwardedFor('10.66.200.1'))).status).toBe(429);
    expect(await storedAddresses(started(), articleId)).toEqual(Array(COMMENTS_PER_MINUTE).fill(PROXY_SEEN_ADDRESS));
  });
});

describe('client address behind two trusted proxies (TRUST_PROXY_HOPS=2)', () => {
  const started = useProxiedServer({ trustProxyHops: 2 });

  it('is the entry the outer proxy appended, not one the client wrote', async () => {
    const { api, token } = started();
    const articleId = await createArticle(api, token);
    // A CDN appended the visitor's address, then nginx appended the CDN's.
    const headers = { 'X-Forwarded-For': '10.66.1.1, 203.0.113.9, 192.0.2.50' };
    expect((await postComment(api, articleId, {}, headers)).status).toBe(201);
    expect(await storedAddresses(started(), articleId)).toEqual(['203.0.113.9']);
  });
});

describe('client address that is not an IP address', () => {
  const started = useProxiedServer({ commentRateLimits: { perMinute: 100, perHour: 100 } });

  it('is never stored: a forged X-Forwarded-For that is not an address gives way to the connection’s', async () => {
    const { api, token } = started();
    const articleId = await createArticle(api, token);
    // The last entry is the one believed with one proxy; here a client wrote all of it.
    const forged = ['<script>', '1.2.3.4, evil', '203.0.113.5:8080', '', '999.1.1.1'];
    for (const header of forged) {
      const headers = header === '' ? { 'X-Forwarded-For': ' , ' } : { 'X-Forwarded-For': header };
      expect((await postComment(api, articleId, {}, headers)).status, header).toBe(201);
    }
    const stored = await storedAddresses(started(), articleId);
    expect(stored).toHaveLength(forged.length);
    for (const address of stored) expect(address).toMatch(/^(::ffff:)?127\.0\.0\.1$|^::1$/);
  });
});
