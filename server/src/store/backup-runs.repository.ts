import path from 'node:path';
import type { BackupRun } from '@folio/shared';
import { DurableJsonFile } from '@folio/shared/durable-file';

/** Runs kept for `GET /api/admin/backups` (server/API.md §E22); older ones are forgotten. */
export const BACKUP_RUNS_KEPT = 50;

export const BACKUP_RUNS_FILE = 'backup-runs.json';

interface BackupRunsFile {
  runs: BackupRun[];
  /** When the last scheduled (or missed, or its retry) run that succeeded started: the missed-schedule check reads it. */
  last_scheduled_success_at: string | null;
}

const isRunsFile = (value: unknown): value is BackupRunsFile =>
  typeof value === 'object' && value !== null && Array.isArray((value as { runs?: unknown }).runs);

/**
 * `backup-runs.json`: the runs, newest first, written atomically on their own after each change,
 * so they survive a restart, and a run a kill interrupted is found at start and marked failed.
 */
export class BackupRunsRepository {
  private readonly file: DurableJsonFile<BackupRunsFile>;
  private writing: Promise<void> = Promise.resolve();

  private constructor(
    dataDir: string,
    private state: BackupRunsFile,
  ) {
    this.file = new DurableJsonFile<BackupRunsFile>(path.join(dataDir, BACKUP_RUNS_FILE));
  }

  static open(dataDir: string): BackupRunsRepository {
    let state: BackupRunsFile = { runs: [], last_scheduled_success_at: null };
    try {
      const read = new DurableJsonFile<unknown>(path.join(dataDir, BACKUP_RUNS_FILE)).readSync();
      if (isRunsFile(read)) state = { runs: read.runs, last_scheduled_success_at: read.last_scheduled_success_at ?? null };
    } catch {
      // A hand-broken file: no runs known, the next change writes a good one.
    }
    return new BackupRunsRepository(dataDir, state);
  }

  /** Newest first. */
  list(): BackupRun[] {
    return this.state.runs;
  }

  lastScheduledSuccessAt(): string | null {
    return this.state.last_scheduled_success_at;
  }

  /**
   * Adds or replaces a run (by id), newest first, and writes the file; writes are serialized.
   * `scheduled`: the run stands for a scheduled one (a retry of a scheduled run does too).
   */
  save(run: BackupRun, scheduled = run.trigger === 'scheduled' || run.trigger === 'missed'): Promise<void> {
    const runs = this.state.runs.filter((item) => item.id !== run.id);
    runs.push(run);
    runs.sort((a, b) => (a.started_at < b.started_at ? 1 : a.started_at > b.started_at ? -1 : 0));
    const last = this.state.last_scheduled_success_at;
    const lastScheduledSuccess =
      scheduled && run.status === 'succeeded' && (last === null || run.started_at > last) ? run.started_at : last;
    this.state = { runs: runs.slice(0, BACKUP_RUNS_KEPT), last_scheduled_success_at: lastScheduledSuccess };
    const snapshot = structuredClone(this.state);
    this.writing = this.writing.catch(() => {}).then(() => this.file.write(snapshot));
    return this.writing;
  }
}
