import { request } from 'node:http';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, login } from '../../tests/support/test-server.js';
import type { EnvelopeBody } from '../../tests/support/test-server.js';
import { PROCESS_ADMIN_PASSWORD, spawnServer, stopServer } from './support/server-process.js';
import type { ServerProcess } from './support/server-process.js';

let dataDir: string;
let server: ServerProcess | undefined;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'folio-shutdown-'));
});
afterAll(async () => {
  await stopServer(server);
  await rm(dataDir, { recursive: true, force: true });
});

/** Resolves once the child has printed `text`. */
function waitForOutput(child: ServerProcess, text: string): Promise<void> {
  return new Promise((resolve) => {
    const check = () => {
      if (!child.output().includes(text)) return;
      child.child.stdout?.off('data', check);
      resolve();
    };
    child.child.stdout?.on('data', check);
    check();
  });
}

describe('graceful shutdown', () => {
  it('finishes a write that is in flight when SIGTERM arrives, then exits 0', { timeout: 60_000 }, async () => {
    server = await spawnServer({ dataDir });
    const token = await login(server.url, { password: PROCESS_ADMIN_PASSWORD });
    const { port } = new URL(server.url);
    const body = JSON.stringify({ blocks: [{ name: 'home', content: { title: '停机前的最后一次保存' } }] });
    const half = Buffer.from(body).subarray(0, 20);
    const rest = Buffer.from(body).subarray(20);

    // Send the headers and half the body; `Expect: 100-continue` tells us when the server has
    // accepted the request, so the signal is sure to arrive while it is in flight.
    const put = request({
      host: '127.0.0.1',
      port,
      method: 'PUT',
      path: '/api/admin/site-blocks',
      headers: {
        Authorization: `Bearer ${token}`,
        'Content-Type': 'application/json',
        'Content-Length': String(Buffer.byteLength(body)),
        Expect: '100-continue',
      },
    });
    const response = new Promise<{ status: number; text: string }>((resolve, reject) => {
      put.on('response', (incoming) => {
        let text = '';
        incoming.setEncoding('utf8');
        incoming.on('data', (chunk: string) => (text += chunk));
        incoming.on('end', () => resolve({ status: incoming.statusCode ?? 0, text }));
      });
      put.on('error', reject);
    });
    await new Promise<void>((resolve) => put.once('continue', resolve));
    put.write(half);

    const running = server;
    running.child.kill('SIGTERM');
    await waitForOutput(running, 'SIGTERM received');
    // Shutting down: no new connections are accepted while the old request is still open.
    await expect(fetch(`${running.url}/health`)).rejects.toThrow();
    put.end(rest);

    const answered = await response;
    expect(answered.status).toBe(200);
    expect(JSON.parse(answered.text)).toMatchObject({ code: 0, msg: '更新成功' });
    expect(await running.exited).toEqual({ code: 0, signal: null });

    server = await spawnServer({ dataDir });
    const blocks = (await apiClient(server.url)<EnvelopeBody>('GET', '/api/site-blocks')).body.data as {
      name: string;
      content: Record<string, string>;
    }[];
    expect(blocks.find((block) => block.name === 'home')?.content.title).toBe('停机前的最后一次保存');
    await stopServer(server, 'SIGTERM');
    expect((await server.exited).code).toBe(0);
  });
});
