/**
 * `npm run bench:pages`: the public pages, for work on them. It seeds the same site as
 * `npm run bench` at 2,000 and at 20,000 articles (`--sizes=2000,20000`), starts the compiled server
 * on each and measures, beside a raw Node `http` ceiling at 50 connections, the landing page and the
 * article list pages (the archive, a page in its middle, the most used tag's and category's:
 * server/API.md §E16). On the first size it also prints the JavaScript each public page loads before
 * it is usable and Lighthouse's mobile run of the landing page, an article with code, an article
 * with a diagram, the archive and a tag page, with the code host and the calendar on loopback
 * stand-ins. `--no-lighthouse` leaves the browser half out. Figures only: the script fails only
 * when a request does.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { spawnServer, stopServer } from '../../server/test/support/server-process.js';
import { drawDiagramsInAdmin } from './draw-diagrams.js';
import { listBenchPages, listPagesOf, listScenarios } from './list-pages.js';
import { runScenario, waitFor200 } from './measure.js';
import type { ScenarioResult } from './measure.js';
import { reportPages } from './page-report.js';
import { jsonAnswer, startRawServer } from './raw-http.js';
import { printScenarios } from './report.js';
import { seedSite } from './seed.js';

const SECONDS = 5;
const CONNECTIONS = 50;
const BROWSER_HEADERS = { 'accept-encoding': 'gzip, deflate, br' };

function option(name: string): string | undefined {
  const prefix = `--${name}=`;
  return process.argv.find((arg) => arg.startsWith(prefix))?.slice(prefix.length);
}

const sizes = (option('sizes') ?? '2000,20000').split(',').map(Number);
const lighthouse = !process.argv.includes('--no-lighthouse');

async function measureCeiling(): Promise<ScenarioResult> {
  const raw = await startRawServer(jsonAnswer());
  try {
    return await runScenario(raw.pid, 'raw node:http, fixed 5 KB JSON', {
      url: raw.url,
      connections: CONNECTIONS,
      duration: SECONDS,
    });
  } finally {
    raw.child.kill('SIGKILL');
  }
}

/**
 * Seeds a site of `articleCount` articles, measures the ceiling and then its pages, and on request
 * its browser half. The ceiling is measured beside each size, as this machine's load moves between
 * runs minutes apart.
 */
async function measureSize(
  articleCount: number,
  withBrowser: boolean,
): Promise<{ ceiling: ScenarioResult; rows: ScenarioResult[] }> {
  const rows: ScenarioResult[] = [];
  const dataDir = await mkdtemp(path.join(tmpdir(), 'folio-bench-pages-'));
  try {
    const seededAt = performance.now();
    const site = await seedSite(dataDir, { articleCount, commentCount: Math.floor(articleCount * 0.67) });
    console.info(
      `Seeded ${articleCount.toLocaleString('en')} articles in ${((performance.now() - seededAt) / 1000).toFixed(1)} s`,
    );
    const spawnedAt = performance.now();
    const server = await spawnServer({ dataDir, startTimeoutMs: 120_000, compiled: true });
    try {
      await waitFor200(`${server.url}/`, spawnedAt, 120_000);
      const pages = await listPagesOf(server.url);
      const ceiling = await measureCeiling();
      const size = `${articleCount.toLocaleString('en')} articles`;
      for (const { name, path: page } of [{ name: 'GET / (HTML)', path: '/' }, ...listScenarios(pages)]) {
        rows.push(
          await runScenario(server.pid, `${name}, ${size}`, {
            url: `${server.url}${page}`,
            headers: BROWSER_HEADERS,
            connections: CONNECTIONS,
            duration: SECONDS,
          }),
        );
      }
      if (withBrowser) {
        await drawDiagramsInAdmin(server.url, site.drawnDiagramId, site.drawnDiagramCount);
        await reportPages(server.url, [
          { path: '/' },
          { path: `/articles/${site.detailId}` },
          { path: `/articles/${site.drawnDiagramId}`, note: 'diagrams pre-rendered' },
          { path: `/articles/${site.diagramId}`, note: 'diagrams drawn in the browser' },
          ...listBenchPages(pages),
        ]);
        console.info('');
      }
      return { ceiling, rows };
    } finally {
      await stopServer(server, 'SIGTERM');
    }
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}

const results: { ceiling: ScenarioResult; rows: ScenarioResult[] }[] = [];
for (const [index, articleCount] of sizes.entries()) results.push(await measureSize(articleCount, lighthouse && index === 0));

console.info(
  `\nScenarios: ${SECONDS} s each on loopback, compressed as browsers ask; the ceiling is plain Node http in its own process`,
);
console.info('Target for the list pages: at least 30% of raw at 50 connections, p99 under 20 ms');
for (const { ceiling, rows } of results) {
  console.info('');
  printScenarios([ceiling, ...rows], ceiling.requestsPerSecond);
}
if (results.some(({ rows }) => rows.some((row) => row.failures > 0))) {
  console.error('Some requests failed (connection errors, time-outs or non-2xx answers): see the failures column.');
  process.exitCode = 1;
}
