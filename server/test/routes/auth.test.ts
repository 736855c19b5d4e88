import { randomUUID } from 'node:crypto';
import { mkdtemp, readFile, readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import jwt from 'jsonwebtoken';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../src/app.js';
import type { FolioApp } from '../../src/app.js';
import { buildConfig } from '../../src/config.js';
import type { Logger } from '../../src/logger.js';
import { ADMIN_PASSWORD, ADMIN_USERNAME, JWT_SECRET, apiClient, startTestServer } from '../../../tests/support/test-server.js';
import type { EnvelopeBody, TestServer } from '../../../tests/support/test-server.js';

const HOUR_MS = 60 * 60 * 1000;

/** Each test signs in from its own client address (TRUST_PROXY on), so lockouts never leak between tests. */
let nextAddress = 1;
const freshAddress = () => ({ 'X-Forwarded-For': `203.0.113.${nextAddress++}` });

describe('login, verify and logout', () => {
  let server: TestServer;
  let api: ReturnType<typeof apiClient>;

  beforeAll(async () => {
    server = await startTestServer({ config: { trustProxy: true } });
    api = apiClient(server.url);
  });
  afterAll(() => server.close());

  const login = (json: unknown, headers: Record<string, string> = freshAddress()) =>
    api<EnvelopeBody>('POST', '/api/admin/login', { json, headers });

  it('signs in with a 24 h token, also given at the top level for the original client', async () => {
    const before = Date.now();
    const response = await login({ username: ADMIN_USERNAME, password: ADMIN_PASSWORD });
    expect(response.status).toBe(200);
    const data = response.body.data as { token: string; expires_at: string; remember: boolean };
    expect(response.body).toMatchObject({ code: 0, msg: '登录成功' });
    expect(response.body.token).toBe(data.token);
    expect(data.token.length).toBeGreaterThan(0);
    expect(data.token.length).toBeLessThanOrEqual(512);
    expect(data.remember).toBe(false);
    expect(data.expires_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
    const lifetime = Date.parse(data.expires_at) - before;
    expect(lifetime).toBeGreaterThan(24 * HOUR_MS - 60_000);
    expect(lifetime).toBeLessThanOrEqual(24 * HOUR_MS + 60_000);

    const verified = await api<EnvelopeBody>('GET', '/api/admin/verify', { token: data.token });
    expect(verified.status).toBe(200);
    expect(verified.body).toEqual({
      code: 0,
      msg: 'Token有效',
      data: { valid: true, username: ADMIN_USERNAME, expires_at: data.expires_at },
    });
  });

  it('signs in for 7 days with remember', async () => {
    const before = Date.now();
    const response = await login({ username: ADMIN_USERNAME, password: ADMIN_PASSWORD, remember: true });
    const data = response.body.data as { expires_at: string; remember: boolean };
    expect(data.remember).toBe(true);
    const lifetime = Date.parse(data.expires_at) - before;
    expect(lifetime).toBeGreaterThan(7 * 24 * HOUR_MS - 60_000);
    expect(lifetime).toBeLessThanOrEqual(7 * 24 * HOUR_MS + 60_000);
  });

  it('rejects a wrong username or password with 401 and the same message', async () => {
    for (const json of [
      { username: ADMIN_USERNAME, password: 'wrong password' },
      { username: 'root', password: ADMIN_PASSWORD },
      { username: 'ADMIN', password: ADMIN_PASSWORD },
    ]) {
      const response = await login(json);
      expect(response.status).toBe(401);
      expect(response.body).toEqual({ code: 1, msg: '用户名或密码错误', error: 'unauthorized', data: null });
    }
  });

  it('rejects missing credentials with 400 用户名和密码不能为空', async () => {
    for (const json of [
      {},
      { username: ADMIN_USERNAME },
      { password: ADMIN_PASSWORD },
      { username: '   ', password: ADMIN_PASSWORD },
      { username: ADMIN_USERNAME, password: '' },
    ]) {
      const response = await login(json);
      expect(response.status, JSON.stringify(json)).toBe(400);
      expect(response.body).toMatchObject({ code: 1, msg: '用户名和密码不能为空' });
    }
  });

  it('locks an address out after 5 failures, even for the right password, with Retry-After', async () => {
    const address = freshAddress();
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      expect((await login({ username: ADMIN_USERNAME, password: `wrong-${attempt}` }, address)).status).toBe(401);
    }
    const locked = await login({ username: ADMIN_USERNAME, password: ADMIN_PASSWORD }, address);
    expect(locked.status).toBe(429);
    expect(locked.body).toMatchObject({ code: 1, msg: '登录失败次数过多，请15分钟后再试', error: 'rate_limited' });
    const retryAfter = Number(locked.headers.get('Retry-After'));
    expect(retryAfter).toBeGreaterThan(14 * 60);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);
    expect((locked.body.data as { retry_after: number }).retry_after).toBe(retryAfter);

    // The lock is per address: the owner can still sign in from elsewhere.
    expect((await login({ username: ADMIN_USERNAME, password: ADMIN_PASSWORD })).status).toBe(200);
  });

  it('allows no more than 5 guesses from one address even when they arrive in parallel', async () => {
    const address = freshAddress();
    const guesses = await Promise.all(
      Array.from({ length: 12 }, (_, index) => login({ username: ADMIN_USERNAME, password: `guess-${index}` }, address)),
    );
    const statuses = guesses.map((response) => response.status);
    expect(statuses.filter((status) => status === 401)).toHaveLength(5);
    expect(statuses.filter((status) => status === 429)).toHaveLength(7);
    expect((await login({ username: ADMIN_USERNAME, password: ADMIN_PASSWORD }, address)).status).toBe(429);
  });

  it('resets the failure count after a successful sign-in', async () => {
    const address = freshAddress();
    for (let attempt = 1; attempt <= 4; attempt += 1) await login({ username: ADMIN_USERNAME, password: 'wrong' }, address);
    expect((await login({ username: ADMIN_USERNAME, password: ADMIN_PASSWORD }, address)).status).toBe(200);
    for (let attempt = 1; attempt <= 4; attempt += 1) {
      expect((await login({ username: ADMIN_USERNAME, password: 'wrong' }, address)).status).toBe(401);
    }
    expect((await login({ username: ADMIN_USERNAME, password: ADMIN_PASSWORD }, address)).status).toBe(200);
  });

  it('answers 401 Token不存在 without a bearer header and Token已过期或无效 for a bad token', async () => {
    const missing = await api<EnvelopeBody>('GET', '/api/admin/verify');
    expect(missing.status).toBe(401);
    expect(missing.body).toMatchObject({ code: 1, msg: 'Token不存在', error: 'unauthorized', data: { valid: false } });
    const basic = await api<EnvelopeBody>('GET', '/api/admin/verify', { headers: { Authorization: 'Basic YWRtaW46YWRtaW4=' } });
    expect(basic.body.msg).toBe('Token不存在');

    const badTokens = [
      'not-a-jwt',
      jwt.sign({ jti: randomUUID() }, 'some-other-secret-that-is-long-enough-000', { subject: ADMIN_USERNAME, expiresIn: 3600 }),
      jwt.sign({ jti: randomUUID() }, JWT_SECRET, { subject: 'someone-else', expiresIn: 3600 }),
      jwt.sign({ jti: randomUUID() }, JWT_SECRET, { subject: ADMIN_USERNAME, expiresIn: 3600, algorithm: 'HS512' }),
    ];
    for (const token of badTokens) {
      const response = await api<EnvelopeBody>('GET', '/api/admin/verify', { token });
      expect(response.status).toBe(401);
      expect(response.body).toEqual({ code: 1, msg: 'Token已过期或无效', error: 'unauthorized', data: { valid: false } });
    }
    // Admin routes are guarded the same way.
    expect((await api<EnvelopeBody>('GET', '/api/admin/skills')).body.msg).toBe('Token不存在');
    expect((await api<EnvelopeBody>('GET', '/api/admin/skills', { token: 'not-a-jwt' })).status).toBe(401);
  });

  it('rejects an expired token', async () => {
    const expired = jwt.sign({ jti: randomUUID(), exp: Math.floor(Date.now() / 1000) - 60 }, JWT_SECRET, {
      subject: ADMIN_USERNAME,
    });
    const response = await api<EnvelopeBody>('GET', '/api/admin/verify', { token: expired });
    expect(response.status).toBe(401);
    expect(response.body.msg).toBe('Token已过期或无效');
    expect((await api('GET', '/api/admin/skills', { token: expired })).status).toBe(401);
    // Logging out with it is still fine: there is nothing left to revoke.
    expect((await api<EnvelopeBody>('POST', '/api/admin/logout', { token: expired })).body).toEqual({
      code: 0,
      msg: '已退出登录',
      data: null,
    });
  });

  it('revokes the token on logout, idempotently, and needs a header to do so', async () => {
    const token = await server.login();
    const other = await server.login();
    const loggedOut = await api<EnvelopeBody>('POST', '/api/admin/logout', { token });
    expect(loggedOut.status).toBe(200);
    expect(loggedOut.body).toEqual({ code: 0, msg: '已退出登录', data: null });

    expect((await api<EnvelopeBody>('GET', '/api/admin/verify', { token })).body).toMatchObject({
      msg: 'Token已过期或无效',
      data: { valid: false },
    });
    expect((await api('GET', '/api/admin/skills', { token })).status).toBe(401);
    expect((await api('POST', '/api/admin/logout', { token })).status).toBe(200);
    // Only that token is revoked.
    expect((await api('GET', '/api/admin/verify', { token: other })).status).toBe(200);

    const noHeader = await api<EnvelopeBody>('POST', '/api/admin/logout');
    expect(noHeader.status).toBe(401);
    expect(noHeader.body.msg).toBe('Token不存在');
  });
});

