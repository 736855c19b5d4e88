/**
 * `npm run bench`: seeds 2,000 articles into temp data dirs, starts the real server entry as a child
 * process on loopback beside a raw Node `http` ceiling, and prints throughput, latency, start-up,
 * memory (also with 50 kept versions of every article), the comment write cost on a small and a
 * huge site and with comment mail waiting on a down SMTP server, the JavaScript a visitor loads, and
 * a backup of the site while visitors read it (backup.ts), the page-view hit (stats-hits.ts), and a
 * WordPress export of 5,000 posts moved in while a visitor reads pages (blog-import.ts;
 * `--import-only` runs just that).
 * Figures only: nothing here passes or fails on a number, except failed requests (exit code 1).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type autocannon from 'autocannon';
import { spawnServer, stopServer } from '../../server/test/support/server-process.js';
import type { ServerProcess } from '../../server/test/support/server-process.js';
import { SEARCH_TERM } from './corpus.js';
import { rssMb, runScenario, waitFor200 } from './measure.js';
import type { ScenarioResult } from './measure.js';
import { reportPages } from './page-report.js';
import { jsonAnswer, startRawServer } from './raw-http.js';
import { listBenchPages, listPagesOf, listScenarios } from './list-pages.js';
import type { FixedAnswer } from './raw-http.js';
import { printScenarios, printTable } from './report.js';
import { seedSite } from './seed.js';
import { benchBackup } from './backup.js';
import { drawDiagramsInAdmin } from './draw-diagrams.js';
import { writeHistory } from './history.js';
import { benchStatsHits } from './stats-hits.js';
import { benchBlogImport } from './blog-import.js';

const ARTICLE_COUNT = 2000;
const SECONDS = 5;
const CONNECTIONS = 50;
const SEARCH_CONNECTIONS = 10;
/**
 * What every browser sends: visitors get compressed pages and JSON, so that is what is measured
 * (the ceiling ignores it; it has one fixed answer).
 */
const BROWSER_HEADERS = { 'accept-encoding': 'gzip, deflate, br' };
/** Long enough after the first page for start-up's background work (search indexing) to finish. */
const IDLE_AFTER_MS = 5000;

async function withDataDir<T>(task: (dataDir: string) => Promise<T>): Promise<T> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'folio-bench-'));
  try {
    return await task(dataDir);
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}

async function startSite(
  dataDir: string,
  env: Record<string, string> = {},
): Promise<{ server: ServerProcess; startupMs: number }> {
  const spawnedAt = performance.now();
  // TRUST_PROXY lets every comment POST carry its own X-Forwarded-For address, so the per-address
  // comment limit measures the write path instead of answering 429.
  const server = await spawnServer({ dataDir, env: { TRUST_PROXY: 'true', ...env }, startTimeoutMs: 60_000, compiled: true });
  const startupMs = await waitFor200(`${server.url}/`, spawnedAt);
  return { server, startupMs };
}

interface IdleFigures {
  startupMs: number;
  idleRss: number;
}

/** Starts the site, lets start-up's background work finish, reads its memory and stops it. */
async function measureIdle(dataDir: string): Promise<IdleFigures> {
  const { server, startupMs } = await startSite(dataDir);
  try {
    await sleep(IDLE_AFTER_MS);
    return { startupMs, idleRss: await rssMb(server.pid) };
  } finally {
    await stopServer(server, 'SIGTERM');
  }
}

/** The same site once every article has a full history: it stays on disk, so memory should not move. */
async function measureWithHistory(dataDir: string, without: IdleFigures): Promise<void> {
  const writtenAt = performance.now();
  const history = await writeHistory(dataDir);
  const writeSeconds = ((performance.now() - writtenAt) / 1000).toFixed(1);
  const figures = await measureIdle(dataDir);
  console.info(
    `History: ${history.versions.toLocaleString('en')} kept versions (${history.files.toLocaleString('en')} files, ${(history.bodyBytes / 1024 / 1024).toFixed(0)} MB of bodies) written in ${writeSeconds} s`,
  );
  console.info(
    `Idle RSS with ${ARTICLE_COUNT} articles: ${without.idleRss.toFixed(0)} MB; with their histories too: ${figures.idleRss.toFixed(0)} MB`,
  );
  console.info(`Start-up without / with the histories: ${without.startupMs.toFixed(0)} / ${figures.startupMs.toFixed(0)} ms`);
}

let commentAddress = 0;
/** A comment POST scenario; each request comes from its own forwarded address. */
function commentRequests(articleId: number): autocannon.Request[] {
  return [
    {
      method: 'POST',
      path: `/api/articles/${articleId}/comments`,
      setupRequest: (request) => {
        commentAddress += 1;
        const a = commentAddress;
        return {
          ...request,
          headers: {
            'content-type': 'application/json',
            'x-forwarded-for': `10.${(a >> 16) & 255}.${(a >> 8) & 255}.${a & 255}`,
          },
          body: JSON.stringify({ author: '压测读者', email: '', content: `第 ${a} 条评论：性能不错。` }),
        };
      },
    },
  ];
}

