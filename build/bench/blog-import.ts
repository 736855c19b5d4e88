/**
 * The blog-import figures of `npm run bench` (server/API.md §E21): a WordPress export of 5,000
 * posts and about 20,000 threaded comments (wxr-corpus.ts) uploaded through
 * `POST /api/admin/imports` to the real server entry as `npm start` runs it, on a temp data dir,
 * and followed to the end. Meanwhile one visitor (in a worker thread: page-reader.ts) asks, every 50 ms, for the
 * landing page and an article page. Prints the import's time, each phase's (as the job's phases
 * were seen changing, every 50 ms), the server's peak resident memory and the pages' latencies
 * during the import. The images point at a loopback address, refused at once: images aside.
 * Figures only: it fails only when the import or a page does.
 *
 * Alone: `npm run build && tsx build/bench/blog-import.ts` (`--posts=N` for a smaller export).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { BlogImportJob } from '../../shared/src/blog-import.js';
import { PROCESS_ADMIN_PASSWORD, spawnServer, stopServer } from '../../server/test/support/server-process.js';
import { login } from '../../tests/support/test-server.js';
import { rssMb, waitFor200 } from './measure.js';
import { readPagesAside } from './page-reader.js';
import { printTable } from './report.js';
import { wxrCorpus } from './wxr-corpus.js';

const POSTS = Number(/^--posts=(\d+)$/.exec(process.argv.find((arg) => arg.startsWith('--posts=')) ?? '')?.[1] ?? 5000);
/** Between the end of one page request and the start of the next. */
const PAGE_EVERY_MS = 50;
const POLL_EVERY_MS = 50;
/** Long enough after the first page for start-up's background work to finish. */
const IDLE_AFTER_MS = 3000;
const BASELINE_MS = 5000;

const percentile = (sorted: readonly number[], share: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * share))] ?? 0;

/** `p50 / p99 / max` of page times, in ms. */
function latencies(times: readonly number[]): string {
  const sorted = [...times].sort((a, b) => a - b);
  return `${percentile(sorted, 0.5).toFixed(1)} / ${percentile(sorted, 0.99).toFixed(1)} / ${(sorted.at(-1) ?? 0).toFixed(1)}`;
}

/** One visitor: the landing page and an article page in turn, `PAGE_EVERY_MS` apart. */
const reading = (sinceEpochMs: number) => ({ readers: 1, pauseMs: PAGE_EVERY_MS, sinceEpochMs });

async function getJson<T>(url: string, token: string): Promise<T> {
  const response = await fetch(url, { headers: { Authorization: `Bearer ${token}` } });
  const body = (await response.json()) as { data: T };
  if (!response.ok) throw new Error(`GET ${url}: ${response.status} ${JSON.stringify(body)}`);
  return body.data;
}