describe('sessions across restarts', () => {
  it('keeps a logout revoked after a restart on the same data dir, and other tokens valid', async () => {
    const first = await startTestServer();
    const revoked = await first.login();
    const kept = await first.login(true);
    await apiClient(first.url)('POST', '/api/admin/logout', { token: revoked });
    await first.stop();

    const second = await startTestServer({ dataDir: first.dataDir });
    try {
      const api = apiClient(second.url);
      expect((await api<EnvelopeBody>('GET', '/api/admin/verify', { token: revoked })).body.msg).toBe('Token已过期或无效');
      expect((await api('GET', '/api/admin/verify', { token: kept })).status).toBe(200);
    } finally {
      await second.close();
    }
  });
});

describe('generated credentials', () => {
  let dataDir: string;
  let app: FolioApp | undefined;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'folio-auth-'));
  });
  afterEach(async () => {
    await app?.close();
    app = undefined;
  });
  afterAll(() => rm(dataDir, { recursive: true, force: true }));

  /** Starts the real app with no ADMIN_PASSWORD and no JWT_SECRET, recording what it logs. */
  async function startWithoutSecrets(): Promise<{ url: string; logged: string[] }> {
    const logged: string[] = [];
    const logger: Logger = { info: (message) => logged.push(message), error: (message) => logged.push(message) };
    app = await createApp(buildConfig({ dataDir, logLevel: 'silent' }), { logger, seed: false });
    const port = await app.listen(0, '127.0.0.1');
    return { url: `http://127.0.0.1:${port}`, logged };
  }

  const printedPassword = (logged: string[]) => logged.map((line) => /password: (\S+)/.exec(line)?.[1]).find(Boolean);

  it('prints a generated password once, stores only its scrypt hash (mode 0600), and keeps tokens across restarts', async () => {
    const first = await startWithoutSecrets();
    const password = printedPassword(first.logged);
    expect(password).toMatch(/^\S{16,}$/);
    expect(first.logged.join('\n')).toContain(`username: ${ADMIN_USERNAME}`);

    const secretsPath = path.join(dataDir, 'secrets.json');
    expect((await stat(secretsPath)).mode & 0o777).toBe(0o600);
    const secrets = JSON.parse(await readFile(secretsPath, 'utf8')) as Record<string, string>;
    expect(secrets.admin_password_hash).toMatch(/^scrypt\$/);
    expect(secrets.jwt_secret?.length).toBeGreaterThanOrEqual(32);
    // The plain password is nowhere in the data directory.
    for (const name of await readdir(dataDir)) {
      if (name.endsWith('.json')) expect(await readFile(path.join(dataDir, name), 'utf8')).not.toContain(password);
    }

    const api = apiClient(first.url);
    const login = await api<EnvelopeBody>('POST', '/api/admin/login', { json: { username: ADMIN_USERNAME, password } });
    expect(login.status).toBe(200);
    const token = login.body.token as string;
    await app?.close();

    const second = await startWithoutSecrets();
    expect(printedPassword(second.logged)).toBeUndefined();
    expect(JSON.parse(await readFile(secretsPath, 'utf8'))).toEqual(secrets);
    const again = apiClient(second.url);
    // The generated JWT secret was kept, so the earlier token still verifies.
    expect((await again('GET', '/api/admin/verify', { token })).status).toBe(200);
    expect((await again('POST', '/api/admin/login', { json: { username: ADMIN_USERNAME, password } })).status).toBe(200);
  });

  it('prints nothing and stores no password when ADMIN_PASSWORD and JWT_SECRET are configured', async () => {
    const configuredDir = await mkdtemp(path.join(tmpdir(), 'folio-auth-'));
    try {
      const logged: string[] = [];
      const logger: Logger = { info: (message) => logged.push(message), error: (message) => logged.push(message) };
      app = await createApp(buildConfig({ dataDir: configuredDir, adminPassword: ADMIN_PASSWORD, jwtSecret: JWT_SECRET }), {
        logger,
        seed: false,
      });
      expect(printedPassword(logged)).toBeUndefined();
      expect(await readdir(configuredDir)).not.toContain('secrets.json');
    } finally {
      await app?.close();
      app = undefined;
      await rm(configuredDir, { recursive: true, force: true });
    }
  });
});
