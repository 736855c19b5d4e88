import path from 'node:path';
import type { Readable } from 'node:stream';
import { BackupMessages as M } from '@folio/shared';
import type { BackupRun, BackupSettings, BackupSettingsUpdate, BackupStatus, RemoteBackup } from '@folio/shared';
import { AppError, badRequest, conflict, notFound } from '../../errors.js';
import type { Logger } from '../../logger.js';
import type { BackupRunsRepository } from '../../store/backup-runs.repository.js';
import type { BackupSettingsRepository, StoredBackupSettings } from '../../store/backup-settings.repository.js';
import type { BackupImportService, ImportResult } from '../backup-import.service.js';
import { readArchive } from './backup-archive.js';
import { isEncryptedBackupName, isFolioBackupName, newestFirst, siteSlug } from '@folio/shared';
import type { BackupRunner, RunPlan, RunTarget } from './backup-runner.js';
import { armSchedule, nextDue, wasMissed } from './backup-schedule.js';
import { mergeSettings, presentSettings } from './backup-settings-view.js';
import type { BackupTarget } from './backup-target.js';
import { BackupTargetError } from './backup-target-error.js';
import type { TargetContext, TargetFactory } from './create-target.js';
import { FolderTarget } from './folder-target.js';

/** The id under which the safety backups taken before a restore are listed and restored. */
export const SAFETY_TARGET_ID = 'safety';
/** Beside the data directory, inside the default folder target's folder but never one of its backups. */
const SAFETY_FOLDER = path.join('backups', 'safety');

export interface BackupsServiceOptions {
  dataDir: string;
  publicUrl: string | undefined;
  settings: BackupSettingsRepository;
  runs: BackupRunsRepository;
  runner: BackupRunner;
  importer: BackupImportService;
  createTarget: TargetFactory;
  /** Queues the owner's mail; false when mail is not configured. */
  mailOwner: (subject: string, text: string) => Promise<boolean>;
  logger: Logger;
  clock: () => Date;
  timeZone: string;
  /** How long after a failed run it is tried again (a minute). */
  retryDelayMs: number;
}

/**
 * Scheduled backups (server/API.md §E22): the settings, the schedule (and a run it missed while
 * the server was down), runs by hand, the retry of a failed one and the owner's mail about it,
 * the listing of a target and a restore from it.
 */
export class BackupsService {
  private stopSchedule: () => void = () => {};
  private retryTimer: NodeJS.Timeout | null = null;
  private retryAt: Date | null = null;
  private stopped = false;
  private readonly context: TargetContext;

  constructor(private readonly options: BackupsServiceOptions) {
    this.context = { dataDir: options.dataDir };
  }

  settings(): BackupSettings {
    const stored = this.options.settings.get();
    return presentSettings(stored, this.options.timeZone, this.nextRunAt(stored));
  }

  async saveSettings(update: BackupSettingsUpdate): Promise<BackupSettings> {
    const merged = mergeSettings(this.options.settings.get(), update, this.options.clock());
    await this.options.settings.save(merged);
    if (!this.stopped) this.arm(merged);
    return this.settings();
  }

  runs(): BackupRun[] {
    return this.options.runs.list();
  }

  status(): BackupStatus {
    const finished = this.runs().filter((run) => run.status !== 'running' && run.trigger !== 'safety');
    const newest = finished[0];
    const lastSuccess = finished.find((run) => run.status === 'succeeded');
    return {
      running: this.options.runner.running(),
      failure: newest?.status === 'failed' ? newest : null,
      retry_at: this.retryAt?.toISOString() ?? null,
      last_success_at: lastSuccess?.finished_at ?? null,
      next_run_at: this.nextRunAt(this.options.settings.get()),
    };
  }

  /** Starts a run by hand (`POST /api/admin/backups/run`); 400 without targets, 409 while one runs. */
  startManual(): BackupRun {
    const stored = this.options.settings.get();
    if (stored.targets.length === 0) throw badRequest(M.noTargets);
    const started = this.begin(this.plan(stored, 'manual', false));
    if (!started) throw conflict(M.runAlreadyRunning);
    return started;
  }

