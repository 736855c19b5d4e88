import { BackupMessages as M } from '@folio/shared';
import type { BackupTargetSettings } from '@folio/shared';
import type { BackupTarget } from './backup-target.js';
import { BackupTargetError } from './backup-target-error.js';
import { FolderTarget } from './folder-target.js';

/** A target's stored settings: its secret (WebDAV password, S3 secret key) in clear, or null when not set. */
export type StoredTargetSettings = BackupTargetSettings<string | null>;

/** What every target may need besides its own settings. */
export interface TargetContext {
  /** The data directory: a relative folder target sits beside it. */
  dataDir: string;
}

/** Builds one target from its settings (server/API.md §E22). */
export type TargetFactory = (settings: StoredTargetSettings, context: TargetContext) => BackupTarget;

/**
 * The targets Folio knows. The WebDAV and S3 targets plug in here: each gets its own settings
 * with the secret in clear (`null` when the owner has not set one yet).
 */
export const createTarget: TargetFactory = (settings, context) => {
  switch (settings.kind) {
    case 'folder':
      return new FolderTarget(settings.id, settings.path, context.dataDir);
    case 'webdav':
      // The WebDAV target (webdav-target.ts) plugs in here.
      throw new BackupTargetError(M.targetKindUnavailable);
    case 's3':
      // The S3 target (s3-target.ts) plugs in here.
      throw new BackupTargetError(M.targetKindUnavailable);
  }
};
