import { randomUUID } from 'node:crypto';
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { BackupMessages as M } from '@folio/shared';
import type { BackupRun, BackupTargetResult } from '@folio/shared';
import type { Logger } from '../../logger.js';
import type { BackupRunsRepository } from '../../store/backup-runs.repository.js';
import { exportChunksOf } from '../backup-export.service.js';
import { writeArchive, sha256Of } from './backup-archive.js';
import { backupName, backupNameSite, newestFirst } from '@folio/shared';
import type { HeldSnapshot } from './backup-snapshot.js';
import type { BackupTarget } from './backup-target.js';

/** Where runs keep their work in the data directory; nothing in it outlives a run, and start empties it. */
export const BACKUP_WORK_DIR = 'backup-tmp';

/** A run's targets, each built from its settings, or the reason it could not be. */
export type RunTarget = { id: string; target: BackupTarget } | { id: string; error: string };

/** What one run is asked to do. */
export interface RunPlan {
  trigger: BackupRun['trigger'];
  /** Stands for a scheduled run (a retry of one does too): the missed-schedule check counts it. */
  scheduled: boolean;
  targets: RunTarget[];
  keep: number;
  passphrase: string | null;
  site: string;
  /** Called with the finished run just before its end is recorded. */
  onEnd?: (run: BackupRun) => void;
}

export interface BackupRunnerOptions {
  dataDir: string;
  runs: BackupRunsRepository;
  /** Takes the records and files of this moment (synchronously) into `holdDir`. */
  snapshot: (holdDir: string) => HeldSnapshot;
  logger: Logger;
  clock: () => Date;
  /** Awaited between the snapshot and the archive (tests hold a run there to change the site meanwhile). */
  beforeArchive?: (() => Promise<void>) | undefined;
}

const reasonOf = (error: unknown): string => (error instanceof Error ? error.message : String(error)).slice(0, 500);

/**
 * Runs one backup at a time (server/API.md §E22): the snapshot at the call, the archive written
 * to a temp file and renamed only once whole, then each target in turn: upload, read back and
 * compare its sha256, and keep the newest `keep` of Folio's own backups there.
 */
export class BackupRunner {
  private current: { run: BackupRun; done: Promise<BackupRun> } | null = null;

  constructor(private readonly options: BackupRunnerOptions) {}

  get workDir(): string {
    return path.join(this.options.dataDir, BACKUP_WORK_DIR);
  }

  running(): BackupRun | null {
    return this.current?.run ?? null;
  }

  /** Resolves once no run is going on. */
  async whenIdle(): Promise<void> {
    await this.current?.done.catch(() => {});
  }

  /**
   * Starts a run: the snapshot is taken before this returns, the rest goes on in the background.
   * Returns the run as recorded at its start and its end; `undefined` while another one runs.
   */
  start(plan: RunPlan): { run: BackupRun; done: Promise<BackupRun> } | undefined {
    if (this.current) return undefined;
    const id = randomUUID();
    const startedAt = this.options.clock();
    const workDir = path.join(this.workDir, id);
    // A snapshot that cannot be held (a full or read-only disk) fails the run, recorded like any other failure.
    let held: HeldSnapshot | Error;
    try {
      held = this.options.snapshot(path.join(workDir, 'files'));
    } catch (error) {
      held = error instanceof Error ? error : new Error(String(error));
    }
    const run: BackupRun = {
      id,
      trigger: plan.trigger,
      status: 'running',
      started_at: startedAt.toISOString(),
      finished_at: null,
      name: backupName(plan.site, startedAt, plan.passphrase !== null),
      size: null,
      sha256: null,
      encrypted: plan.passphrase !== null,
      targets: plan.targets.map(({ id: target }) => ({ target, status: 'pending', error: null, verified: false })),
    };
    const done = this.perform(run, plan, held, workDir).finally(() => {
      if (this.current?.run.id === id) this.current = null;
    });
    this.current = { run: structuredClone(run), done };
    return { run: structuredClone(run), done };
  }

