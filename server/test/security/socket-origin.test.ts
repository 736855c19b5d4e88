import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io as connectSocket } from 'socket.io-client';
import { startTestServer } from '../../../tests/support/test-server.js';
import type { TestServer } from '../../../tests/support/test-server.js';

const ALLOWED = 'http://admin.example.test';
const FOREIGN = 'http://evil.example.test';
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ config: { corsOrigins: [ALLOWED] } });
});
afterAll(() => server.close());

const polling = (headers: Record<string, string>) => fetch(`${server.url}/socket.io/?EIO=4&transport=polling`, { headers });

/** A raw WebSocket upgrade handshake; resolves with the HTTP status the server answered. */
function upgradeStatus(origin: string | undefined): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(`${server.url}/socket.io/?EIO=4&transport=websocket`, {
      headers: {
        Connection: 'Upgrade',
        Upgrade: 'websocket',
        'Sec-WebSocket-Version': '13',
        'Sec-WebSocket-Key': 'dGhlIHNhbXBsZSBub25jZQ==',
        ...(origin ? { Origin: origin } : {}),
      },
    });
    request.on('upgrade', (response, socket) => {
      socket.destroy();
      resolve(response.statusCode ?? 0);
    });
    request.on('response', (response) => {
      response.resume();
      resolve(response.statusCode ?? 0);
    });
    request.on('error', reject);
    request.end();
  });
}

/** Connects a real socket.io-client with the given transport and extra headers (Node only). */
function connects(transport: 'polling' | 'websocket', origin?: string): Promise<boolean> {
  const socket = connectSocket(server.url, {
    path: '/socket.io/',
    transports: [transport],
    reconnection: false,
    forceNew: true,
    extraHeaders: origin ? { Origin: origin } : {},
  });
  return new Promise((resolve) => {
    socket.once('connect', () => {
      socket.close();
      resolve(true);
    });
    socket.once('connect_error', () => {
      socket.close();
      resolve(false);
    });
  });
}

describe('Socket.IO follows CORS_ORIGINS', () => {
  it('gives a foreign origin no credentials and no allowed origin on the polling transport', async () => {
    const response = await polling({ Origin: FOREIGN });
    expect(response.headers.get('access-control-allow-credentials')).toBeNull();
    expect(response.headers.get('access-control-allow-origin')).toBeNull();
    expect([400, 403]).toContain(response.status);
    expect(await response.text()).not.toMatch(/"sid"/);
  });

  it('answers a foreign preflight without credentials', async () => {
    const response = await fetch(`${server.url}/socket.io/?EIO=4&transport=polling`, {
      method: 'OPTIONS',
      headers: { Origin: FOREIGN, 'Access-Control-Request-Method': 'POST' },
    });
    expect(response.headers.get('access-control-allow-credentials')).toBeNull();
    expect(response.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('refuses a WebSocket upgrade from a foreign origin and accepts the site itself, a listed origin and no origin', async () => {
    // engine.io refuses a handshake its allowRequest denies with a plain 400 or 403, never 101.
    expect([400, 403]).toContain(await upgradeStatus(FOREIGN));
    expect(await upgradeStatus(server.url)).toBe(101);
    expect(await upgradeStatus(ALLOWED)).toBe(101);
    expect(await upgradeStatus(undefined)).toBe(101);
  });

  it('lets a same-origin page, a listed origin and a non-browser client connect with a real client', async () => {
    expect(await connects('websocket')).toBe(true);
    expect(await connects('polling')).toBe(true);
    expect(await connects('websocket', server.url)).toBe(true);
    expect(await connects('polling', server.url)).toBe(true);
    expect(await connects('polling', ALLOWED)).toBe(true);
    expect(await connects('websocket', FOREIGN)).toBe(false);
    expect(await connects('polling', FOREIGN)).toBe(false);
  });

  it('keeps credentials for a listed origin', async () => {
    const response = await polling({ Origin: ALLOWED });
    expect(response.status).toBe(200);
    expect(response.headers.get('access-control-allow-origin')).toBe(ALLOWED);
    expect(response.headers.get('access-control-allow-credentials')).toBe('true');
  });
});
