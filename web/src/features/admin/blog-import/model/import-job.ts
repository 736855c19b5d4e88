import { BLOG_IMPORT_PHASES } from '@folio/shared';
import type { BlogImportJob, BlogImportOptions, BlogImportPhase, BlogImportReport } from '@folio/shared';

/** What the owner typed in the form's three fields, as typed. */
export interface BlogImportFields {
  siteUrl: string;
  pagesCategory: string;
  permalink: string;
}

/** The options to send: trimmed, and a field left empty is not sent at all (server/API.md §E21). */
export function importOptionsFrom(fields: BlogImportFields): BlogImportOptions {
  const options: BlogImportOptions = {};
  const siteUrl = fields.siteUrl.trim();
  const pagesCategory = fields.pagesCategory.trim();
  const permalink = fields.permalink.trim();
  if (siteUrl) options.site_url = siteUrl;
  if (pagesCategory) options.pages_category = pagesCategory;
  if (permalink) options.permalink = permalink;
  return options;
}

export function isFinished(job: BlogImportJob): boolean {
  return job.status !== 'running';
}

function progressRank(job: BlogImportJob): [number, number] {
  return [BLOG_IMPORT_PHASES.indexOf(job.phase), job.done];
}

/**
 * The later of two snapshots of one job. The socket and the polling GET can answer out of order,
 * so a snapshot that is behind the one shown (an earlier phase, fewer done, or still running
 * after the job ended) is dropped instead of moving the bars back.
 */
export function laterJob(current: BlogImportJob | null, incoming: BlogImportJob): BlogImportJob {
  if (!current || current.id !== incoming.id) return incoming;
  if (isFinished(current)) return current;
  if (isFinished(incoming)) return incoming;
  const [currentPhase, currentDone] = progressRank(current);
  const [incomingPhase, incomingDone] = progressRank(incoming);
  if (incomingPhase !== currentPhase) return incomingPhase > currentPhase ? incoming : current;
  return incomingDone >= currentDone ? incoming : current;
}

export type PhaseState = 'waiting' | 'working' | 'done';

export interface PhaseView {
  phase: BlogImportPhase;
  state: PhaseState;
  done: number;
  total: number;
  /** For the progress bar: undefined while the phase runs without a known total (an indeterminate bar). */
  value: number | undefined;
  max: number;
}

/**
 * Each phase's bar, in order. A phase the job has passed (or every phase of a finished job that
 * succeeded) is full even with nothing to do in it (a Ghost blog has no comments: 0 / 0, done).
 */
export function phaseViews(job: BlogImportJob): PhaseView[] {
  const reached = BLOG_IMPORT_PHASES.indexOf(job.phase);
  return BLOG_IMPORT_PHASES.map((phase, index) => {
    const known = job.phases.find((progress) => progress.phase === phase);
    const done = known?.done ?? (phase === job.phase ? job.done : 0);
    const total = known?.total ?? (phase === job.phase ? job.total : 0);
    const passed = index < reached || (job.status === 'succeeded' && index <= reached);
    const state: PhaseState = passed ? 'done' : index === reached && job.status === 'running' ? 'working' : 'waiting';
    if (state === 'done') return { phase, state, done, total, value: Math.max(total, 1), max: Math.max(total, 1) };
    if (state === 'working' && total === 0) return { phase, state, done, total, value: undefined, max: 1 };
    return { phase, state, done, total, value: Math.min(done, Math.max(total, 1)), max: Math.max(total, 1) };
  });
}

/** The first `limit` items of a long list, and how many are left out ("还有 N 条"). */
export function capList<T>(items: readonly T[], limit: number): { shown: readonly T[]; hidden: number } {
  return items.length <= limit ? { shown: items, hidden: 0 } : { shown: items.slice(0, limit), hidden: items.length - limit };
}

/** Everything in the file was imported before: the import added nothing (server/API.md §E21). */
export function addedNothing(report: BlogImportReport): boolean {
  return (
    report.articles_imported + report.pages_imported + report.comments_imported === 0 &&
    report.articles_already_present + report.comments_already_present > 0
  );
}
