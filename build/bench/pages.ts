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
import { reportPages } from './page-report.js';
import { seedSite } from './seed.js';
import { drawDiagramsInAdmin } from './draw-diagrams.js';

const ARTICLE_COUNT = 2000;

const dataDir = await mkdtemp(path.join(tmpdir(), 'folio-bench-pages-'));
try {
  const site = await seedSite(dataDir, { articleCount: ARTICLE_COUNT, commentCount: Math.floor(ARTICLE_COUNT * 0.67) });
  const server = await spawnServer({ dataDir, startTimeoutMs: 60_000, compiled: true });
  try {
    await drawDiagramsInAdmin(server.url, site.drawnDiagramId, site.drawnDiagramCount);
    await reportPages(server.url, [
      { path: '/' },
      { path: `/articles/${site.detailId}` },
      { path: `/articles/${site.drawnDiagramId}`, note: 'diagrams pre-rendered' },
      { path: `/articles/${site.diagramId}`, note: 'diagrams drawn in the browser' },
    ]);
  } finally {
    await stopServer(server, 'SIGTERM');
  }
} finally {
  await rm(dataDir, { recursive: true, force: true });
}
