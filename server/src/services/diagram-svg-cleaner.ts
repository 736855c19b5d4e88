import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { WorkerOptions } from 'node:worker_threads';
import pLimit from 'p-limit';
import { ServerMessages as M } from '@folio/shared';
import { badRequest } from '../errors.js';
import type { CleanDiagramSvg } from './diagram-svg.js';
import { CLEANER_WORKER_DATA, WORKER_READY } from './diagram-svg.worker.js';
import type { CleaningReply, CleaningRequest } from './diagram-svg.worker.js';

/**
 * Longest a diagram may take to clean. The largest uploads take a few hundred milliseconds;
 * anything slower is markup no one foresaw, and its worker is stopped rather than left to run.
 */
const CLEANING_TIMEOUT_MS = 10_000;
/** Memory a cleaning may take; beyond it the worker dies and the upload is refused. */
const WORKER_HEAP_MB = 128;
/** An idle worker goes after this long: uploads come in bursts, when the admin draws an article. */
const IDLE_WORKER_MS = 30_000;

interface Job {
  resolve: (cleaned: CleanDiagramSvg) => void;
  reject: (error: unknown) => void;
}

/**
 * Starts the worker thread. From the compiled bundle its file is `diagram-svg.worker.js` beside
 * `main.js` (build/start/bundle-server.ts builds both). From the TypeScript sources (tests,
 * `npm run dev`) the thread loads the `.ts` file through tsx's require hook, registered in the
 * thread itself: Node 20 runs no `--import` loader in worker threads.
 */
function startWorker(options: WorkerOptions): Worker {
  if (!import.meta.url.endsWith('.ts')) return new Worker(new URL('./diagram-svg.worker.js', import.meta.url), options);
  const resolveFromHere = createRequire(import.meta.url).resolve;
  const source = fileURLToPath(new URL('./diagram-svg.worker.ts', import.meta.url));
  const code = `require(${JSON.stringify(resolveFromHere('tsx/cjs/api'))}).register(); require(${JSON.stringify(source)});`;
  return new Worker(code, { ...options, eval: true });
}

/**
 * Cleans uploaded diagram SVGs (see cleanDiagramSvg) in a worker thread. The largest uploads
 * take a few hundred milliseconds to parse and clean; on the event loop that time was stolen
 * from every visitor, so the loop only hands the markup over and takes the result back.
 * One cleaning runs at a time: they are rare, and each gets the whole thread.
 */
export class DiagramSvgCleaner {
  private worker: Worker | undefined;
  /** The worker being started or running, resolved once it has loaded. */
  private ready: Promise<Worker> | undefined;
  private readonly jobs = new Map<number, Job>();
  private readonly oneAtATime = pLimit(1);
  private nextJobId = 1;
  private idleTimer: NodeJS.Timeout | undefined;

  constructor(private readonly timeoutMs = CLEANING_TIMEOUT_MS) {}

  /** Resolves with the cleaned SVG; rejects with the same 400s as cleanDiagramSvg, or when it takes too long. */
  clean(markup: string): Promise<CleanDiagramSvg> {
    return this.oneAtATime(() => this.run(markup));
  }

  /** Stops the worker (the app is closing); a later cleaning starts another. */
  async close(): Promise<void> {
    clearTimeout(this.idleTimer);
    if (this.worker) await this.discard(this.worker);
  }

  private async run(markup: string): Promise<CleanDiagramSvg> {
    clearTimeout(this.idleTimer);
    try {
      const worker = await this.startedWorker();
      return await this.cleanIn(worker, markup);
    } finally {
      if (this.worker) this.idleTimer = setTimeout(() => void this.close(), IDLE_WORKER_MS).unref();
    }
  }

  private cleanIn(worker: Worker, markup: string): Promise<CleanDiagramSvg> {
    const id = this.nextJobId++;
    return new Promise<CleanDiagramSvg>((resolve, reject) => {
      const timeout = setTimeout(() => {
        this.jobs.delete(id);
        reject(badRequest(M.diagramSvgTooComplex));
        void this.discard(worker);
      }, this.timeoutMs);
      const settle =
        <T>(finish: (value: T) => void) =>
        (value: T) => {
          clearTimeout(timeout);
          this.jobs.delete(id);
          finish(value);
        };
      this.jobs.set(id, { resolve: settle(resolve), reject: settle(reject) });
      worker.postMessage({ id, markup } satisfies CleaningRequest);
    });
  }

  /** The running worker, or a new one once it has loaded (its first message says so). */
  private startedWorker(): Promise<Worker> {
    this.ready ??= new Promise<Worker>((resolve, reject) => {
      const worker = startWorker({ workerData: CLEANER_WORKER_DATA, resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB } });
      // Never what keeps the process alive: an idle worker is stopped anyway.
      worker.unref();
      worker.on('message', (reply: CleaningReply | typeof WORKER_READY) => {
        if (reply === WORKER_READY) resolve(worker);
        else this.answer(reply);
      });
      worker.on('error', (error: NodeJS.ErrnoException) => {
        // Out of memory is the upload's fault; anything else is the server's.
        const failure = error.code === 'ERR_WORKER_OUT_OF_MEMORY' ? badRequest(M.diagramSvgTooComplex) : error;
        reject(failure);
        this.failAll(failure);
        void this.discard(worker);
      });
      worker.on('exit', () => {
        reject(new Error('The diagram cleaning worker stopped before it was ready'));
        if (this.worker !== worker) return;
        this.forget(worker);
        this.failAll(new Error('The diagram cleaning worker stopped'));
      });
      this.worker = worker;
    });
    return this.ready;
  }

  private answer(reply: CleaningReply): void {
    const job = this.jobs.get(reply.id);
    if (!job) return;
    if ('cleaned' in reply) job.resolve(reply.cleaned);
    else if ('refused' in reply) job.reject(badRequest(reply.refused));
    else job.reject(new Error(`Cleaning a diagram failed in its worker: ${reply.failed}`));
  }

  private failAll(error: unknown): void {
    for (const job of [...this.jobs.values()]) job.reject(error);
  }

  private async discard(worker: Worker): Promise<void> {
    this.forget(worker);
    await worker.terminate();
  }

  /** Lets the next cleaning start a new worker. */
  private forget(worker: Worker): void {
    if (this.worker !== worker) return;
    this.worker = undefined;
    this.ready = undefined;
  }
}
