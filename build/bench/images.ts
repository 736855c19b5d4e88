/**
 * `npx tsx build/bench/images.ts` (after `npm run build`): what one large photo costs the
 * server. It starts the compiled server on an empty data dir, uploads a 12-megapixel phone-like
 * JPEG (4000×3000, under the 5 MB limit, phone-photos.ts) as a body image, and reports the time to the answer (the
 * file checked, cleaned and stored), the time until every page size exists
 * (server/API.md §E11.1), the server's peak resident memory meanwhile, and the slowest `/health` answer while
 * the sizes were being made. Figures only: the script fails only when a request does.
 *
 * `--runs=3` uploads that many different photos one after the other.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PROCESS_ADMIN_PASSWORD, spawnServer, stopServer } from '../../server/test/support/server-process.js';
import { login } from '../../tests/support/test-server.js';
import { rssMb } from './measure.js';
import { phonePhoto } from './phone-photos.js';
import { printTable } from './report.js';

const PHOTO_WIDTH = 4000;
const PHOTO_HEIGHT = 3000;
const SAMPLE_EVERY_MS = 25;

interface RunResult {
  bytes: number;
  answerMs: number;
  sizesMs: number;
  peakRssMb: number;
  slowestHealthMs: number;
}

/** Samples the server's memory until stopped; resolves with the peak in MB. */
function watchMemory(pid: number): { stop(): Promise<number> } {
  let peak = 0;
  let running = true;
  const loop = (async () => {
    while (running) {
      peak = Math.max(peak, await rssMb(pid));
      await new Promise((resolve) => setTimeout(resolve, SAMPLE_EVERY_MS));
    }
  })();
  return {
    async stop() {
      running = false;
      await loop;
      return peak;
    },
  };
}

async function uploadOnce(url: string, pid: number, token: string, photo: Buffer): Promise<RunResult> {
  const memory = watchMemory(pid);
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), 'photo.jpg');
  const startedAt = performance.now();
  const response = await fetch(`${url}/api/admin/articles/images`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  const body = (await response.json()) as { data?: { filename?: string } };
  const answerMs = performance.now() - startedAt;
  if (response.status !== 201 || !body.data?.filename)
    throw new Error(`the upload answered ${response.status}: ${JSON.stringify(body)}`);
  let slowestHealthMs = 0;
  for (;;) {
    const askedAt = performance.now();
    await (await fetch(`${url}/health`)).arrayBuffer();
    slowestHealthMs = Math.max(slowestHealthMs, performance.now() - askedAt);
    const facts = await fetch(`${url}/api/images/${body.data.filename}`);
    await facts.arrayBuffer();
    if (facts.status === 200) break;
    if (performance.now() - startedAt > 300_000) throw new Error('the sizes took more than five minutes');
    await new Promise((resolve) => setTimeout(resolve, SAMPLE_EVERY_MS));
  }
  const sizesMs = performance.now() - startedAt;
  return { bytes: photo.length, answerMs, sizesMs, peakRssMb: await memory.stop(), slowestHealthMs };
}

async function main(): Promise<void> {
  const runs = Number(/^--runs=(\d+)$/.exec(process.argv.find((arg) => arg.startsWith('--runs=')) ?? '')?.[1] ?? 3);
  const dataDir = await mkdtemp(path.join(tmpdir(), 'folio-bench-images-'));
  const server = await spawnServer({ dataDir, startTimeoutMs: 120_000, compiled: true });
  try {
    const token = await login(server.url, { password: PROCESS_ADMIN_PASSWORD });
    const idleRssMb = await rssMb(server.pid);
    const results: RunResult[] = [];
    for (let run = 0; run < runs; run += 1)
      results.push(await uploadOnce(server.url, server.pid, token, await phonePhoto(PHOTO_WIDTH, PHOTO_HEIGHT, run)));
    // What the server holds once the work is done (libvips and the allocator may keep some).
    await new Promise((resolve) => setTimeout(resolve, 2000));
    const afterRssMb = await rssMb(server.pid);
    console.info(
      `12 MP JPEG uploads (${PHOTO_WIDTH}×${PHOTO_HEIGHT}); server RSS idle ${idleRssMb.toFixed(0)} MB, ` +
        `2 s after the last sizes ${afterRssMb.toFixed(0)} MB`,
    );
    printTable(
      ['run', 'file MB', 'answer ms', 'all sizes ms', 'peak RSS MB', 'slowest /health ms'],
      results.map((result, index) => [
        String(index + 1),
        (result.bytes / 1024 / 1024).toFixed(2),
        result.answerMs.toFixed(0),
        result.sizesMs.toFixed(0),
        result.peakRssMb.toFixed(0),
        result.slowestHealthMs.toFixed(0),
      ]),
    );
  } finally {
    await stopServer(server, 'SIGTERM');
    await rm(dataDir, { recursive: true, force: true });
  }
}

await main();
