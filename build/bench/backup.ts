/**
 * The backup figures of `npm run bench` (server/API.md §E22): the benchmark site (2,000 articles,
 * 200 photos as body images, comments) on the real server entry as a child process, backed up to
 * a folder by `POST /api/admin/backups/run` while visitors keep reading pages. Prints the run's
 * time and archive size, the server's peak resident memory above idle while it runs, and the
 * p50/p99 of article pages during the backup beside the same load without one. Figures only:
 * it fails only when a request or the run does.
 *
 * Alone: `npm run build && tsx build/bench/backup.ts`.
 */
import { mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { BackupRun } from '../../shared/src/backups.js';
import { PROCESS_ADMIN_PASSWORD, spawnServer, stopServer } from '../../server/test/support/server-process.js';
import { login } from '../../tests/support/test-server.js';
import { rssMb, waitFor200 } from './measure.js';
import { phonePhoto } from './phone-photos.js';
import { readPagesAside } from './page-reader.js';
import { printTable } from './report.js';
import { seedSite } from './seed.js';

const ARTICLE_COUNT = 2000;
const PHOTO_COUNT = 200;
/** Visitors reading article pages at once, during the backup and in the comparison run. */
const READERS = 8;
const BASELINE_MS = 5000;
const IDLE_AFTER_MS = 5000;

interface Latencies {
  p50: number;
  p99: number;
  count: number;
}

const percentile = (sorted: readonly number[], share: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * share))] ?? 0;

/** `READERS` visitors loading article pages one after another until `done`, from a worker thread (page-reader.ts). */
async function readPages(urls: readonly string[], done: Promise<unknown>): Promise<Latencies> {
  const { times } = await readPagesAside(urls, done, { readers: READERS, pauseMs: 0, sinceEpochMs: Date.now() });
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 0.5), p99: percentile(times, 0.99), count: times.length };
}

/** Samples a process's resident memory every 50 ms until stopped; `stop` answers the peak. */
function sampleRss(pid: number, floor: number): { stop: () => number } {
  let peak = floor;
  const sampler = setInterval(() => {
    void rssMb(pid)
      .then((mb) => (peak = Math.max(peak, mb)))
      .catch(() => undefined);
  }, 50);
  return {
    stop() {
      clearInterval(sampler);
      return peak;
    },
  };
}