  /** Everything of Folio's a target holds, newest first (`GET /api/admin/backups/remote`). */
  async remote(targetId: string): Promise<RemoteBackup[]> {
    const target = this.targetById(targetId);
    const stored = await target.list().catch((error: unknown) => {
      throw asRequestError(error);
    });
    return stored
      .filter((item) => isFolioBackupName(item.name))
      .sort((a, b) => newestFirst(a.name, b.name))
      .map((item) => ({ name: item.name, size: item.size, modified_at: item.modifiedAt }));
  }

  /** A stored backup's bytes (`GET /api/admin/backups/download`): what the desktop keeps at home. */
  async download(targetId: string, name: string): Promise<Readable> {
    if (!isFolioBackupName(name)) throw badRequest(M.nameInvalid);
    const target = this.targetById(targetId);
    return target.download(name).catch((error: unknown) => {
      throw asRequestError(error);
    });
  }

  /**
   * Restores a stored backup (`POST /api/admin/backups/restore`): read and check it whole first
   * (a wrong passphrase or a damaged archive is a 400 and nothing happens), then a safety backup
   * of the site as it is, then the import, all or nothing (server/API.md §15).
   */
  async restore(request: { target: string; name: string; passphrase?: string | undefined }): Promise<ImportResult> {
    if (!isFolioBackupName(request.name)) throw badRequest(M.nameInvalid);
    const target = this.targetById(request.target);
    const encrypted = isEncryptedBackupName(request.name);
    if (encrypted && !request.passphrase) throw badRequest(M.passphraseRequired);
    const stream = await target.download(request.name).catch((error: unknown) => {
      throw asRequestError(error);
    });
    const body = await readArchive(stream, encrypted, request.passphrase);
    return this.options.importer.exclusively(async () => {
      await this.takeSafetyBackup();
      return this.options.importer.import(body);
    });
  }

  /**
   * Restores a backup archive the owner sent as a file to `POST /api/admin/import` (server/API.md §E22),
   * already read and checked whole: a safety backup of the site as it is comes first, as for a
   * stored backup. The caller holds the import lock.
   */
  async restoreUploaded(body: unknown): Promise<ImportResult> {
    await this.takeSafetyBackup();
    return this.options.importer.import(body);
  }

  /**
   * At start: a run a kill interrupted is marked failed, half-written files are removed, the
   * schedule is armed, and a scheduled run missed while the server was down starts now.
   */
  async start(): Promise<void> {
    await this.options.runner.recover();
    for (const target of [...this.folderTargets(), this.safetyTarget()]) await target.sweepPartials().catch(() => {});
    const stored = this.options.settings.get();
    this.arm(stored);
    const missed = wasMissed(
      stored.schedule,
      this.options.timeZone,
      this.options.clock(),
      this.options.runs.lastScheduledSuccessAt(),
      stored.schedule_set_at,
    );
    if (missed && stored.targets.length > 0) this.begin(this.plan(stored, 'missed', true));
  }

  /** Stops the schedule and the pending retry, and waits for a run going on. */
  async stop(): Promise<void> {
    this.stopped = true;
    this.stopSchedule();
    if (this.retryTimer) clearTimeout(this.retryTimer);
    await this.options.runner.whenIdle();
  }

  private arm(stored: StoredBackupSettings): void {
    this.stopSchedule();
    this.stopSchedule = armSchedule(stored.schedule, this.options.timeZone, () => {
      const current = this.options.settings.get();
      if (current.targets.length === 0) return;
      if (!this.begin(this.plan(current, 'scheduled', true)))
        this.options.logger.info('A scheduled backup was skipped: another one was running');
    });
  }

  private nextRunAt(stored: StoredBackupSettings): string | null {
    return nextDue(stored.schedule, this.options.timeZone, this.options.clock())?.toISOString() ?? null;
  }

  private plan(
    stored: StoredBackupSettings,
    trigger: BackupRun['trigger'],
    scheduled: boolean,
    only?: readonly string[],
  ): RunPlan {
    const targets: RunTarget[] = stored.targets
      .filter((settings) => !only || only.includes(settings.id))
      .map((settings) => {
        try {
          return { id: settings.id, target: this.options.createTarget(settings, this.context) };
        } catch (error) {
          return { id: settings.id, error: error instanceof Error ? error.message : String(error) };
        }
      });
    return {
      trigger,
      scheduled,
      targets,
      keep: stored.keep,
      passphrase: stored.passphrase,
      site: siteSlug(this.options.publicUrl),
    };
  }

