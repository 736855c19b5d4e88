/**
 * `npm run bench:saves`: what saving an article costs on a 2,000-article site and on a
 * 20,000-article one (a WordPress migrant's), side by side. For each size it starts the compiled
 * server on an empty data dir and creates every article through the HTTP API (the seeding time);
 * then, both servers running, it times one request at a time, the sites taking turns, creates,
 * draft saves (a PUT of a new body with `If-Match` on a draft) and the editor's autosave
 * (server/API.md §E9); last it restarts each server to time its start-up and read its idle
 * memory. Figures only: the script fails only when a request does.
 *
 * `--sizes=2000,20000` picks the site sizes.
 */
import { mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PROCESS_ADMIN_PASSWORD, spawnServer, stopServer } from '../../server/test/support/server-process.js';
import type { ServerProcess } from '../../server/test/support/server-process.js';
import { login } from '../../tests/support/test-server.js';
import { buildBenchArticle } from './corpus.js';
import { rssMb, waitFor200 } from './measure.js';
import { printTable } from './report.js';

const DEFAULT_SIZES = [2000, 20_000];
/** Creates in flight while seeding, as a migration tool or a few admin tabs would send them. */
const SEED_CONCURRENCY = 8;
/** Creates and saves timed one at a time after seeding. */
const TIMED_OPERATIONS = 300;
/** Articles the timed saves go round, spread over the whole site (old ones included). */
const EDITED_ARTICLES = 20;
/** Long enough after the first page for start-up's background work (search indexing) to finish. */
const IDLE_AFTER_MS = 5000;

interface SizeResult {
  articles: number;
  seedSeconds: number;
  createMs: number[];
  saveMs: number[];
  autosaveMs: number[];
  startupMs: number;
  idleRssMb: number;
  /** Bytes of the article index files (everything at the data dir's top level named `articles.*`). */
  indexBytes: number;
}

type Fields = ReturnType<typeof buildBenchArticle>;

/** Article `index` of the bench corpus as a client sends it: the API takes no dot in a tag ('Node.js'). */
function articleToSend(index: number): Fields {
  const fields = buildBenchArticle(index);
  return { ...fields, tags: fields.tags.map((tag) => tag.replaceAll('.', '')) };
}

class BenchClient {
  constructor(
    private readonly url: string,
    private readonly token: string,
  ) {}

  /** Sends one admin request; throws on anything but the expected status, so a failure stops the bench. */
  async send(method: string, route: string, expected: number, init: { json?: unknown; headers?: Record<string, string> } = {}) {
    const response = await fetch(`${this.url}${route}`, {
      method,
      headers: { authorization: `Bearer ${this.token}`, 'content-type': 'application/json', ...init.headers },
      body: init.json === undefined ? undefined : JSON.stringify(init.json),
    });
    const body = (await response.json()) as { id?: number; data?: { id?: number } };
    if (response.status !== expected) throw new Error(`${method} ${route} answered ${response.status}: ${JSON.stringify(body)}`);
    return { body, etag: response.headers.get('etag') ?? '' };
  }

  async create(fields: Fields): Promise<number> {
    const { body } = await this.send('POST', '/api/admin/articles', 201, { json: fields });
    const id = body.id ?? body.data?.id;
    if (typeof id !== 'number') throw new Error(`a create answered no id: ${JSON.stringify(body)}`);
    return id;
  }
}

async function timed(task: () => Promise<unknown>): Promise<number> {
  const startedAt = performance.now();
  await task();
  return performance.now() - startedAt;
}

/** Creates articles 0..count-1 of the corpus, `SEED_CONCURRENCY` at a time; resolves with their ids. */
async function seedThroughApi(client: BenchClient, count: number): Promise<number[]> {
  const ids: number[] = [];
  let next = 0;
  const worker = async () => {
    while (next < count) {
      const index = next;
      next += 1;
      ids.push(await client.create(articleToSend(index)));
    }
  };
  await Promise.all(Array.from({ length: SEED_CONCURRENCY }, worker));
  return ids;
}

