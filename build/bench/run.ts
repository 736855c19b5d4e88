/**
 * `npm run bench`: seeds 2,000 articles into a temp data dir, starts the real server entry as a
 * child process on loopback, and measures start-up, throughput, latency and memory for the
 * public hot paths and a durable write. Bounded: about 5 s per scenario.
 */
import { readFile, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { ArticlesRepository } from '../../server/src/store/articles.repository.js';
import { CommentsRepository } from '../../server/src/store/comments.repository.js';
import { Store } from '../../server/src/store/store.js';
import { spawnServer, stopServer } from '../../server/test/support/server-process.js';
import type { ServerProcess } from '../../server/test/support/server-process.js';
import { SEARCH_TERM, buildBenchArticle } from './corpus.js';

const ARTICLE_COUNT = 2000;
const SCENARIO_SECONDS = 5;
const CONNECTIONS = 10;

interface ScenarioResult {
  name: string;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  requests: number;
  failures: number;
  peakRssMb: number;
}

async function seed(dataDir: string): Promise<{ bytes: number; detailId: number }> {
  const store = await Store.open(dataDir);
  const articles = new ArticlesRepository(store);
  const comments = new CommentsRepository(store);
  let bytes = 0;
  // Batches of concurrent creates share group commits, so seeding takes seconds, not minutes.
  for (let start = 0; start < ARTICLE_COUNT; start += 100) {
    const batch = Array.from({ length: Math.min(100, ARTICLE_COUNT - start) }, (_, offset) => buildBenchArticle(start + offset));
    bytes += batch.reduce((sum, article) => sum + Buffer.byteLength(article.content), 0);
    const created = await Promise.all(batch.map((article) => articles.create(article)));
    await Promise.all(
      created
        .filter((article) => article.id % 3 === 0)
        .flatMap((article) =>
          [1, 2].map((n) =>
            comments.create({
              article_id: article.id,
              author: `读者${n}`,
              email: '',
              content: '写得很清楚，收藏了。',
              ip_address: '127.0.0.1',
              user_agent: 'bench',
            }),
          ),
        ),
    );
  }
  await store.flush();
  const newest = articles.listLive()[0];
  return { bytes, detailId: newest?.id ?? 1 };
}

async function rssMb(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)\s+kB/.exec(status)?.[1] ?? 0);
  return kb / 1024;
}

async function waitForHealth(url: string): Promise<void> {
  for (;;) {
    try {
      if ((await fetch(`${url}/health`)).ok) return;
    } catch {
      // Not accepting yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

async function runScenario(server: ServerProcess, name: string, options: autocannon.Options): Promise<ScenarioResult> {
  let peak = await rssMb(server.pid);
  const sampler = setInterval(() => {
    void rssMb(server.pid).then((mb) => (peak = Math.max(peak, mb)));
  }, 200);
  try {
    const result = await autocannon({ connections: CONNECTIONS, duration: SCENARIO_SECONDS, ...options });
    return {
      name,
      requestsPerSecond: result.requests.average,
      p50: result.latency.p50,
      p99: result.latency.p99,
      requests: result.requests.total,
      failures: result.errors + result.non2xx,
      peakRssMb: peak,
    };
  } finally {
    clearInterval(sampler);
  }
}

/** Terminal columns a string takes: CJK characters are two wide. */
const displayWidth = (text: string) =>
  [...text].reduce((width, char) => width + (/[\u3000-\u9fff\uff00-\uffef]/.test(char) ? 2 : 1), 0);
const pad = (text: string, width: number, left: boolean) => {
  const fill = ' '.repeat(Math.max(0, width - displayWidth(text)));
  return left ? text + fill : fill + text;
};

function printTable(rows: ScenarioResult[]): void {
  const header = ['scenario', 'req/s', 'p50 ms', 'p99 ms', 'requests', 'failures', 'peak RSS MB'];
  const lines = rows.map((row) => [
    row.name,
    row.requestsPerSecond.toFixed(0),
    row.p50.toFixed(1),
    row.p99.toFixed(1),
    String(row.requests),
    String(row.failures),
    row.peakRssMb.toFixed(0),
  ]);
  const widths = header.map((title, column) =>
    Math.max(displayWidth(title), ...lines.map((line) => displayWidth(line[column] ?? ''))),
  );
  const format = (cells: string[]) => cells.map((cell, column) => pad(cell, widths[column] ?? 0, column === 0)).join('  ');
  console.info(format(header));
  console.info(widths.map((width) => '-'.repeat(width)).join('  '));
  for (const line of lines) console.info(format(line));
}

async function main(): Promise<void> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'folio-bench-'));
  let server: ServerProcess | undefined;
  try {
    const seedStart = performance.now();
    const { bytes, detailId } = await seed(dataDir);
    console.info(
      `Seeded ${ARTICLE_COUNT} articles (${(bytes / 1024 / 1024).toFixed(1)} MB of Markdown) in ${((performance.now() - seedStart) / 1000).toFixed(1)} s`,
    );

    const spawnStart = performance.now();
    // TRUST_PROXY lets every comment POST carry its own X-Forwarded-For address, so the per-IP
    // comment limit (5 a minute) measures the write path instead of answering 429.
    server = await spawnServer({ dataDir, env: { TRUST_PROXY: 'true' }, startTimeoutMs: 60_000 });
    await waitForHealth(server.url);
    const startupMs = performance.now() - spawnStart;
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const idleRss = await rssMb(server.pid);
    console.info(`Start-up (spawn -> /health OK, includes tsx transpiling the server): ${startupMs.toFixed(0)} ms`);
    console.info(`Idle RSS with ${ARTICLE_COUNT} articles loaded: ${idleRss.toFixed(0)} MB`);
    console.info(`Scenarios: ${SCENARIO_SECONDS} s each, ${CONNECTIONS} connections, loopback\n`);

    let address = 0;
    const rows: ScenarioResult[] = [];
    rows.push(await runScenario(server, 'GET /api/articles', { url: `${server.url}/api/articles` }));
    rows.push(
      await runScenario(server, `GET /api/articles?search=${SEARCH_TERM}`, {
        url: `${server.url}/api/articles?search=${encodeURIComponent(SEARCH_TERM)}`,
      }),
    );
    rows.push(await runScenario(server, `GET /api/articles/${detailId}`, { url: `${server.url}/api/articles/${detailId}` }));
    rows.push(
      await runScenario(server, `POST /api/articles/${detailId}/comments`, {
        url: server.url,
        requests: [
          {
            method: 'POST',
            path: `/api/articles/${detailId}/comments`,
            setupRequest: (request) => {
              address += 1;
              return {
                ...request,
                headers: {
                  'content-type': 'application/json',
                  'x-forwarded-for': `10.${(address >> 16) & 255}.${(address >> 8) & 255}.${address & 255}`,
                },
                body: JSON.stringify({ author: '压测读者', email: '', content: `第 ${address} 条评论：性能不错。` }),
              };
            },
          },
        ],
      }),
    );
    printTable(rows);
    console.info(
      `\nIdle RSS ${idleRss.toFixed(0)} MB; peak RSS under load ${Math.max(...rows.map((row) => row.peakRssMb)).toFixed(0)} MB`,
    );

    if (rows.some((row) => row.failures > 0)) {
      console.error('Some requests failed (connection errors or non-2xx answers): see the failures column.');
      process.exitCode = 1;
    }
  } finally {
    await stopServer(server, 'SIGTERM');
    await rm(dataDir, { recursive: true, force: true });
  }
}

await main();
