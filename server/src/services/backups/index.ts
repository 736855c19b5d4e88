import type { ServerConfig } from '../../config.js';
import type { Logger } from '../../logger.js';
import { BackupRunsRepository } from '../../store/backup-runs.repository.js';
import { BackupSettingsRepository } from '../../store/backup-settings.repository.js';
import type { BackupRepository } from '../../store/backup.repository.js';
import type { UploadsRepository } from '../../store/uploads.repository.js';
import type { BackupImportService } from '../backup-import.service.js';
import type { MailService } from '../mail/mail.service.js';
import { BackupRunner } from './backup-runner.js';
import { serverTimeZone } from './backup-schedule.js';
import { holdSnapshot } from './backup-snapshot.js';
import { BackupsService } from './backups.service.js';
import { createTarget } from './create-target.js';
import type { TargetFactory } from './create-target.js';

export { BackupsService } from './backups.service.js';

/** What tests may change: the targets (a slow or failing one), the clock, the retry's delay, a pause before the archive. */
export interface BackupHooks {
  createTarget?: TargetFactory;
  clock?: () => Date;
  retryDelayMs?: number;
  /** Awaited between a run's snapshot and its archive. */
  beforeArchive?: () => Promise<void>;
}

/** A failed run is tried again this long after (server/API.md §E22). */
const RETRY_DELAY_MS = 60_000;

/** Builds the backups service of one app (server/API.md §E22) over its store's data directory. */
export function createBackupsService(deps: {
  config: ServerConfig;
  dataDir: string;
  uploadsDir: string;
  backups: BackupRepository;
  uploads: UploadsRepository;
  importer: BackupImportService;
  mail: MailService;
  logger: Logger;
  hooks?: BackupHooks | undefined;
}): BackupsService {
  const { config, dataDir, hooks } = deps;
  const clock = hooks?.clock ?? (() => new Date());
  const runs = BackupRunsRepository.open(dataDir);
  const runner = new BackupRunner({
    dataDir,
    runs,
    snapshot: (holdDir) => holdSnapshot(deps.backups, deps.uploadsDir, holdDir, (filename) => deps.uploads.read(filename)),
    logger: deps.logger,
    clock,
    beforeArchive: hooks?.beforeArchive,
  });
  return new BackupsService({
    dataDir,
    publicUrl: config.publicUrl,
    settings: BackupSettingsRepository.open(dataDir),
    runs,
    runner,
    importer: deps.importer,
    createTarget: hooks?.createTarget ?? createTarget,
    mailOwner: (subject, text) => deps.mail.queueOwnerMail('backup', subject, text),
    logger: deps.logger,
    clock,
    timeZone: serverTimeZone(),
    retryDelayMs: hooks?.retryDelayMs ?? RETRY_DELAY_MS,
  });
}
