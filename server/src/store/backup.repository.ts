import type { CollectionName, Store } from './store.js';
import { raiseNextId } from './store.js';
import type { ArticleRecord, AvatarRecord, CommentRecord, ContactRecord, SiteBlockRecord, SkillRecord } from './records.js';
import { normalizeAvatars } from './avatars.repository.js';

/** An imported article: its record fields, its body and, when the backup had one, its view count. */
export interface ImportedArticle extends Omit<ArticleRecord, 'deleted_at' | 'body_rev'> {
  content: string;
  views: number | undefined;
}

/** An imported comment; the backup never carries the IP address or user agent. */
export type ImportedComment = Omit<CommentRecord, 'ip_address' | 'user_agent'>;

/** Validated rows to upsert, one list per section present in the backup. */
export interface ImportPlan {
  siteBlocks?: SiteBlockRecord[];
  skills?: SkillRecord[];
  contacts?: ContactRecord[];
  avatars?: AvatarRecord[];
  articles?: ImportedArticle[];
  comments?: ImportedComment[];
}

/** Thrown when the data changed under the import in a way that makes the plan unsafe to apply. */
export class ImportPlanStaleError extends Error {}

/**
 * The import reached memory but its write failed. The store keeps the collections dirty and
 * writes them with the next commit, so files and bodies the records point at must stay.
 */
export class ImportWritePendingError extends Error {}

/**
 * Upserts by id and renumbers `sort_order` 0..n-1 in the resulting order. On equal `sort_order`
 * an imported row comes before a kept one: the backup's order is what the owner restores.
 */
function upsertOrdered<T extends { id: number; sort_order: number }>(existing: T[], incoming: readonly T[]): T[] {
  const imported = new Set(incoming);
  const byId = new Map(existing.map((item) => [item.id, item]));
  for (const item of incoming) byId.set(item.id, item);
  const rank = (item: T) => (imported.has(item) ? 0 : 1);
  const ordered = [...byId.values()].sort((a, b) => a.sort_order - b.sort_order || rank(a) - rank(b) || a.id - b.id);
  ordered.forEach((item, index) => {
    item.sort_order = index;
  });
  return ordered;
}

/**
 * Commits a whole backup import. Bodies are written first, to new revision files nothing points
 * at yet; then every collection changes in one {@link Store.mutate}, which the store journals,
 * so the import is stored entirely or not at all.
 */
export class BackupRepository {
  constructor(private readonly store: Store) {}

  /** True when an article with this id is stored (live or in the bin). */
  hasArticle(id: number): boolean {
    return this.store.state.articles.items.some((article) => article.id === id);
  }

  async apply(plan: ImportPlan): Promise<void> {
    const articles = plan.articles ?? [];
    // Each imported body gets a revision one past the stored one, so the old body stays valid
    // until the commit and is discarded only after it.
    const previousRevs = new Map<number, number | undefined>();
    for (const article of articles) {
      previousRevs.set(article.id, this.store.state.articles.items.find((stored) => stored.id === article.id)?.body_rev);
    }
    const nextRev = (id: number) => (previousRevs.get(id) ?? 0) + 1;
    const written: { id: number; rev: number }[] = [];
    let applied = false;
    try {
      for (const article of articles) {
        await this.store.writeBody(article.id, nextRev(article.id), article.content);
        written.push({ id: article.id, rev: nextRev(article.id) });
      }
      await this.store.mutate(this.collectionsOf(plan), (state) => {
        // Checks first: nothing may change if the plan no longer fits the stored data.
        for (const [id, rev] of previousRevs) {
          if (state.articles.items.find((stored) => stored.id === id)?.body_rev !== rev) {
            throw new ImportPlanStaleError(`Article ${id} changed during the import`);
          }
        }
        const articleIds = new Set([...state.articles.items.map((article) => article.id), ...articles.map((article) => article.id)]);
        for (const comment of plan.comments ?? []) {
          if (!articleIds.has(comment.article_id)) throw new ImportPlanStaleError(`Article ${comment.article_id} disappeared during the import`);
        }
        applied = true;

        if (plan.siteBlocks) {
          for (const block of plan.siteBlocks) {
            const index = state.siteBlocks.items.findIndex((stored) => stored.name === block.name);
            if (index >= 0) state.siteBlocks.items[index] = block;
            else state.siteBlocks.items.push(block);
          }
        }
        if (plan.skills) {
          state.skills.items = upsertOrdered(state.skills.items, plan.skills);
          raiseNextId(state.skills);
        }
        if (plan.contacts) {
          state.contacts.items = upsertOrdered(state.contacts.items, plan.contacts);
          raiseNextId(state.contacts);
        }
        if (plan.avatars) {
          state.avatars.items = normalizeAvatars(upsertOrdered(state.avatars.items, plan.avatars));
          raiseNextId(state.avatars);
        }
        if (plan.articles) {
          for (const { content, views, ...fields } of plan.articles) {
            const record: ArticleRecord = { ...fields, deleted_at: null, body_rev: nextRev(fields.id) };
            const index = state.articles.items.findIndex((stored) => stored.id === fields.id);
            if (index >= 0) state.articles.items[index] = record;
            else state.articles.items.push(record);
            this.store.bodies.set(fields.id, content);
            // A missing count is 0 for a new row and left alone for an existing one (API 15).
            if (views !== undefined) state.articleViews[String(fields.id)] = views;
            else if (index < 0) delete state.articleViews[String(fields.id)];
          }
          raiseNextId(state.articles);
        }
        if (plan.comments) {
          for (const comment of plan.comments) {
            const index = state.comments.items.findIndex((stored) => stored.id === comment.id);
            const previous = index >= 0 ? state.comments.items[index] : undefined;
            // Keep what only the live site knows: an export has no IP address or user agent.
            const record: CommentRecord = { ...comment, ip_address: previous?.ip_address ?? '', user_agent: previous?.user_agent ?? '' };
            if (index >= 0) state.comments.items[index] = record;
            else state.comments.items.push(record);
          }
          raiseNextId(state.comments);
        }
      });
    } catch (error) {
      // Bodies are removed only if the change never reached memory; once it has, the store
      // keeps retrying the write and the new revisions are what the records point at.
      if (applied) throw new ImportWritePendingError('The import is applied but not yet stored', { cause: error });
      for (const { id, rev } of written) await this.store.discardBody(id, rev).catch(() => {});
      throw error;
    }
    for (const [id, rev] of previousRevs) {
      if (rev !== undefined) await this.store.discardBody(id, rev).catch(() => {});
    }
  }

  private collectionsOf(plan: ImportPlan): CollectionName[] {
    const names: CollectionName[] = [];
    if (plan.siteBlocks) names.push('siteBlocks');
    if (plan.skills) names.push('skills');
    if (plan.contacts) names.push('contacts');
    if (plan.avatars) names.push('avatars');
    if (plan.articles) names.push('articles', 'articleViews');
    if (plan.comments) names.push('comments');
    return names;
  }
}
