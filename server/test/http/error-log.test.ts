import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, apiClient, startTestServer } from '../../../tests/support/test-server.js';
import type { EnvelopeBody, TestServer } from '../../../tests/support/test-server.js';
import type { Logger, RequestLogContext } from '../../src/logger.js';
import { formatRequestContext } from '../../src/logger.js';

interface LoggedError {
  message: string;
  error: unknown;
  request: RequestLogContext | undefined;
}

const logged: LoggedError[] = [];
const capture: Logger = {
  info: () => {},
  error: (message, error, request) => logged.push({ message, error, request }),
};
let server: TestServer;
let token: string;

beforeAll(async () => {
  server = await startTestServer({ logger: capture });
  token = await server.login();
});
afterAll(() => server.close());

/** Makes one service method fail like a broken disk would, so the route answers 500. */
function breakSkillUpdates(): void {
  server.app.context.services.skills.update = () => Promise.reject(new Error('disk on fire'));
}

describe('error log', () => {
  it('logs an unexpected fault with method, path, matched route, status and duration, and answers a bare 500', async () => {
    const api = apiClient(server.url);
    const created = await api<EnvelopeBody>('POST', '/api/admin/skills', { token, json: { name: 'TypeScript' } });
    breakSkillUpdates();
    logged.length = 0;

    const secretText = `${ADMIN_PASSWORD} in a body`;
    const response = await api<EnvelopeBody>('PUT', `/api/admin/skills/${String(created.body.id)}?token=${token}`, {
      token,
      json: { description: secretText },
    });

    expect(response.status).toBe(500);
    expect(response.body).toEqual({ code: 1, msg: '服务器内部错误', error: 'internal_error', data: null });
    expect(logged).toHaveLength(1);
    const [entry] = logged;
    expect(entry?.error).toBeInstanceOf(Error);
    expect(entry?.request).toEqual({
      method: 'PUT',
      path: `/api/admin/skills/${String(created.body.id)}`,
      route: '/api/admin/skills/:id',
      status: 500,
      durationMs: expect.any(Number),
    });
    const line = `${entry?.message ?? ''} ${formatRequestContext(entry?.request as RequestLogContext)}`;
    expect(line).toMatch(
      /method=PUT path="\/api\/admin\/skills\/\d+" route="\/api\/admin\/skills\/:id" status=500 duration_ms=\d+/,
    );
    // Neither the bearer token (header or query) nor the body's text reaches the log.
    expect(line).not.toContain(token);
    expect(line).not.toContain(ADMIN_PASSWORD);
  });

  it('does not log expected errors (a 404 or a 400 is the client’s, not a fault)', async () => {
    logged.length = 0;
    const api = apiClient(server.url);
    expect((await api('GET', '/api/articles/99999')).status).toBe(404);
    expect((await api('POST', '/api/admin/login', { json: { username: 'admin' } })).status).toBe(400);
    expect(logged).toEqual([]);
  });
});
