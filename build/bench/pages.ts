/**
 * `npm run bench:pages`: only the browser half of the benchmark, for work on the public pages. It
 * seeds the same site as `npm run bench`, starts the compiled server and prints the JavaScript each
 * public page loads before it is usable and Lighthouse's mobile run of the landing page, an article
 * with code and an article with a diagram, with the code host and the calendar on loopback stand-ins.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { spawnServer, stopServer } from '../../server/test/support/server-process.js';
import { printLighthouse, runLighthouse } from './lighthouse.js';
import { measurePageWeight, printPageWeights } from './page-weight.js';
import { seedSite } from './seed.js';
import { startStandIns, useStandIns } from './stand-ins.js';

const ARTICLE_COUNT = 2000;

const dataDir = await mkdtemp(path.join(tmpdir(), 'folio-bench-pages-'));
try {
  const site = await seedSite(dataDir, { articleCount: ARTICLE_COUNT, commentCount: Math.floor(ARTICLE_COUNT * 0.67) });
  const server = await spawnServer({ dataDir, startTimeoutMs: 60_000, compiled: true });
  const standIns = await startStandIns();
  try {
    await useStandIns(server.url, standIns.calendarUrl);
    const paths = ['/', `/articles/${site.detailId}`, `/articles/${site.diagramId}`];
    printPageWeights(await measurePageWeight(server.url, paths));
    console.info('');
    printLighthouse(
      await runLighthouse(
        paths.map((page) => server.url + page),
        standIns.chromeFlags,
      ),
      server.url,
    );
  } finally {
    await standIns.close();
    await stopServer(server, 'SIGTERM');
  }
} finally {
  await rm(dataDir, { recursive: true, force: true });
}
