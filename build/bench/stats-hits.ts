/**
 * The page-view hit (server/API.md §E23.1) under load: `POST /api/stats/hit` at 50 connections
 * against the real server, beside plain Node `http` answering the very same requests with an empty
 * answer, so the hit's cost reads as a share of what this machine's Node can do at all (the load
 * generator's own work on each request weighs on both alike). Each request comes from
 * its own forwarded address (TRUST_PROXY), as a crowd of readers would, so the per-address limit
 * measures the counting path rather than the dropping one.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type autocannon from 'autocannon';
import { spawnServer, stopServer } from '../../server/test/support/server-process.js';
import { runScenario, waitFor200 } from './measure.js';
import type { ScenarioResult } from './measure.js';
import { startRawServer } from './raw-http.js';
import { printTable } from './report.js';

const SECONDS = 5;
const CONNECTIONS = 50;
const READER_AGENT =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

let address = 0;
function hitRequests(): autocannon.Request[] {
  return [
    {
      method: 'POST',
      path: '/api/stats/hit',
      setupRequest: (request) => {
        address += 1;
        return {
          ...request,
          headers: {
            'content-type': 'text/plain;charset=UTF-8',
            'user-agent': READER_AGENT,
            'x-forwarded-for': `10.${(address >> 16) & 255}.${(address >> 8) & 255}.${address & 255}`,
          },
          body: JSON.stringify({ path: '/', referrer: 'https://news.ycombinator.com/item?id=1' }),
        };
      },
    },
  ];
}

/** Measures the hit route and its ceiling and prints req/s, the ratio to the ceiling and p99. */
export async function benchStatsHits(): Promise<ScenarioResult[]> {
  const raw = await startRawServer({ body: Buffer.alloc(0), headers: {} });
  let ceiling: ScenarioResult;
  try {
    ceiling = await runScenario(raw.pid, 'raw node:http, the same requests, empty answer', {
      url: raw.url,
      connections: CONNECTIONS,
      duration: SECONDS,
      requests: hitRequests(),
    });
  } finally {
    raw.child.kill('SIGKILL');
  }
  const dataDir = await mkdtemp(path.join(tmpdir(), 'folio-bench-stats-'));
  let hits: ScenarioResult;
  try {
    const spawnedAt = performance.now();
    const server = await spawnServer({ dataDir, env: { TRUST_PROXY: 'true' }, startTimeoutMs: 60_000, compiled: true });
    try {
      await waitFor200(`${server.url}/`, spawnedAt);
      hits = await runScenario(server.pid, 'POST /api/stats/hit (a new reader each)', {
        url: server.url,
        connections: CONNECTIONS,
        duration: SECONDS,
        requests: hitRequests(),
      });
    } finally {
      await stopServer(server, 'SIGTERM');
    }
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
  console.info(`\nPage-view hits: ${SECONDS} s at ${CONNECTIONS} connections on loopback (server/API.md §E23.1)`);
  printTable(
    ['scenario', 'req/s', 'of raw', 'p50 ms', 'p99 ms', 'requests', 'failures'],
    [ceiling, hits].map((row) => [
      row.name,
      row.requestsPerSecond.toFixed(0),
      `${((row.requestsPerSecond / ceiling.requestsPerSecond) * 100).toFixed(0)}%`,
      row.p50.toFixed(1),
      row.p99.toFixed(1),
      String(row.requests),
      String(row.failures),
    ]),
  );
  return [ceiling, hits];
}