  private async perform(run: BackupRun, plan: RunPlan, held: HeldSnapshot | Error, workDir: string): Promise<BackupRun> {
    const { runs, logger } = this.options;
    const save = async () => {
      if (this.current?.run.id === run.id) this.current.run = structuredClone(run);
      await runs
        .save(structuredClone(run), plan.scheduled)
        .catch((error: unknown) => logger.error('Could not record a backup run', error));
    };
    await save();
    try {
      const name = run.name as string;
      const archive = path.join(workDir, name);
      const partial = path.join(workDir, `.${name}.partial`);
      try {
        if (held instanceof Error) throw held;
        await this.options.beforeArchive?.();
        const facts = await writeArchive(
          exportChunksOf(held.snapshot, (filename) => held.read(filename)),
          partial,
          plan.passphrase,
        );
        await fs.rename(partial, archive);
        // The held links are no longer needed once the archive holds the files.
        await fs.rm(path.join(workDir, 'files'), { recursive: true, force: true });
        Object.assign(run, { size: facts.size, sha256: facts.sha256 });
      } catch (error) {
        logger.error('Could not write the backup archive', error);
        for (const result of run.targets) Object.assign(result, { status: 'failed', error: M.archiveFailed(reasonOf(error)) });
        return await this.finish(run, plan, save, workDir);
      }
      await save();
      for (const target of plan.targets) {
        const result = run.targets.find((item) => item.target === target.id) as BackupTargetResult;
        if ('error' in target) {
          Object.assign(result, { status: 'failed', error: target.error });
        } else {
          await this.storeAt(target.target, name, archive, run, result, plan.keep);
        }
        await save();
      }
      return await this.finish(run, plan, save, workDir);
    } finally {
      await fs.rm(workDir, { recursive: true, force: true }).catch(() => {});
    }
  }

  private async storeAt(
    target: BackupTarget,
    name: string,
    archive: string,
    run: BackupRun,
    result: BackupTargetResult,
    keep: number,
  ) {
    try {
      await target.upload(name, archive, run.size ?? 0);
      const stored = await sha256Of(await target.download(name));
      if (stored !== run.sha256) {
        // A copy that does not read back whole is no backup: it would count against the kept ones.
        await target.remove(name).catch(() => {});
        throw new Error(M.verifyMismatch);
      }
      Object.assign(result, { status: 'succeeded', verified: true, error: null });
    } catch (error) {
      this.options.logger.error(`Backup to target ${target.id} failed`, error);
      Object.assign(result, { status: 'failed', error: M.uploadFailed(reasonOf(error)) });
      return;
    }
    try {
      await applyRetention(target, keep, backupNameSite(name) ?? '');
    } catch (error) {
      // The backup itself is stored and verified; older ones stay until the next run.
      this.options.logger.error(`Retention at target ${target.id} failed`, error);
    }
  }

  /**
   * Records the run's end. Its work directory goes first, and the turn is given up before the
   * record is written: whoever reads the run as finished may start the next one.
   */
  private async finish(run: BackupRun, plan: RunPlan, save: () => Promise<void>, workDir: string): Promise<BackupRun> {
    await fs.rm(workDir, { recursive: true, force: true }).catch(() => {});
    if (this.current?.run.id === run.id) this.current = null;
    run.status = run.targets.length > 0 && run.targets.every((result) => result.status === 'succeeded') ? 'succeeded' : 'failed';
    run.finished_at = this.options.clock().toISOString();
    // What follows the run (its retry) is arranged before anyone can read it finished.
    plan.onEnd?.(structuredClone(run));
    await save();
    return structuredClone(run);
  }

  /**
   * At start: a run a kill interrupted is marked failed (it never counts as a backup), and the
   * work directory (held files, half-written archives) is emptied.
   */
  async recover(): Promise<void> {
    await fs.rm(this.workDir, { recursive: true, force: true });
    for (const run of this.options.runs.list()) {
      if (run.status !== 'running') continue;
      await this.options.runs.save(
        {
          ...run,
          status: 'failed',
          finished_at: this.options.clock().toISOString(),
          targets: run.targets.map((result) =>
            result.status === 'pending' ? { ...result, status: 'failed', error: M.interrupted } : result,
          ),
        },
        false,
      );
    }
  }
}

/** Deletes the site's own backups at `target` beyond the newest `keep`; other files are never listed, so never touched. */
export async function applyRetention(target: BackupTarget, keep: number, site: string): Promise<void> {
  // Only this site's backups count: another Folio site sharing the folder or bucket keeps its own.
  const names = (await target.list())
    .map((stored) => stored.name)
    .filter((name) => backupNameSite(name) === site)
    .sort(newestFirst);
  for (const name of names.slice(keep)) await target.remove(name);
}