  /** Starts a run and, when it fails, its one retry a minute later and then the owner's mail. */
  private begin(plan: RunPlan): BackupRun | undefined {
    const started = this.options.runner.start({ ...plan, onEnd: (run) => this.afterRun(run, plan) });
    if (!started) return undefined;
    started.done.catch((error: unknown) => this.options.logger.error('A backup run failed unexpectedly', error));
    return started.run;
  }

  private afterRun(run: BackupRun, plan: RunPlan): void {
    if (run.status === 'succeeded' || run.trigger === 'safety' || this.stopped) return;
    const failedTargets = run.targets.filter((result) => result.status === 'failed').map((result) => result.target);
    if (run.trigger === 'retry') {
      void this.tellOwner(run);
      return;
    }
    this.scheduleRetry(plan.scheduled, failedTargets);
  }

  private scheduleRetry(scheduled: boolean, targets: readonly string[]): void {
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.retryAt = new Date(this.options.clock().getTime() + this.options.retryDelayMs);
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      this.retryAt = null;
      const plan = this.plan(this.options.settings.get(), 'retry', scheduled, targets);
      if (plan.targets.length === 0) return;
      // Another run holds the turn: the retry waits one more delay.
      if (!this.begin(plan)) this.scheduleRetry(scheduled, targets);
    }, this.options.retryDelayMs);
    this.retryTimer.unref();
  }

  private async tellOwner(run: BackupRun): Promise<void> {
    const failures = run.targets
      .filter((result) => result.status === 'failed')
      .map((result) => `- ${result.target}: ${result.error ?? ''}`)
      .join('\n');
    const site = this.options.publicUrl ? new URL(this.options.publicUrl).host : 'Folio';
    try {
      await this.options.mailOwner(M.mailSubject(site), M.mailBody(run.started_at, failures));
    } catch (error) {
      this.options.logger.error('Could not queue the mail about a failed backup', error);
    }
  }

  /** The backup of the site as it is, before a restore replaces any of it; a failure stops the restore. */
  private async takeSafetyBackup(): Promise<void> {
    const stored = this.options.settings.get();
    const plan: RunPlan = {
      trigger: 'safety',
      scheduled: false,
      targets: [{ id: SAFETY_TARGET_ID, target: this.safetyTarget() }],
      keep: stored.keep,
      passphrase: stored.passphrase,
      site: siteSlug(this.options.publicUrl),
    };
    const started = this.options.runner.start(plan);
    if (!started) throw conflict(M.runAlreadyRunning);
    const run = await started.done;
    if (run.status !== 'succeeded') {
      throw new AppError(502, 'bad_gateway', M.safetyBackupFailed(run.targets[0]?.error ?? ''));
    }
  }

  private safetyTarget(): FolderTarget {
    return new FolderTarget(SAFETY_TARGET_ID, SAFETY_FOLDER, this.options.dataDir);
  }

  private folderTargets(): FolderTarget[] {
    return this.options.settings
      .get()
      .targets.filter((settings) => settings.kind === 'folder')
      .map((settings) => new FolderTarget(settings.id, settings.path, this.options.dataDir));
  }

  private targetById(id: string): BackupTarget {
    const settings = this.options.settings.get().targets.find((target) => target.id === id);
    if (!settings) {
      if (id === SAFETY_TARGET_ID) return this.safetyTarget();
      throw notFound(M.targetNotFound);
    }
    try {
      return this.options.createTarget(settings, this.context);
    } catch (error) {
      throw asRequestError(error);
    }
  }
}

/** A target's failure as a request's answer: its own status and words (a missing backup is a 404). */
function asRequestError(error: unknown): unknown {
  if (error instanceof AppError) return error;
  if (error instanceof BackupTargetError)
    return new AppError(error.status, error.status === 404 ? 'not_found' : 'bad_gateway', error.message);
  return new AppError(502, 'bad_gateway', M.uploadFailed(error instanceof Error ? error.message : String(error)));
}
