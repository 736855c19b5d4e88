import type { PreviewLinkRecord } from './records.js';
import type { Store } from './store.js';

/** What a new preview link stores: everything but its id, which the repository gives. */
export type NewPreviewLink = Omit<PreviewLinkRecord, 'id'>;

const isExpired = (link: PreviewLinkRecord, now: Date) => Date.parse(link.expires_at) <= now.getTime();

/**
 * Preview links (server/API.md §E17) in `preview-links.json`, written through the store's
 * journalled commit like every collection file. Expired links are never answered and are removed
 * by the next write; backups leave the file out (a link is a short-lived grant, not content).
 */
export class PreviewLinksRepository {
  constructor(private readonly store: Store) {}

  /** The live link whose token hashes to `tokenHash`. */
  findByHash(tokenHash: string, now: Date): PreviewLinkRecord | undefined {
    const link = this.store.state.previewLinks.items.find((item) => item.token_hash === tokenHash);
    return link && !isExpired(link, now) ? link : undefined;
  }

  /** An article's live links, oldest first. */
  listForArticle(articleId: number, now: Date): PreviewLinkRecord[] {
    return this.store.state.previewLinks.items.filter((item) => item.article_id === articleId && !isExpired(item, now));
  }

  /**
   * Stores a link, dropping on the way every expired one and those of articles `keep` no longer
   * accepts (purged or published since).
   */
  async add(link: NewPreviewLink, now: Date, keep: (articleId: number) => boolean): Promise<PreviewLinkRecord> {
    return this.store.mutate(['previewLinks'], (state) => {
      const file = state.previewLinks;
      const record: PreviewLinkRecord = { id: file.next_id, ...link };
      file.items = file.items.filter((item) => !isExpired(item, now) && keep(item.article_id));
      file.items.push(record);
      file.next_id += 1;
      return record;
    });
  }

  /** Removes one link of an article; false when it has none of that id (nothing is written). */
  async remove(articleId: number, id: number, now: Date): Promise<boolean> {
    const there = this.store.state.previewLinks.items.some((item) => item.id === id && item.article_id === articleId);
    if (!there) return false;
    await this.store.mutate(['previewLinks'], (state) => {
      const file = state.previewLinks;
      file.items = file.items.filter((item) => !(item.id === id && item.article_id === articleId) && !isExpired(item, now));
    });
    return true;
  }
}
