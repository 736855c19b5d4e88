import { DEFAULT_FEED_SETTINGS, FEED_FULL_TEXT_KEY, FEED_SETTINGS_BLOCK } from '@folio/shared';
import type { FeedSettings } from '@folio/shared';
import type { SiteBlockRecord } from '../store/records.js';
import type { SiteBlockPatch, SiteBlocksRepository } from '../store/site-blocks.repository.js';

/** The named text blocks of the landing page (server/API.md §5). */
export class SiteBlocksService {
  constructor(private readonly blocks: SiteBlocksRepository) {}

  /** Every block, by name. */
  list(): SiteBlockRecord[] {
    return this.blocks.list();
  }

  find(name: string): SiteBlockRecord | undefined {
    return this.blocks.find(name);
  }

  /** Whether the feeds carry articles whole (server/API.md §E18): kept in the `feed` block, full text unless it says `false`. */
  feedSettings(): FeedSettings {
    const stored = this.blocks.find(FEED_SETTINGS_BLOCK)?.content[FEED_FULL_TEXT_KEY];
    return stored === undefined ? { ...DEFAULT_FEED_SETTINGS } : { feed_full_text: stored !== 'false' };
  }

  async saveFeedSettings(settings: FeedSettings): Promise<FeedSettings> {
    await this.blocks.merge([{ name: FEED_SETTINGS_BLOCK, content: { [FEED_FULL_TEXT_KEY]: String(settings.feed_full_text) } }]);
    return this.feedSettings();
  }

  /** Creates or shallow-merges each block in one write; resolves with the whole list. */
  merge(patches: readonly SiteBlockPatch[]): Promise<SiteBlockRecord[]> {
    return this.blocks.merge(patches);
  }
}
