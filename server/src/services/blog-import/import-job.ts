import { randomUUID } from 'node:crypto';
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { BlogImportJobMessages as M, emptyBlogImportReport } from '@folio/shared';
import type { BlogImportJob, BlogImportOptions, BlogImportPhase } from '@folio/shared';
import { badRequest, conflict, notFound } from '../../errors.js';
import type { Logger } from '../../logger.js';
import { ImportPlanStaleError } from '../../store/backup.repository.js';
import type { BlogImportRepository } from '../../store/blog-import.repository.js';
import { isoNow } from '../../store/clock.js';
import type { PublishingSchedule } from '../publishing-schedule.service.js';
import { detectFormat } from './detect-format.js';
import { KEEP_OLD_IMAGES, SNIFF_BYTES } from './import-steps.js';
import type { BlogImportSteps, BlogReader } from './import-steps.js';
import { planArticles, planComments, planRedirects, rewriteImages } from './import-plan.js';
import { BlogSourceError } from './source.js';

/** Finished jobs kept in memory for `GET /api/admin/imports/:id` (server/API.md §E21); older ones are forgotten. */
export const FINISHED_JOBS_KEPT = 5;

/** At most this often a running job's progress goes out over the admin socket; phase changes and the end at once. */
export const PROGRESS_INTERVAL_MS = 250;

/** What the app does once an import is stored: announce the new articles and comments. */
export interface BlogImportEvents {
  progress(job: BlogImportJob): void;
  applied(change: { articleIds: number[]; commentArticleIds: number[] }): void;
}

/** The right to run the one import at a time, taken before the upload is read (a slow upload holds it too). */
export interface ImportSlot {
  release(): void;
}

/** The uploaded file, in the request's temp folder until the job takes it. */
export interface ImportUpload {
  path: string;
  size: number;
}

