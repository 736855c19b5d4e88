/**
 * A draft as the draft store keeps it on disk, and the two mappings around it: `draftFromDisk`
 * (a file's JSON to a checked `StoredDraft`) and `draftToBridge` (the `Draft` the renderer
 * gets). The stored draft is the bridge's draft plus the keys only main needs (the file version,
 * the save counter, the unconfirmed create, the last snapshot time); `draftToBridge` names every
 * key that crosses, so a key added on disk stays on disk.
 *
 * The revision ring has one shape on disk and on the bridge (`draftRevisionSchema`).
 */
import { z } from 'zod';
import { articleFieldsSchema } from '@folio/shared';
import { draftRevisionSchema, draftSchema } from '../channels/drafts.schema.js';
import type { Draft, DraftRevision } from '../channels/drafts.schema.js';

export const storedDraftSchema = draftSchema.extend({
  version: z.literal(1),
  /** Counts local saves, so sync can tell whether the text changed while it was being sent. */
  seq: z.number().int(),
  /**
   * A create that was sent but not confirmed: its Idempotency-Key and the exact fields sent,
   * kept across retries and restarts. A retry resends these same fields with the same key, so
   * the server replays its answer instead of making a second article (the newer text follows
   * as an update).
   */
  pendingCreate: z
    .object({
      key: z.string(),
      fields: articleFieldsSchema,
      /** `draft` for the background sync's create; absent for a publish's (the server then publishes). */
      status: z.literal('draft').optional(),
    })
    .nullable(),
  lastSnapshotAt: z.string().nullable(),
  /**
   * The `seq` whose text the server holds (as the article, or as its autosave for a published
   * one); null when it holds none of this draft's saves. The background sync sends while it lags.
   */
  pushedSeq: z.number().int().nullable().default(null),
});
export type StoredDraft = z.infer<typeof storedDraftSchema>;

/** A draft file's parsed JSON as a draft, or undefined when it is not one (damaged, another version's). */
export function draftFromDisk(json: unknown): StoredDraft | undefined {
  const parsed = storedDraftSchema.safeParse(json);
  return parsed.success ? parsed.data : undefined;
}

/** What the renderer sees of a stored draft: the keys of the bridge's draft, copied one by one. */
export function draftToBridge(draft: StoredDraft): Draft {
  return {
    id: draft.id,
    articleId: draft.articleId,
    baseRevision: draft.baseRevision,
    fields: { ...draft.fields },
    state: draft.state,
    createdAt: draft.createdAt,
    updatedAt: draft.updatedAt,
    lastError: draft.lastError,
    conflict: draft.conflict && {
      server: draft.conflict.server && { ...draft.conflict.server },
      base: draft.conflict.base && { ...draft.conflict.base },
      detectedAt: draft.conflict.detectedAt,
      serverHeld: draft.conflict.serverHeld,
      publishing: draft.conflict.publishing,
    },
    serverStatus: draft.serverStatus,
  };
}

const ringSchema = z.array(draftRevisionSchema);

/** A revision ring file's parsed JSON (oldest first); an empty ring when it is missing or damaged. */
export function revisionsFromDisk(json: unknown): DraftRevision[] {
  const parsed = ringSchema.safeParse(json);
  return parsed.success ? parsed.data : [];
}
