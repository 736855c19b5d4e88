import { z } from 'zod';
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
