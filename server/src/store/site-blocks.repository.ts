import type { Store } from './store.js';
import type { SiteBlockRecord } from './records.js';
import { isoNow } from './clock.js';

export interface SiteBlockPatch {
  name: string;
  /** Keys with a string overwrite, keys with `null` are removed, keys left out are kept. */
  content: Record<string, string | null>;
}

export class SiteBlocksRepository {
  constructor(private readonly store: Store) {}

  list(): SiteBlockRecord[] {
    return [...this.store.state.siteBlocks.items].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  }

  find(name: string): SiteBlockRecord | undefined {
    return this.store.state.siteBlocks.items.find((block) => block.name === name);
  }

  /** Creates or shallow-merges each block, all in one write. */
  merge(patches: readonly SiteBlockPatch[]): Promise<SiteBlockRecord[]> {
    return this.store.mutate(['siteBlocks'], (state) => {
      const now = isoNow();
      for (const patch of patches) {
        let block = state.siteBlocks.items.find((candidate) => candidate.name === patch.name);
        if (!block) {
          block = { name: patch.name, content: {}, updated_at: now };
          state.siteBlocks.items.push(block);
        }
        for (const [key, value] of Object.entries(patch.content)) {
          if (value === null) delete block.content[key];
          else block.content[key] = value;
        }
        block.updated_at = now;
      }
      return this.list();
    });
  }
}
