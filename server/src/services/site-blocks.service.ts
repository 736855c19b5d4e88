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

  /** Creates or shallow-merges each block in one write; resolves with the whole list. */
  merge(patches: readonly SiteBlockPatch[]): Promise<SiteBlockRecord[]> {
    return this.blocks.merge(patches);
  }
}
