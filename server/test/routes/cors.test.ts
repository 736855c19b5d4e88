import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer } from '../../../tests/support/test-server.js';
import type { TestServer } from '../../../tests/support/test-server.js';

const ALLOWED = 'http://admin.example.test';
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ config: { corsOrigins: [ALLOWED] } });
});
afterAll(() => server.close());

const preflight = (origin: string) =>
  fetch(`${server.url}/api/admin/login`, {
    method: 'OPTIONS',
    headers: {
      Origin: origin,
      'Access-Control-Request-Method': 'POST',
      'Access-Control-Request-Headers': 'Content-Type, Authorization',
    },
  });

describe('CORS (server/API.md §1.7)', () => {
  it('answers a preflight from a configured origin with 204, that origin, credentials and the allowed methods', async () => {
    const response = await preflight(ALLOWED);
    expect(response.status).toBe(204);
    expect(response.headers.get('access-control-allow-origin')).toBe(ALLOWED);
    expect(response.headers.get('access-control-allow-credentials')).toBe('true');
    expect(response.headers.get('access-control-allow-methods')).toBe('GET,POST,PUT,DELETE,OPTIONS');
    expect(response.headers.get('access-control-allow-headers')).toBe(
      'Content-Type,Authorization,X-Requested-With,Accept,If-Match,Idempotency-Key,X-Folio-Source',
    );
    expect(response.headers.get('access-control-max-age')).toBe('86400');
  });

  it('echoes the origin on a real request and never answers with a wildcard', async () => {
    const allowed = await fetch(`${server.url}/api/skills`, { headers: { Origin: ALLOWED } });
    expect(allowed.headers.get('access-control-allow-origin')).toBe(ALLOWED);
    const other = await fetch(`${server.url}/api/skills`, { headers: { Origin: 'http://evil.example.test' } });
    expect(other.status).toBe(200);
    expect(other.headers.get('access-control-allow-origin')).toBeNull();
    expect((await preflight('http://evil.example.test')).headers.get('access-control-allow-origin')).toBeNull();
  });

  it('exposes ETag and Idempotency-Replayed to the configured origin, so it can send If-Match back', async () => {
    const response = await fetch(`${server.url}/api/skills`, { headers: { Origin: ALLOWED } });
    expect(response.headers.get('access-control-expose-headers')).toBe('ETag,Idempotency-Replayed');
  });

  it('lets the configured origin open a Socket.IO polling session', async () => {
    const response = await fetch(`${server.url}/socket.io/?EIO=4&transport=polling`, { headers: { Origin: ALLOWED } });
    expect(response.status).toBe(200);
    expect(response.headers.get('access-control-allow-origin')).toBe(ALLOWED);
    expect(await response.text()).toMatch(/^0\{"sid":/);
  });

  it('refuses namespaces other than the default one', async () => {
    const { io } = await import('socket.io-client');
    const socket = io(`${server.url}/articles`, {
      path: '/socket.io/',
      transports: ['websocket'],
      reconnection: false,
      forceNew: true,
    });
    const error = await new Promise<Error>((resolve) => socket.once('connect_error', resolve));
    socket.close();
    expect(error.message).toBe('Invalid namespace');
  });
});
