import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { apiClient, login } from '../../../tests/support/test-server.js';
import type { EnvelopeBody } from '../../../tests/support/test-server.js';
import { buildArticle, isoIn } from '../routes/articles.fixtures.js';
import { PROCESS_ADMIN_PASSWORD, spawnServer, stopServer } from '../support/server-process.js';
import type { ServerProcess } from '../support/server-process.js';

let dataDir: string;
let server: ServerProcess | undefined;

beforeEach(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'folio-schedule-crash-'));
});
afterEach(async () => {
  await stopServer(server);
  server = undefined;
  await rm(dataDir, { recursive: true, force: true });
});

describe('a schedule and a SIGKILL', () => {
  it('publishes at start an article whose time came while the server was killed', { timeout: 60_000 }, async () => {
    server = await spawnServer({ dataDir });
    const token = await login(server.url, { password: PROCESS_ADMIN_PASSWORD });
    const created = await apiClient(server.url)<EnvelopeBody>('POST', '/api/admin/articles', {
      token,
      json: { ...buildArticle({ title: '宕机期间到点' }), status: 'scheduled', publish_at: isoIn(1500) },
    });
    expect(created.status).toBe(201);
    const id = created.body.id as number;
    const publishAt = Date.parse((created.body.data as { publish_at: string }).publish_at);
    await stopServer(server, 'SIGKILL');
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, publishAt - Date.now()) + 300));

    server = await spawnServer({ dataDir });
    const listening = Date.now();
    await expect
      .poll(async () => (await fetch(`${server?.url ?? ''}/api/articles/${id}`)).status, { timeout: 1000, interval: 50 })
      .toBe(200);
    expect(Date.now() - listening).toBeLessThan(1000);
    expect(await (await fetch(`${server.url}/rss.xml`)).text()).toContain('宕机期间到点');
  });
});