/** Runs the blog-import bench; prints its table. */
export async function benchBlogImport(): Promise<void> {
  const corpus = wxrCorpus(POSTS);
  const file = new Blob(corpus.pieces, { type: 'application/xml' });
  const dataDir = await mkdtemp(path.join(tmpdir(), 'folio-bench-import-'));
  try {
    const compiled = !process.argv.includes('--source');
    const server = await spawnServer({ dataDir, startTimeoutMs: 60_000, compiled });
    try {
      await waitFor200(`${server.url}/`, performance.now());
      const phaseStarts: { phase: string; at: number }[] = [{ phase: 'upload', at: 0 }];
      const token = await login(server.url, { password: PROCESS_ADMIN_PASSWORD });
      const [article] = await getJson<{ id: number; slug: string }[]>(`${server.url}/api/articles?per_page=1`, token);
      if (!article) throw new Error('the fresh site has no article to read');
      const pages = [`${server.url}/`, `${server.url}/articles/${article.slug || article.id}`];
      // Each page once before: the figures are of pages answered during an import, not of a first render.
      for (const url of pages) await (await fetch(url)).arrayBuffer();
      await sleep(IDLE_AFTER_MS);
      const idleRss = await rssMb(server.pid);
      // The same visitor without an import: on a shared machine, what the pages cost anyway.
      const baseline = await readPagesAside(pages, sleep(BASELINE_MS), reading(Date.now()));

      let peakRss = idleRss;
      const peakByPhase = new Map<string, number>();
      const sampler = setInterval(() => {
        const phase = phaseStarts.at(-1)?.phase ?? 'upload';
        void rssMb(server.pid)
          .then((mb) => {
            peakRss = Math.max(peakRss, mb);
            peakByPhase.set(phase, Math.max(peakByPhase.get(phase) ?? 0, mb));
          })
          .catch(() => undefined);
      }, 50);
      const startedAt = performance.now();
      const startedAtEpoch = Date.now();
      const form = new FormData();
      form.append('file', file, 'wordpress.WordPress.2024-01-05.xml');
      form.append('options', JSON.stringify({ site_url: 'https://old-blog.example.com' }));
      const finished = (async () => {
        const response = await fetch(`${server.url}/api/admin/imports`, {
          method: 'POST',
          headers: { Authorization: `Bearer ${token}` },
          body: form,
        });
        const started = (await response.json()) as { data: BlogImportJob };
        if (response.status !== 202) throw new Error(`POST /api/admin/imports: ${response.status} ${JSON.stringify(started)}`);
        for (;;) {
          const job = await getJson<BlogImportJob>(`${server.url}/api/admin/imports/${started.data.id}`, token);
          // The phases a poll skipped over took under one poll each.
          for (const { phase } of job.phases.slice(phaseStarts.length - 1)) {
            phaseStarts.push({ phase, at: performance.now() - startedAt });
          }
          if (job.status !== 'running') {
            phaseStarts.push({ phase: 'end', at: performance.now() - startedAt });
            return job;
          }
          await sleep(POLL_EVERY_MS);
        }
      })();
      const during = await readPagesAside(pages, finished, reading(startedAtEpoch));
      const job = await finished;
      const wallMs = performance.now() - startedAt;
      clearInterval(sampler);
      if (job.status !== 'succeeded') throw new Error(`the import ended ${job.status}: ${job.error ?? ''}`);
      const afterRss = await rssMb(server.pid);

      const phases = phaseStarts.slice(0, -1).map(({ phase, at }, index) => {
        const next = phaseStarts[index + 1]?.at ?? at;
        // Redirects are planned at once: the rest of that phase is the store's commit.
        const name = phase === 'redirects' ? 'redirects and the commit' : phase;
        return [`  ${name}: s, peak RSS MB`, `${((next - at) / 1000).toFixed(1)}, ${(peakByPhase.get(phase) ?? 0).toFixed(0)}`];
      });
      const { report } = job;
      printTable(
        [`blog import: WordPress export of ${POSTS.toLocaleString('en')} posts`, 'figure'],
        [
          ['export (MB)', (corpus.bytes / 1024 / 1024).toFixed(1)],
          ['comments in the export', corpus.comments.toLocaleString('en')],
          [
            'imported: articles / pages / comments / redirects',
            `${report.articles_imported} / ${report.pages_imported} / ${report.comments_imported} / ${report.redirects.length}`,
          ],
          ['images refused (loopback)', String(report.images_failed.length)],
          ['total, upload to stored (s)', (wallMs / 1000).toFixed(1)],
          ...phases,
          ['idle RSS before (MB)', idleRss.toFixed(0)],
          ['peak RSS during the import (MB)', peakRss.toFixed(0)],
          ['RSS just after (MB)', afterRss.toFixed(0)],
          [`pages, no import: p50 / p99 / max (ms)`, `${latencies(baseline.times)} (${baseline.times.length} pages)`],
          [`pages during the import: p50 / p99 / max (ms)`, `${latencies(during.times)} (${during.times.length} pages)`],
          [
            'slowest pages (ms at s, which)',
            during.slowest
              .map(
                ({ ms, url, atSecond }) =>
                  `${ms.toFixed(0)} at ${atSecond.toFixed(1)} ${new URL(url).pathname === '/' ? '/' : 'article'}`,
              )
              .join(', '),
          ],
        ],
      );
    } catch (error) {
      // What the server said last: why it failed, or why it is gone.
      console.error(server.output().slice(-4000));
      throw error;
    } finally {
      await stopServer(server, 'SIGTERM');
    }
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) await benchBlogImport();
