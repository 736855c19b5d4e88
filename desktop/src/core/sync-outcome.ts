/**
 * What a send of a draft ends with: the words the publish queue (sync.ts) and the background
 * sync's own sends (draft-push.ts) both answer in, kept below both so neither imports the other.
 */
import type { StoredDraft } from './draft-file.js';

export type PublishStatus = 'synced' | 'conflict' | 'offline' | 'rejected' | 'retry-later';

export interface PublishOutcome {
  status: PublishStatus;
  draft: StoredDraft;
  message?: string;
}

/** A background send: `skipped` when there was nothing to send (or nothing it may send). */
export interface PushOutcome {
  status: PublishStatus | 'skipped';
  draft: StoredDraft;
  message?: string;
}

/** A publish (发布, state 待发布) or the background sync's push of a draft's text. */
export type SendMode = 'publish' | 'push';
