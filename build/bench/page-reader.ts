import { Worker } from 'node:worker_threads';

/** Page times a reader measured: every answer's, and the slowest three with when they came. */
export interface PageTimes {
  times: number[];
  slowest: { ms: number; url: string; atSecond: number }[];
}

export interface PageReaderOptions {
  /** Readers asking at once, each one page after another. */
  readers: number;
  /** Between the end of one of a reader's requests and the start of its next. */
  pauseMs: number;
  /** `performance.timeOrigin + performance.now()` of the moment `atSecond` counts from. */
  sinceEpochMs: number;
}

// Plain JavaScript, run as a worker's source: the loop of fetches, timed inside the worker.
const READER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const { urls, readers, pauseMs, sinceEpochMs } = workerData;
let stop = false;
parentPort.on('message', () => { stop = true; });
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const times = [];
const slowest = [];
let failure = null;
async function reader(first) {
  for (let n = first; !stop; n += readers) {
    const url = urls[n % urls.length];
    const startedAt = performance.now();
    const response = await fetch(url, { headers: { 'accept-encoding': 'gzip, deflate, br' } });
    await response.arrayBuffer();
    const ms = performance.now() - startedAt;
    if (response.status !== 200) failure ??= url + ' answered ' + response.status;
    times.push(ms);
    slowest.push({ ms, url, atSecond: (performance.timeOrigin + startedAt - sinceEpochMs) / 1000 });
    slowest.sort((a, b) => b.ms - a.ms);
    slowest.length = Math.min(slowest.length, 3);
    if (pauseMs > 0) await sleep(pauseMs);
  }
}
Promise.all(Array.from({ length: readers }, (_, index) => reader(index))).then(
  () => parentPort.postMessage({ times, slowest, failure }),
  (error) => parentPort.postMessage({ times, slowest, failure: String(error) }),
);
`;

/**
 * Visitors reading `urls` until `done` settles, from a worker thread: the bench's own work meanwhile
 * (sending a 30 MB upload, polling a job, sampling memory) never holds up their requests or their
 * clocks, so the times are the server's. Rejects when a page answered other than 200.
 */
export function readPagesAside(urls: readonly string[], done: Promise<unknown>, options: PageReaderOptions): Promise<PageTimes> {
  const worker = new Worker(READER_SOURCE, { eval: true, workerData: { urls, ...options } });
  return new Promise<PageTimes>((resolve, reject) => {
    worker.once('message', (result: PageTimes & { failure: string | null }) => {
      void worker.terminate();
      if (result.failure) reject(new Error(`a page failed while measured: ${result.failure}`));
      else resolve({ times: result.times, slowest: result.slowest });
    });
    worker.once('error', reject);
    void done.finally(() => worker.postMessage('stop'));
  });
}