async function readHead(file: string): Promise<Buffer> {
  const handle = await fs.open(file, 'r');
  try {
    const buffer = Buffer.alloc(SNIFF_BYTES);
    const { bytesRead } = await handle.read(buffer, 0, SNIFF_BYTES, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

/** One job: its public shape, kept current, and what runs it. */
class RunningImport {
  readonly controller = new AbortController();
  /** Set once the commit has begun: from then on the import ends stored, or failed, never cancelled. */
  committing = false;
  finished: Promise<void> = Promise.resolve();
  private lastSent = 0;
  private trailing: NodeJS.Timeout | null = null;

  constructor(
    readonly job: BlogImportJob,
    private readonly send: (job: BlogImportJob) => void,
  ) {}

  enter(phase: BlogImportPhase, total: number): void {
    this.job.phase = phase;
    this.job.done = 0;
    this.job.total = total;
    this.job.phases.push({ phase, done: 0, total });
    this.announce(true);
  }

  advance(done: number, total = this.job.total): void {
    this.job.done = done;
    this.job.total = total;
    const current = this.job.phases.at(-1);
    if (current) Object.assign(current, { done, total });
    this.announce(false);
  }

  /** Sends the job now, or (throttled) at the end of the interval, so the last progress always goes out. */
  announce(now: boolean): void {
    const wait = this.lastSent + PROGRESS_INTERVAL_MS - Date.now();
    if (!now && wait > 0) {
      this.trailing ??= setTimeout(() => this.announce(true), wait).unref();
      return;
    }
    if (this.trailing) clearTimeout(this.trailing);
    this.trailing = null;
    this.lastSent = Date.now();
    this.send(structuredClone(this.job));
  }
}

/**
 * Moving a blog in (server/API.md §E21): one background job at a time reads the uploaded file,
 * plans articles, comments, images and redirects, and stores them in one commit at the end. A
 * cancel or a failure before that commit leaves the site as it was.
 */
export class BlogImportService {
  private slotTaken = false;
  private running: RunningImport | null = null;
  /** Jobs by id, oldest first: the running one and the last {@link FINISHED_JOBS_KEPT} finished. */
  private readonly jobs = new Map<string, RunningImport>();
  private events: BlogImportEvents = { progress: () => {}, applied: () => {} };

  constructor(
    private readonly repository: BlogImportRepository,
    private readonly schedule: PublishingSchedule,
    private readonly tempDir: string,
    private readonly logger: Logger,
    /** The readers and the images step; tests may replace entries. */
    readonly steps: BlogImportSteps,
  ) {}

  /** Where progress and stored imports are announced (the routes set the admin socket). */
  announceWith(events: BlogImportEvents): void {
    this.events = events;
  }

  /** Takes the one import slot, or refuses with 409 while a job runs or an upload is being read. */
  claim(): ImportSlot {
    if (this.slotTaken) throw conflict(M.alreadyRunning);
    this.slotTaken = true;
    let released = false;
    return {
      release: () => {
        if (released) return;
        released = true;
        this.slotTaken = false;
      },
    };
  }

  /**
   * Recognises the file by its first bytes (400 when it is no blog export this server reads),
   * moves it out of the request's temp folder and starts the job, which holds `slot` until it ends.
   */
  async start(slot: ImportSlot, upload: ImportUpload, options: BlogImportOptions): Promise<BlogImportJob> {
    if (upload.size === 0) throw badRequest(M.fileEmpty);
    const format = detectFormat(await readHead(upload.path), this.steps);
    if (format === null) throw badRequest(M.formatUnknown);
    const reader = this.steps.readers[format];
    if (!reader) throw badRequest(M.formatUnsupported(format));
    const id = randomUUID();
    const file = path.join(this.tempDir, `blog-import-${id}`);
    await fs.rename(upload.path, file);
    const job: BlogImportJob = {
      id,
      status: 'running',
      phase: 'reading',
      done: 0,
      total: upload.size,
      phases: [],
      error: null,
      report: { ...emptyBlogImportReport(), format },
      started_at: isoNow(),
      finished_at: null,
    };
    const running = new RunningImport(job, (snapshot) => this.events.progress(snapshot));
    this.running = running;
    this.jobs.set(id, running);
    running.finished = this.run(running, reader, { path: file, size: upload.size }, options).finally(async () => {
      await fs.rm(file, { force: true });
      if (this.running === running) this.running = null;
      slot.release();
      this.forgetOldJobs();
    });
    return structuredClone(job);
  }

  find(id: string): BlogImportJob {
    const running = this.jobs.get(id);
    if (!running) throw notFound(M.jobNotFound);
    return structuredClone(running.job);
  }

  /**
   * Asks a running job to stop: it ends `cancelled`, the site unchanged, unless its commit has
   * already begun (then it ends as the commit does). 409 once it has ended.
   */
  cancel(id: string): BlogImportJob {
    const running = this.jobs.get(id);
    if (!running) throw notFound(M.jobNotFound);
    if (running.job.status !== 'running') throw conflict(M.jobFinished);
    if (!running.committing) running.controller.abort();
    return structuredClone(running.job);
  }

  /** Stops a running job and waits for it (the server is closing). */
  async stop(): Promise<void> {
    const running = this.running;
    if (!running) return;
    if (!running.committing) running.controller.abort();
    await running.finished;
  }

  private async run(running: RunningImport, reader: BlogReader, file: ImportUpload, options: BlogImportOptions): Promise<void> {
    const { job, controller } = running;
    const { signal } = controller;
    const report = job.report;
    try {
      running.enter('reading', file.size);
      const source = await reader.read({
        ...file,
        options,
        progress: (done, total) => running.advance(done, total),
        signal,
      });
      signal.throwIfAborted();
      report.format = source.format;
      const ground = this.repository.ground();
      const now = isoNow();

      running.enter('articles', source.posts.length);
      const draft = await planArticles(source, options, ground, now, (done) => running.advance(done), signal);
      report.articles_imported = draft.articles.length - draft.pagesImported;
      report.pages_imported = draft.pagesImported;
      report.articles_already_present = draft.articlesAlreadyPresent;

      running.enter(
        'comments',
        source.posts.reduce((count, post) => count + post.comments.length, 0),
      );
      await planComments(source, draft, ground, now, (done) => running.advance(done), signal);
      report.comments_imported = draft.comments.length;
      report.comments_already_present = draft.commentsAlreadyPresent;

      running.enter('images', 0);
      // Only the posts to be imported: an image of a post already there is not fetched again.
      const newPosts = { ...source, posts: draft.articles.map(({ post }) => post) };
      const images = this.steps.importImages
        ? await this.steps.importImages(newPosts, signal, (done, total) => running.advance(done, total))
        : KEEP_OLD_IMAGES;
      signal.throwIfAborted();
      await rewriteImages(draft, images);
      report.images_fetched = images.fetched;
      report.images_from_archive = images.fromArchive;
      report.images_failed = images.failures;

      running.enter('redirects', 0);
      const redirects = await planRedirects(source, draft, ground, images);
      report.redirects = redirects.map(({ from, to }) => ({ from, to }));
      report.skipped = draft.skipped.list();
      report.warnings = draft.warnings;
      running.advance(redirects.length, redirects.length);

      signal.throwIfAborted();
      running.committing = true;
      const articles = draft.articles.map(({ article }) => article);
      if (articles.length > 0 || draft.comments.length > 0 || redirects.length > 0) {
        await this.repository.apply({
          articles,
          // Only when there are some: storing comments moves the owner's unread mark past them (server/API.md §15).
          ...(draft.comments.length > 0 && { comments: draft.comments }),
          ...(redirects.length > 0 && { redirects }),
        });
        // Scheduled articles came in, some perhaps already due (server/API.md §E8).
        if (articles.length > 0) this.schedule.rearm();
      }
      report.article_ids = articles.map((article) => article.id);
      job.status = 'succeeded';
      this.events.applied({
        articleIds: report.article_ids,
        commentArticleIds: [...new Set(draft.comments.map((comment) => comment.article_id))],
      });
    } catch (error) {
      report.article_ids = [];
      if (signal.aborted && !running.committing) {
        job.status = 'cancelled';
      } else {
        job.status = 'failed';
        job.error = this.failureMessage(error, running.committing);
      }
    } finally {
      job.finished_at = isoNow();
      running.announce(true);
    }
  }

  private failureMessage(error: unknown, committing: boolean): string {
    if (error instanceof BlogSourceError) return error.message;
    if (error instanceof ImportPlanStaleError) return M.siteChanged;
    this.logger.error('Blog import failed', error);
    // The store put everything back as the disk holds it (server/API.md §E15): nothing is kept.
    return committing ? M.commitFailed : M.failedUnexpectedly;
  }

  private forgetOldJobs(): void {
    const finished = [...this.jobs.values()].filter((running) => running.job.status !== 'running');
    for (const old of finished.slice(0, Math.max(0, finished.length - FINISHED_JOBS_KEPT))) this.jobs.delete(old.job.id);
  }
}