/** CPU time a process has used (user and system), in ms, from /proc (Linux; 100 ticks a second). */
async function cpuMs(pid: number): Promise<number> {
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/** Waits until the process used under 5 % of a core over a whole second. */
async function untilQuiet(pid: number): Promise<void> {
  for (;;) {
    const before = await cpuMs(pid);
    await sleep(1000);
    if ((await cpuMs(pid)) - before < 50) return;
  }
}

async function api<T>(url: string, token: string, method: string, body?: unknown): Promise<T> {
  const response = await fetch(url, {
    method,
    headers: { Authorization: `Bearer ${token}`, ...(body !== undefined && { 'Content-Type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const parsed = (await response.json()) as { data: T; url?: string; id?: number };
  if (!response.ok) throw new Error(`${method} ${url}: ${response.status} ${JSON.stringify(parsed)}`);
  return (parsed.url !== undefined || parsed.id !== undefined ? parsed : parsed.data) as T;
}

/** Runs the backup bench; prints its table. */
export async function benchBackup(): Promise<void> {
  const parent = await mkdtemp(path.join(tmpdir(), 'folio-bench-backup-'));
  const dataDir = path.join(parent, 'data');
  await mkdir(dataDir);
  try {
    await seedSite(dataDir, { articleCount: ARTICLE_COUNT - PHOTO_COUNT, commentCount: Math.floor(ARTICLE_COUNT * 0.67) });
    // `--source` runs the TypeScript entry through tsx, for a quick look without `npm run build`.
    const compiled = !process.argv.includes('--source');
    const server = await spawnServer({ dataDir, env: { TRUST_PROXY: 'true' }, startTimeoutMs: 60_000, compiled });
    try {
      await waitFor200(`${server.url}/`, performance.now());
      const token = await login(server.url, { password: PROCESS_ADMIN_PASSWORD });
      // The photos go in as the owner adds them: uploaded (cleaned), then shown in an article each.
      let photoBytes = 0;
      for (let n = 0; n < PHOTO_COUNT; n += 1) {
        const photo = await phonePhoto(1200, 900, 1000 + n * 7);
        photoBytes += photo.length;
        const form = new FormData();
        form.append('file', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), 'photo.jpg');
        const uploaded = await fetch(`${server.url}/api/admin/articles/images`, {
          method: 'POST',
          headers: { Authorization: `Bearer ${token}` },
          body: form,
        });
        const { url } = (await uploaded.json()) as { url: string };
        await api(`${server.url}/api/admin/articles`, token, 'POST', {
          title: `照片 ${n}`,
          content: `一张照片。\n\n![照片 ${n}](${url})`,
        });
      }
      const ids = await api<{ id: number; slug: string }[]>(`${server.url}/api/articles?per_page=50`, token, 'GET');
      const pages = ids.map((article) => `${server.url}/articles/${article.slug || article.id}`);
      // The photos' page sizes are made in the background: the figures wait until that is done.
      await untilQuiet(server.pid);
      await sleep(IDLE_AFTER_MS);
      const idleRss = await rssMb(server.pid);

      const loadPeak = sampleRss(server.pid, idleRss);
      const baseline = await readPages(pages, sleep(BASELINE_MS));
      const loadRss = loadPeak.stop();

      await api(`${server.url}/api/admin/settings/backups`, token, 'PUT', {
        schedule: { frequency: 'off', time: '03:30' },
        keep: 3,
        targets: [{ id: 'disk', kind: 'folder', path: path.join(parent, 'backups') }],
      });
      const backupPeak = sampleRss(server.pid, idleRss);
      const startedAt = performance.now();
      const started = await api<BackupRun>(`${server.url}/api/admin/backups/run`, token, 'POST');
      const finished = (async () => {
        for (;;) {
          const runs = await api<BackupRun[]>(`${server.url}/api/admin/backups`, token, 'GET');
          const run = runs.find((item) => item.id === started.id);
          if (run && run.status !== 'running') return { run, wallMs: performance.now() - startedAt };
          await sleep(20);
        }
      })();
      const during = await readPages(pages, finished);
      const { run, wallMs } = await finished;
      const peakRss = backupPeak.stop();
      if (run.status !== 'succeeded') throw new Error(`the backup failed: ${JSON.stringify(run)}`);
      const runMs = Date.parse(run.finished_at as string) - Date.parse(run.started_at);

      printTable(
        ['backup of 2,000 articles + 200 photos', 'figure'],
        [
          ['photos uploaded (MB)', (photoBytes / 1024 / 1024).toFixed(1)],
          ['archive (MB, gzip)', ((run.size ?? 0) / 1024 / 1024).toFixed(1)],
          ['run, start to verified (s)', (runMs / 1000).toFixed(2)],
          ['until the client saw it finished (s)', (wallMs / 1000).toFixed(2)],
          ['idle RSS (MB)', idleRss.toFixed(0)],
          ['peak RSS during the backup (MB)', peakRss.toFixed(0)],
          ['peak RSS above idle (MB)', (peakRss - idleRss).toFixed(0)],
          ['peak RSS, the same page load without a backup (MB)', loadRss.toFixed(0)],
          ['peak RSS above that (MB)', (peakRss - loadRss).toFixed(0)],
          [
            `article pages, ${READERS} readers, no backup: p50 / p99 (ms)`,
            `${baseline.p50.toFixed(1)} / ${baseline.p99.toFixed(1)} (${baseline.count} pages)`,
          ],
          [
            `article pages during the backup: p50 / p99 (ms)`,
            `${during.p50.toFixed(1)} / ${during.p99.toFixed(1)} (${during.count} pages)`,
          ],
        ],
      );
    } finally {
      await stopServer(server, 'SIGTERM');
    }
  } finally {
    await rm(parent, { recursive: true, force: true });
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) await benchBackup();
