import http from 'node:http';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DesktopMessages as D } from '@folio/shared';
import { ADMIN_PASSWORD, ADMIN_USERNAME, startTestServer } from '../../tests/support/test-server.js';
import type { TestServer } from '../../tests/support/test-server.js';
import { probeServer, signIn, verifyToken } from '../src/core/connection.js';
import { withServerScheme } from '../src/common/server-address.js';
import { serverUrlSchema } from '../src/channels/session.schema.js';

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

  it('names an address that is not one, typed with or without a scheme', async () => {
    for (const garbage of ['blog example com', 'http//blog.example.com', 'mailto:owner', 'ftp://example.com', '!!!']) {
      expect(await probeServer(garbage), garbage).toEqual({ ok: false, kind: 'malformed', message: D.urlMalformed });
    }
  });

  it('completes an address typed without a scheme and connects to it', async () => {
    const port = new URL(server.url).port;
    expect(await probeServer(`localhost:${port}`)).toEqual({ ok: true, url: `http://localhost:${port}` });
    const result = await signIn({
      url: `127.0.0.1:${port}/`,
      username: ADMIN_USERNAME,
      password: ADMIN_PASSWORD,
      remember: false,
    });
    expect(result).toMatchObject({ ok: true, url: `http://127.0.0.1:${port}` });
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

describe('withServerScheme', () => {
  it.each([
    ['example.com', 'https://example.com'],
    ['blog.example.com/folio', 'https://blog.example.com/folio'],
    ['  example.com:8443  ', 'https://example.com:8443'],
    ['localhost:4000', 'http://localhost:4000'],
    ['localhost', 'http://localhost'],
    ['127.0.0.1:4000', 'http://127.0.0.1:4000'],
    ['192.168.1.5', 'http://192.168.1.5'],
    ['10.0.0.7:3000', 'http://10.0.0.7:3000'],
    ['172.16.0.1', 'http://172.16.0.1'],
    ['172.31.255.254:80', 'http://172.31.255.254:80'],
    ['[::1]:4000', 'http://[::1]:4000'],
    ['[fd12:3456::1]', 'http://[fd12:3456::1]'],
    ['nas.local:4000', 'http://nas.local:4000'],
    ['172.15.0.1', 'https://172.15.0.1'],
    ['172.32.0.1', 'https://172.32.0.1'],
    ['8.8.8.8', 'https://8.8.8.8'],
    ['local.example.com', 'https://local.example.com'],
    ['http://example.com', 'http://example.com'],
    ['https://localhost:4000', 'https://localhost:4000'],
  ])('%s -> %s', (typed, completed) => {
    expect(withServerScheme(typed)).toBe(completed);
  });

  it('leaves garbage for the URL check to refuse with the Chinese message', () => {
    for (const garbage of ['blog example com', 'http//example.com', 'mailto:owner', '!!!', '', 'ftp://example.com']) {
      const parsed = serverUrlSchema.safeParse(garbage);
      expect(parsed.success, garbage).toBe(false);
      expect(parsed.error?.issues[0]?.message).toBe(D.urlMalformed);
    }
    expect(serverUrlSchema.parse('localhost:4000')).toBe('http://localhost:4000');
  });
});
