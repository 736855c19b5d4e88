import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, describe, expect, it } from 'vitest';
import type { StatsReport } from '@folio/shared';
import { apiClient, login } from '../../../tests/support/test-server.js';
import type { EnvelopeBody } from '../../../tests/support/test-server.js';
import { PROCESS_ADMIN_PASSWORD, spawnServer, stopServer } from '../support/server-process.js';
import type { ServerProcess } from '../support/server-process.js';
import { READER_USER_AGENT } from '../support/page-view-hit.js';

/**
 * A SIGKILL loses at most the last 5 seconds of counted views (server/API.md §E23.2): the real
 * server runs as a child process and is killed without warning.
 */

const SLOW = 90_000;
/** The longest counted views may wait in memory before they are on disk (server/API.md §E23.2). */
const FLUSH_BOUND_MS = 5000;

let server: ServerProcess | undefined;
let dataDir: string | undefined;

afterEach(async () => {
  await stopServer(server);
  server = undefined;
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
  dataDir = undefined;
});

const hit = (url: string, address: string) =>
  fetch(`${url}/api/stats/hit`, {
    method: 'POST',
    headers: { 'Content-Type': 'text/plain', 'User-Agent': READER_USER_AGENT, 'X-Forwarded-For': address },
    body: JSON.stringify({ path: '/', referrer: 'https://news.ycombinator.com/' }),
  });

describe('reader statistics and a killed server', () => {
  it('keeps every view counted more than 5 seconds before a SIGKILL', { timeout: SLOW }, async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'folio-stats-kill-'));
    const env = { TRUST_PROXY: 'true' };
    server = await spawnServer({ dataDir, env });
    for (const address of ['198.51.100.31', '198.51.100.32', '198.51.100.33'])
      expect((await hit(server.url, address)).status).toBe(204);
    await sleep(FLUSH_BOUND_MS + 500);
    // Counted just before the kill: it may be lost, never anything older.
    expect((await hit(server.url, '198.51.100.34')).status).toBe(204);
    server.child.kill('SIGKILL');
    expect((await server.exited).signal).toBe('SIGKILL');

    server = await spawnServer({ dataDir, env });
    const token = await login(server.url, { password: PROCESS_ADMIN_PASSWORD });
    const answer = await apiClient(server.url)<EnvelopeBody>('GET', '/api/admin/stats', { token });
    const figures = answer.body.data as StatsReport;
    expect(figures.totals.views).toBeGreaterThanOrEqual(3);
    expect(figures.totals.views).toBeLessThanOrEqual(4);
    expect(figures.totals.visitors).toBe(figures.totals.views);
    expect(figures.referrers[0]).toMatchObject({ key: 'news.ycombinator.com', views: figures.totals.views });
  });
});
