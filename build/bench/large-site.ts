/**
 * `npx tsx build/bench/large-site.ts` (after `npm run build`): the memory of the compiled server on
 * a large site (20,000 articles by default, the size `npm run bench:saves` builds) and the speed of
 * what reads the whole site: the Chinese search, the article list and the landing page. It prints
 * resident memory when idle (5 s after the first page, once start-up's search indexing is done),
 * the peak while the scenarios run (sampled every 100 ms) and idle again after them, and each
 * scenario's rate and latency. Figures only: the script fails only when a request does.
 *
 * `--articles=N` picks the size; `--data-dir=DIR` keeps the seeded site there and reuses it in the
 * next run (seeding 20,000 articles takes about a minute); `--heap-snapshot` has the server write
 * a V8 heap snapshot into the data dir when idle after the scenarios (read it with
 * `npx tsx build/bench/heap-summary.ts FILE`); `--idle-ms=N` waits N ms instead of 5 s before each idle reading.
 */
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { spawnServer, stopServer } from '../../server/test/support/server-process.js';
import { SEARCH_TERM } from './corpus.js';
import { rssMb, runScenario, waitFor200 } from './measure.js';
import type { ScenarioResult } from './measure.js';
import { printScenarios } from './report.js';
import { seedSite } from './seed.js';

const IDLE_AFTER_MS = Number(process.argv.find((arg) => arg.startsWith('--idle-ms='))?.slice('--idle-ms='.length) ?? 5000);
/**
 * Searches answered once each, before any is cached (the public list caches each answer until the
 * next write): what a visitor's new query costs. Terms of the corpus, and two it lacks.
 */
const UNCACHED_TERMS = [
  '性能优化',
  '缓存策略',
  '并发模型',
  '类型系统',
  '状态管理',
  '日志与监控',
  '持续集成',
  '数据库索引',
  '内存管理',
  '接口设计',
  '错误处理',
  '权衡',
  '监控和告警',
  '单元测试',
  '边界条件',
  '长尾延迟',
  '新同事',
  '核心思路',
  'typescript',
  'react',
  'kubernetes',
  'postgresql',
  'latency',
  'throughput',
  'boring design',
  'hot path',
  'retry',
  'in practice',
  '微服务',
  '读书笔记',
  '不存在的词语',
  'zzyzx',
];
const SECONDS = 5;

function option(name: string): string | undefined {
  const prefix = `--${name}=`;
  return process.argv.find((arg) => arg.startsWith(prefix))?.slice(prefix.length);
}

const articles = Number(option('articles') ?? 20_000);
const keptDataDir = option('data-dir');
const heapSnapshot = process.argv.includes('--heap-snapshot');

const dataDir = keptDataDir ? path.resolve(keptDataDir) : await mkdtemp(path.join(tmpdir(), 'folio-bench-large-'));
try {
  if (!existsSync(path.join(dataDir, 'articles.log')) && !existsSync(path.join(dataDir, 'articles.json'))) {
    await mkdir(dataDir, { recursive: true });
    const seededAt = performance.now();
    await seedSite(dataDir, { articleCount: articles, commentCount: 0 });
    console.info(`seeded ${articles.toLocaleString('en')} articles in ${((performance.now() - seededAt) / 1000).toFixed(1)} s`);
  }
  const spawnedAt = performance.now();
  const server = await spawnServer({
    dataDir,
    compiled: true,
    startTimeoutMs: 120_000,
    env: heapSnapshot ? { NODE_OPTIONS: '--heapsnapshot-signal=SIGUSR2' } : {},
  });
  try {
    const startupMs = await waitFor200(`${server.url}/`, spawnedAt, 120_000);
    await sleep(IDLE_AFTER_MS);
    const idleMb = await rssMb(server.pid);
    const uncachedMs: number[] = [];
    for (const term of UNCACHED_TERMS) {
      const startedAt = performance.now();
      const response = await fetch(`${server.url}/api/articles?search=${encodeURIComponent(term)}`);
      await response.arrayBuffer();
      if (response.status !== 200) throw new Error(`search ${term} answered ${response.status}`);
      uncachedMs.push(performance.now() - startedAt);
    }
    uncachedMs.sort((a, b) => a - b);
    const scenarios: ScenarioResult[] = [];
    const run = async (name: string, route: string, connections: number) => {
      scenarios.push(
        await runScenario(server.pid, name, {
          url: `${server.url}${route}`,
          connections,
          duration: SECONDS,
          headers: { 'accept-encoding': 'gzip, deflate, br' },
        }),
      );
    };
    await run(`GET /api/articles?search=${SEARCH_TERM}`, `/api/articles?search=${encodeURIComponent(SEARCH_TERM)}`, 10);
    await run('GET /api/articles?search=typescript', '/api/articles?search=typescript', 10);
    await run('GET /api/articles', '/api/articles', 50);
    await run('GET / (HTML)', '/', 50);
    await sleep(IDLE_AFTER_MS);
    const idleAfterMb = await rssMb(server.pid);
    console.info(`\n${articles.toLocaleString('en')} articles; start-up to first 200 on /: ${Math.round(startupMs)} ms`);
    console.info(
      `RSS idle ${idleMb.toFixed(0)} MB, peak ${Math.max(...scenarios.map((s) => s.peakRssMb)).toFixed(0)} MB, idle after ${idleAfterMb.toFixed(0)} MB\n`,
    );
    const at = (share: number) =>
      (uncachedMs[Math.min(uncachedMs.length - 1, Math.floor(share * uncachedMs.length))] ?? 0).toFixed(1);
    console.info(
      `uncached searches (${UNCACHED_TERMS.length} terms, one request each): median ${at(0.5)} ms, p90 ${at(0.9)} ms, slowest ${at(1)} ms\n`,
    );
    printScenarios(scenarios, undefined);
    if (heapSnapshot) {
      const before = new Set(await readdir(dataDir));
      process.kill(server.pid, 'SIGUSR2');
      for (let tries = 0; ; tries += 1) {
        const written = (await readdir(dataDir)).find((name) => name.endsWith('.heapsnapshot') && !before.has(name));
        if (written) {
          // Written in one go after V8 walked the heap; give the write a moment to finish.
          await sleep(3000);
          console.info(`\nheap snapshot: ${path.join(dataDir, written)}`);
          break;
        }
        if (tries > 600) throw new Error('the server wrote no heap snapshot within 60 s');
        await sleep(100);
      }
    }
  } finally {
    await stopServer(server, 'SIGTERM');
  }
} finally {
  if (!keptDataDir) await rm(dataDir, { recursive: true, force: true });
}
