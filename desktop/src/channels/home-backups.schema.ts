import { z } from 'zod';
import { BackupScreenMessages as M } from '@folio/shared';
import { isoDate } from './common.schema';

/** The copy at home (server/API.md §E22): where it goes, how many it keeps, the last one brought home. */
export const homeBackupsStatusSchema = z.object({
  folder: z.string(),
  keep: z.number().int().positive(),
  last: z.object({ name: z.string(), size: z.number().int().nonnegative(), copiedAt: isoDate }).nullable(),
  /** A check or a download is under way. */
  copying: z.boolean(),
  /** Why the last attempt failed, in Chinese; null after a success. */
  error: z.string().nullable(),
});
export type HomeBackupsStatus = z.infer<typeof homeBackupsStatusSchema>;

/** How many copies of a site the folder keeps (HOME_BACKUPS_KEEP_DEFAULT until the owner says). */
export const HOME_BACKUPS_KEEP_MAX = 100;
export const homeBackupsKeepInputSchema = z.object({
  keep: z
    .number({ error: M.homeKeepInvalid(HOME_BACKUPS_KEEP_MAX) })
    .int(M.homeKeepInvalid(HOME_BACKUPS_KEEP_MAX))
    .min(1, M.homeKeepInvalid(HOME_BACKUPS_KEEP_MAX))
    .max(HOME_BACKUPS_KEEP_MAX, M.homeKeepInvalid(HOME_BACKUPS_KEEP_MAX)),
});

/** A backup file the owner picked on this computer, to restore to the server. */
export const localBackupFileSchema = z.object({
  path: z.string().min(1).max(4096),
  name: z.string(),
  /** An age file: its passphrase is asked before it is sent. */
  encrypted: z.boolean(),
});
export type LocalBackupFile = z.infer<typeof localBackupFileSchema>;

export const localRestoreInputSchema = z.object({
  /** One `pickLocalFile` answered: main sends no other file. */
  path: z.string().min(1).max(4096),
  passphrase: z.string().max(1000).optional(),
});
