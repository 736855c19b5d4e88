import http from 'node:http';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DesktopMessages as D } from '@folio/shared';
import { ADMIN_PASSWORD, ADMIN_USERNAME, startTestServer } from '../../tests/support/test-server.js';
import type { TestServer } from '../../tests/support/test-server.js';
import { probeServer, signIn, verifyToken } from '../src/core/connection.js';

let server: TestServer;
const others: { close(): void }[] = [];

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  for (const other of others) other.close();
  await server.close();
});

async function listen(target: http.Server | net.Server): Promise<string> {
  await new Promise<void>((resolve) => target.listen(0, '127.0.0.1', resolve));
  others.push(target);
  return `http://127.0.0.1:${(target.address() as AddressInfo).port}`;
}

describe('probeServer and signIn', () => {
  it('accepts a Folio server and signs in with the right password', async () => {
    expect(await probeServer(`${server.url}/`)).toEqual({ ok: true, url: server.url });
    const result = await signIn({ url: server.url, username: ADMIN_USERNAME, password: ADMIN_PASSWORD, remember: true });
    if (!result.ok) throw new Error(result.message);
    expect(await verifyToken(server.url, result.token)).toBe('valid');
    expect(await verifyToken(server.url, 'not-a-token')).toBe('invalid');
  });

  it('names a malformed URL', async () => {
    expect(await probeServer('localhost:3000')).toEqual({ ok: false, kind: 'malformed', message: D.urlMalformed });
  });

  it('names a wrong password', async () => {
    const result = await signIn({ url: server.url, username: ADMIN_USERNAME, password: 'wrong', remember: false });
    expect(result).toEqual({ ok: false, kind: 'wrong-credentials', message: D.wrongCredentials });
  });

  it('names a server that refuses the connection', async () => {
    const closed = http.createServer();
    const url = await listen(closed);
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    expect(await probeServer(url)).toEqual({ ok: false, kind: 'unreachable', message: D.serverUnreachable });
    expect(await verifyToken(url, 'x')).toBe('offline');
  });

  it('names a server that accepts the connection but never answers', async () => {
    const silent = net.createServer(() => {
      // Accepts and holds the socket without a byte of answer.
    });
    const url = await listen(silent);
    expect(await probeServer(url, { timeoutMs: 300 })).toEqual({ ok: false, kind: 'timeout', message: D.serverTimeout });
  });

  it('names something that answers but is not Folio', async () => {
    const other = http.createServer((_request, response) => {
      response.writeHead(200, { 'Content-Type': 'text/html' });
      response.end('<html><body>It works!</body></html>');
    });
    const url = await listen(other);
    expect(await probeServer(url)).toEqual({ ok: false, kind: 'not-folio', message: D.notFolio });
    const json = http.createServer((_request, response) => {
      response.writeHead(200, { 'Content-Type': 'application/json' });
      response.end('{"status":"ok"}');
    });
    expect(await probeServer(await listen(json))).toEqual({ ok: false, kind: 'not-folio', message: D.notFolio });
  });
});