/** A few articles spread over the whole site (old ones included), made drafts: the ones the timed saves edit. */
async function draftsToEdit(client: BenchClient, ids: readonly number[]): Promise<Map<number, string>> {
  const step = Math.max(1, Math.floor(ids.length / EDITED_ARTICLES));
  const etags = new Map<number, string>();
  for (const id of ids.filter((_, index) => index % step === 0).slice(0, EDITED_ARTICLES)) {
    etags.set(id, (await client.send('PUT', `/api/admin/articles/${id}`, 200, { json: { status: 'draft' } })).etag);
  }
  return etags;
}

/** A seeded site with its server running. */
interface Site {
  articles: number;
  dataDir: string;
  server: ServerProcess;
  client: BenchClient;
  seedSeconds: number;
  /** The drafts the timed saves go round, with the ETag of each one's current revision. */
  drafts: Map<number, string>;
}

/** A draft save: a new body with the revision it was based on, round the drafts. */
async function saveDraft(site: Site, step: number): Promise<void> {
  const [id, etag] = [...site.drafts][step % site.drafts.size] ?? [0, '*'];
  const content = `${buildBenchArticle(id).content}\n\n草稿第 ${step} 次保存。`;
  const answer = await site.client.send('PUT', `/api/admin/articles/${id}`, 200, {
    json: { content },
    headers: { 'if-match': etag },
  });
  site.drafts.set(id, answer.etag);
}

/** The editor's autosave of unsaved fields (a file of its own per article), round the drafts. */
async function autosave(site: Site, step: number): Promise<void> {
  const [id, etag] = [...site.drafts][step % site.drafts.size] ?? [0, '""'];
  const { title, category, tags, summary, cover, content } = articleToSend(id);
  const unsaved = `${content}\n\n还没保存的第 ${step} 段。`;
  const json = { title, category, tags, summary, cover, content: unsaved, base_revision: Number(JSON.parse(etag)) };
  await site.client.send('PUT', `/api/admin/articles/${id}/autosave`, 200, { json });
}

/**
 * Times `operation` on every site, one request at a time, the sites taking turns: both sizes then
 * meet the same load from the rest of the machine, which on a shared one moves from minute to minute.
 */
async function timeInTurns(
  sites: readonly Site[],
  operation: (site: Site, step: number) => Promise<unknown>,
): Promise<number[][]> {
  const durations = sites.map((): number[] => []);
  for (let step = 0; step < TIMED_OPERATIONS; step += 1) {
    for (const [index, site] of sites.entries()) durations[index]?.push(await timed(() => operation(site, step)));
  }
  return durations;
}

async function indexBytes(dataDir: string): Promise<number> {
  const names = (await readdir(dataDir)).filter((name) => name.startsWith('articles.'));
  const sizes = await Promise.all(names.map(async (name) => (await stat(path.join(dataDir, name))).size));
  return sizes.reduce((sum, size) => sum + size, 0);
}

async function startServer(dataDir: string): Promise<{ server: ServerProcess; startupMs: number }> {
  const spawnedAt = performance.now();
  const server = await spawnServer({ dataDir, startTimeoutMs: 120_000, compiled: true });
  return { server, startupMs: await waitFor200(`${server.url}/`, spawnedAt, 120_000) };
}

/** Starts a server on an empty data dir and creates `articles` articles through its API. */
async function seedSite(articles: number): Promise<Site> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'folio-bench-saves-'));
  let server: ServerProcess | undefined;
  try {
    server = (await startServer(dataDir)).server;
    const client = new BenchClient(server.url, await login(server.url, { password: PROCESS_ADMIN_PASSWORD }));
    const seededAt = performance.now();
    const ids = await seedThroughApi(client, articles);
    const seedSeconds = (performance.now() - seededAt) / 1000;
    console.info(`${articles.toLocaleString('en')} articles created through the API in ${seedSeconds.toFixed(1)} s`);
    return { articles, dataDir, server, client, seedSeconds, drafts: await draftsToEdit(client, ids) };
  } catch (error) {
    await stopServer(server, 'SIGTERM');
    await rm(dataDir, { recursive: true, force: true });
    throw error;
  }
}

