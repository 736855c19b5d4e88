import { commentSettingsSchema } from '@folio/shared';
import type { CommentSettings } from '@folio/shared';
import type { CommentSettingsRecord } from './records.js';
import type { Store } from './store.js';

/** A site that never saved its comment settings: no review, nothing blocked. */
export const defaultCommentSettings = (): CommentSettings => ({ moderation: 'none', blocked_words: [], blocked_addresses: [] });

/** The settings file of a site that never saved it: nothing seen yet either. */
export const defaultCommentSettingsRecord = (): CommentSettingsRecord => ({ ...defaultCommentSettings(), seen_before_id: 0 });

/**
 * The comment settings (server/API.md §E12), one small file written through the store's journal,
 * so a backup import changes them in the same commit as everything else it brings.
 */
export class CommentSettingsRepository {
  constructor(private readonly store: Store) {}

  /** The settings as stored; a file edited by hand into something invalid counts as the defaults. */
  get(): CommentSettings {
    const parsed = commentSettingsSchema.safeParse(this.store.state.commentSettings);
    return parsed.success ? parsed.data : defaultCommentSettings();
  }

  /** The first comment id the owner has not seen. */
  seenBeforeId(): number {
    const stored = this.store.state.commentSettings.seen_before_id;
    return Number.isSafeInteger(stored) ? stored : 0;
  }

  save(settings: CommentSettings): Promise<CommentSettings> {
    return this.store.mutate(['commentSettings'], (state) => {
      const { moderation, blocked_words, blocked_addresses } = settings;
      Object.assign(state.commentSettings, { moderation, blocked_words, blocked_addresses });
      return this.get();
    });
  }

  /** Every comment stored before `nextId` counts as seen from now on. */
  markSeenBefore(nextId: number): Promise<void> {
    return this.store.mutate(['commentSettings'], (state) => {
      state.commentSettings.seen_before_id = nextId;
    });
  }
}
