import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer } from '../../../tests/support/test-server.js';
import type { TestServer } from '../../../tests/support/test-server.js';
import type { Logger } from '../../src/logger.js';

/**
 * A client that sends bytes Node's HTTP parser refuses is not a server fault: it gets a 400 where
 * its socket can still take one, and the log gets at most one short line, never its bytes.
 */

const logged: { level: 'info' | 'error'; line: string }[] = [];
const capture: Logger = {
  info: (message) => logged.push({ level: 'info', line: message }),
  error: (message, error) => logged.push({ level: 'error', line: `${message} ${String(error)}` }),
};
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ logger: capture });
});
afterAll(() => server.close());

/** Writes `bytes` on a raw TCP connection and resolves with all the server sent before closing it. */
function sendRaw(bytes: string): Promise<string> {
  const { hostname, port } = new URL(server.url);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname, () => socket.write(bytes));
    let received = '';
    socket.setEncoding('latin1');
    socket.on('data', (chunk: string) => (received += chunk));
    socket.on('close', () => resolve(received));
    socket.on('error', reject);
    socket.setTimeout(5000, () => socket.destroy(new Error('the server kept the connection open')));
  });
}

/** Waits until the server has logged something about the request (or a second has passed). */
async function settledLog(): Promise<typeof logged> {
  for (let waited = 0; waited < 1000 && logged.length === 0; waited += 20) {
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return [...logged];
}

describe('malformed requests', () => {
  it('bytes after Connection: close get a 400 and one short log line without those bytes', async () => {
    logged.length = 0;
    const secret = 'TRAILING-BYTES-FROM-THE-CLIENT';
    const answer = await sendRaw(
      `GET /api/health HTTP/1.1\r\nHost: folio.test\r\nConnection: close\r\n\r\n${secret} / HTTP/1.1\r\n\r\n`,
    );
    expect(answer).toMatch(/^HTTP\/1\.1 400 /);

    const entries = await settledLog();
    expect(entries.filter((entry) => entry.level === 'error')).toEqual([]);
    expect(entries).toHaveLength(1);
    const [entry] = entries;
    expect(entry?.line).toContain('HPE_');
    expect(entry?.line).not.toContain(secret);
    expect(entry?.line.split('\n')).toHaveLength(1);
  });

  it('garbage that is no request at all gets a 400 and leaves the log alone', async () => {
    logged.length = 0;
    const answer = await sendRaw('NOT HTTP AT ALL\r\n\r\n');
    expect(answer).toMatch(/^HTTP\/1\.1 400 /);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(logged).toEqual([]);
  });
});