/** Restarts a site's server to time its start-up and read its idle memory. */
async function restartSite(site: Site): Promise<{ startupMs: number; idleRssMb: number }> {
  await stopServer(site.server, 'SIGTERM');
  const restarted = await startServer(site.dataDir);
  site.server = restarted.server;
  await new Promise((resolve) => setTimeout(resolve, IDLE_AFTER_MS));
  return { startupMs: restarted.startupMs, idleRssMb: await rssMb(site.server.pid) };
}

async function measure(sizes: readonly number[]): Promise<SizeResult[]> {
  const sites: Site[] = [];
  try {
    // One size after the other: seeding takes both cores.
    for (const articles of sizes) sites.push(await seedSite(articles));
    const createMs = await timeInTurns(sites, (site, step) => site.client.create(articleToSend(site.articles + step)));
    const autosaveMs = await timeInTurns(sites, autosave);
    const saveMs = await timeInTurns(sites, saveDraft);
    const results: SizeResult[] = [];
    for (const [index, site] of sites.entries()) {
      const { startupMs, idleRssMb } = await restartSite(site);
      results.push({
        articles: site.articles,
        seedSeconds: site.seedSeconds,
        createMs: createMs[index] ?? [],
        saveMs: saveMs[index] ?? [],
        autosaveMs: autosaveMs[index] ?? [],
        startupMs,
        idleRssMb,
        indexBytes: await indexBytes(site.dataDir),
      });
    }
    return results;
  } finally {
    for (const site of sites) {
      await stopServer(site.server, 'SIGTERM');
      await rm(site.dataDir, { recursive: true, force: true });
    }
  }
}

function percentile(values: readonly number[], share: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(share * sorted.length))] ?? 0;
}

function printResults(results: readonly SizeResult[]): void {
  const [first] = results;
  const ratio = (value: (result: SizeResult) => number, result: SizeResult) =>
    first && result !== first ? ` (${(value(result) / value(first)).toFixed(2)}x)` : '';
  const cell = (result: SizeResult, value: (result: SizeResult) => number, digits: number) =>
    `${value(result).toFixed(digits)}${ratio(value, result)}`;
  const rows: Array<[string, (result: SizeResult) => number, number]> = [
    ['create ms/op p50', (result) => percentile(result.createMs, 0.5), 2],
    ['create ms/op p99', (result) => percentile(result.createMs, 0.99), 2],
    ['PUT draft save ms/op p50', (result) => percentile(result.saveMs, 0.5), 2],
    ['PUT draft save ms/op p99', (result) => percentile(result.saveMs, 0.99), 2],
    ['autosave PUT ms/op p50', (result) => percentile(result.autosaveMs, 0.5), 2],
    ['autosave PUT ms/op p99', (result) => percentile(result.autosaveMs, 0.99), 2],
    ['seeding through the API, s', (result) => result.seedSeconds, 1],
    ['seeding, ms per article', (result) => (result.seedSeconds * 1000) / result.articles, 2],
    ['start-up to first 200 on /, ms', (result) => result.startupMs, 0],
    ['idle RSS, MB', (result) => result.idleRssMb, 0],
    ['article index on disk, MB', (result) => result.indexBytes / 1024 / 1024, 2],
  ];
  console.info(
    `\nSaves one at a time (${TIMED_OPERATIONS} each), the sites taking turns, after seeding with ${SEED_CONCURRENCY} creates in flight; ratios against the smallest site\n`,
  );
  printTable(
    ['', ...results.map((result) => `${result.articles.toLocaleString('en')} articles`)],
    rows.map(([name, value, digits]) => [name, ...results.map((result) => cell(result, value, digits))]),
  );
}

function sizesFromArguments(): number[] {
  const argument = process.argv.find((arg) => arg.startsWith('--sizes='));
  if (!argument) return DEFAULT_SIZES;
  const sizes = argument.slice('--sizes='.length).split(',').map(Number);
  if (sizes.some((size) => !Number.isSafeInteger(size) || size < EDITED_ARTICLES)) {
    throw new Error(`--sizes takes whole numbers of at least ${EDITED_ARTICLES}, comma-separated: ${argument}`);
  }
  return sizes;
}

printResults(await measure(sizesFromArguments()));
