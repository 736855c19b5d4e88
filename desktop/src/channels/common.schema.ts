import { z } from 'zod';
import { DesktopBridgeMessages as M } from '@folio/shared';

/** The argument of a task function that takes none. */
export const noArgument = z.undefined();
/** The result of a task function that only reports success. */
export const ok = z.object({ ok: z.literal(true) });

/** Ids minted by the main process (profiles, drafts, revisions, scans): short and path-safe. */
export const localIdSchema = z.string({ error: M.idRequired }).regex(/^[A-Za-z0-9_-]{1,64}$/, M.idRequired);
export const idArgument = z.object({ id: localIdSchema });
export const articleIdSchema = z.number({ error: M.idRequired }).int(M.idRequired).positive(M.idRequired);
export const isoDate = z.string();
