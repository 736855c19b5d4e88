import type { BackupTargetSettings } from '@folio/shared';
import type { BackupTarget } from './backup-target.js';
import { FolderTarget } from './folder-target.js';
import { S3Target } from './s3-target.js';
import { WebdavTarget } from './webdav-target.js';

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
 * The targets Folio knows: each gets its own settings with the secret in clear (`null` when the
 * owner has not set one yet; a WebDAV or S3 target then refuses with a message saying so).
 */
export const createTarget: TargetFactory = (settings, context) => {
  switch (settings.kind) {
    case 'folder':
      return new FolderTarget(settings.id, settings.path, context.dataDir);
    case 'webdav':
      return new WebdavTarget(settings);
    case 's3':
      return new S3Target(settings);
  }
};