async function measureCeiling(answer: FixedAnswer, name: string): Promise<ScenarioResult> {
  const raw = await startRawServer(answer);
  try {
    return await runScenario(raw.pid, name, {
      url: raw.url,
      connections: CONNECTIONS,
      duration: SECONDS,
    });
  } finally {
    raw.child.kill('SIGKILL');
  }
}

/** Headers of `/` that say what the body is; the raw replay sends these and no others. */
const CONTENT_HEADERS = ['content-type', 'content-encoding'];

/** Measures the site's scenarios into `rows`; resolves with `/` exactly as a browser gets it (brotli). */
async function measureSite(rows: ScenarioResult[]): Promise<FixedAnswer> {
  return withDataDir(async (dataDir) => {
    const seededAt = performance.now();
    const site = await seedSite(dataDir, { articleCount: ARTICLE_COUNT, commentCount: Math.floor(ARTICLE_COUNT * 0.67) });
    console.info(
      `Seeded ${ARTICLE_COUNT} articles (${(site.markdownBytes / 1024 / 1024).toFixed(1)} MB of Markdown) in ${((performance.now() - seededAt) / 1000).toFixed(1)} s`,
    );
    const { server, startupMs } = await startSite(dataDir);
    let idleRss: number;
    let landing: FixedAnswer;
    try {
      await sleep(IDLE_AFTER_MS);
      idleRss = await rssMb(server.pid);
      const id = site.detailId;
      const scenario = (name: string, options: Partial<autocannon.Options>, connections = CONNECTIONS) =>
        runScenario(server.pid, name, { url: server.url, headers: BROWSER_HEADERS, ...options, connections, duration: SECONDS });
      const htmlRound = async (round: string) => {
        rows.push(await scenario(`GET / (HTML)${round}`, { url: `${server.url}/` }));
        rows.push(await scenario(`GET /articles/${id} (HTML)${round}`, { url: `${server.url}/articles/${id}` }));
      };
      await htmlRound('');
      const listPages = await listPagesOf(server.url);
      for (const list of listScenarios(listPages)) rows.push(await scenario(list.name, { url: `${server.url}${list.path}` }));
      rows.push(await scenario('GET /api/articles', { url: `${server.url}/api/articles` }));
      rows.push(
        await scenario(
          `GET /api/articles?search=${SEARCH_TERM}`,
          { url: `${server.url}/api/articles?search=${encodeURIComponent(SEARCH_TERM)}` },
          SEARCH_CONNECTIONS,
        ),
      );
      rows.push(await scenario(`GET /api/articles/${id}`, { url: `${server.url}/api/articles/${id}` }));
      rows.push(await scenario(`POST /api/articles/${id}/comments`, { requests: commentRequests(id) }));
      const rssBeforeRepeat = await rssMb(server.pid);
      await htmlRound(' again');
      const rssAfterRepeat = await rssMb(server.pid);

      console.info(`Start-up (spawn -> first 200 on /): ${startupMs.toFixed(0)} ms`);
      console.info(`Idle RSS with ${ARTICLE_COUNT} articles loaded: ${idleRss.toFixed(0)} MB`);
      console.info(
        `RSS before / after repeating the HTML scenarios: ${rssBeforeRepeat.toFixed(0)} / ${rssAfterRepeat.toFixed(0)} MB`,
      );
      await drawDiagramsInAdmin(server.url, site.drawnDiagramId, site.drawnDiagramCount);
      await reportPages(server.url, [
        { path: '/' },
        { path: `/articles/${id}` },
        { path: `/articles/${site.drawnDiagramId}`, note: 'diagrams pre-rendered' },
        { path: `/articles/${site.diagramId}`, note: 'diagrams drawn in the browser' },
        ...listBenchPages(listPages),
      ]);
      landing = await fetchAsSent(`${server.url}/`);
    } finally {
      await stopServer(server, 'SIGTERM');
    }
    await measureWithHistory(dataDir, { startupMs, idleRss });
    return landing;
  });
}

/** `--history-only`: idle memory and start-up of the seeded site without and with full histories. */
async function mainHistoryOnly(): Promise<void> {
  await withDataDir(async (dataDir) => {
    await seedSite(dataDir, { articleCount: ARTICLE_COUNT, commentCount: Math.floor(ARTICLE_COUNT * 0.67) });
    await measureWithHistory(dataDir, await measureIdle(dataDir));
  });
}

/** One answer's bytes as they came over the wire (fetch would decompress them) and its content headers. */
function fetchAsSent(url: string): Promise<FixedAnswer> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: BROWSER_HEADERS }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          const headers = Object.fromEntries(
            CONTENT_HEADERS.flatMap((name) => {
              const value = response.headers[name];
              return typeof value === 'string' ? [[name, value]] : [];
            }),
          );
          resolve({ body: Buffer.concat(chunks), headers });
        });
        response.on('error', reject);
      })
      .on('error', reject);
  });
}

/**
 * Comment mail configured, the SMTP server down (nothing listens on port 9 of loopback): every
 * comment also queues the owner's notice in its commit (server/API.md §E13), and the sender's
 * attempts fail. A comment must cost no more than without mail.
 */
const MAIL_WITH_SMTP_DOWN = {
  SMTP_URL: 'smtp://127.0.0.1:9',
  MAIL_FROM: 'bench@example.com',
  OWNER_EMAIL: 'owner@example.com',
  PUBLIC_URL: 'https://bench.example.com',
};

/**
 * The cost of one comment must not grow with the number of comments ever posted, nor with comment
 * mail waiting for an SMTP server that is down.
 */
async function measureCommentScaling(): Promise<ScenarioResult[]> {
  const results: ScenarioResult[] = [];
  const runs = [
    { commentCount: 100, env: {}, label: '' },
    { commentCount: 100_000, env: {}, label: '' },
    { commentCount: 100, env: MAIL_WITH_SMTP_DOWN, label: ', mail on, SMTP down' },
  ];
  for (const { commentCount, env, label } of runs) {
    await withDataDir(async (dataDir) => {
      const site = await seedSite(dataDir, { articleCount: ARTICLE_COUNT, commentCount });
      const { server } = await startSite(dataDir, env);
      try {
        results.push(
          await runScenario(server.pid, `POST comment, ${commentCount.toLocaleString('en')} comments on the site${label}`, {
            url: server.url,
            connections: CONNECTIONS,
            duration: SECONDS,
            requests: commentRequests(site.detailId),
          }),
        );
      } finally {
        await stopServer(server, 'SIGTERM');
      }
    });
  }
  return results;
}

function printCommentCost([small, huge, mailDown]: ScenarioResult[]): void {
  if (!small || !huge || !mailDown) return;
  const ratio = (row: ScenarioResult) => (small.requestsPerSecond / row.requestsPerSecond).toFixed(2);
  console.info('');
  printTable(
    ['comment POST cost', 'ms per request (p50)', 'p99 ms', 'cost ratio (to the first row)'],
    [
      [small.name, small.p50.toFixed(1), small.p99.toFixed(1), ''],
      [huge.name, huge.p50.toFixed(1), huge.p99.toFixed(1), ratio(huge)],
      [mailDown.name, mailDown.p50.toFixed(1), mailDown.p99.toFixed(1), ratio(mailDown)],
    ],
  );
}

/** `--comments-only`: just the comment POST on a small and a huge site, for work on comment storage. */
async function mainCommentsOnly(): Promise<void> {
  const scaling = await measureCommentScaling();
  printScenarios(scaling, undefined);
  printCommentCost(scaling);
  if (scaling.some((row) => row.failures > 0)) {
    console.error('Some requests failed (connection errors, time-outs or non-2xx answers): see the failures column.');
    process.exitCode = 1;
  }
}

async function main(): Promise<void> {
  const ceiling = await measureCeiling(jsonAnswer(), 'raw node:http, fixed 5 KB JSON');
  const rows: ScenarioResult[] = [];
  const landing = await measureSite(rows);
  // A static file of `/`: plain `http` sending the very bytes `/` went out as, with only its
  // content headers. On one small machine the load generator shares the cores, and a bigger
  // answer costs it more to read, whoever sends it; this row shows how much.
  const landingReplay = await measureCeiling(
    landing,
    `raw node:http, / as sent (${(landing.body.length / 1024).toFixed(0)} KB brotli)`,
  );
  const scaling = await measureCommentScaling();
  const all = [ceiling, landingReplay, ...rows, ...scaling];

  console.info(`\nScenarios: ${SECONDS} s each on loopback; the ceiling is plain Node http in its own process`);
  console.info('Load generator: autocannon in the bench process, not keeping response bodies (see measure.ts)\n');
  printScenarios(all, ceiling.requestsPerSecond);
  printCommentCost(scaling);
  console.info(`\nPeak RSS across the site scenarios: ${Math.max(...rows.map((row) => row.peakRssMb)).toFixed(0)} MB`);

  if (all.some((row) => row.failures > 0)) {
    console.error('Some requests failed (connection errors, time-outs or non-2xx answers): see the failures column.');
    process.exitCode = 1;
  }

  // A scheduled backup of the same site while visitors read it (server/API.md §E22).
  console.info('');
  await benchBackup();

  await mainStatsOnly();

  // A big WordPress blog moved in while a visitor reads pages (server/API.md §E21).
  console.info('');
  await benchBlogImport();
}

/** `--stats-only`: the page-view hit against the raw ceiling (server/API.md §E23.1). */
async function mainStatsOnly(): Promise<void> {
  const rows = await benchStatsHits();
  if (rows.some((row) => row.failures > 0)) {
    console.error('Some page-view hits failed (connection errors, time-outs or non-2xx answers): see the failures column.');
    process.exitCode = 1;
  }
}

if (process.argv.includes('--comments-only')) await mainCommentsOnly();
else if (process.argv.includes('--stats-only')) await mainStatsOnly();
else if (process.argv.includes('--history-only')) await mainHistoryOnly();
else if (process.argv.includes('--import-only')) await benchBlogImport();
else await main();
