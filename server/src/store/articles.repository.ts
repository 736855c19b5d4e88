import type { Store } from './store.js';
import { takeNextId } from './store.js';
import type { ArticleRecord } from './records.js';
import { isoNow } from './clock.js';

export interface ArticleFields {
  title: string;
  category: string;
  tags: string[];
  summary: string;
  cover: string;
  content: string;
}

export interface NewArticle extends ArticleFields {
  /** Set by Markdown import from front matter; otherwise the time of creation. */
  created_at?: string;
  updated_at?: string;
}

/** An article with its body, as services see it. */
export interface StoredArticle extends ArticleRecord {
  content: string;
  views: number;
}

/** Newest first, then highest id: the order of every article list (API section 8). */
export const newestFirst = (a: ArticleRecord, b: ArticleRecord) =>
  a.created_at < b.created_at ? 1 : a.created_at > b.created_at ? -1 : b.id - a.id;

/**
 * Articles: metadata in `articles.json`, bodies in `article-bodies/`, views in
 * `article-views.json`. A body is written to a new revision file before the index points at it,
 * so a crash never leaves an index entry without its body.
 */
export class ArticlesRepository {
  constructor(private readonly store: Store) {}

  private get items(): ArticleRecord[] {
    return this.store.state.articles.items;
  }

  /** Every article not in the recycle bin, newest first. */
  listLive(): ArticleRecord[] {
    return this.items.filter((article) => article.deleted_at === null).sort(newestFirst);
  }

  listBinned(): ArticleRecord[] {
    return this.items.filter((article) => article.deleted_at !== null);
  }

  find(id: number): ArticleRecord | undefined {
    return this.items.find((article) => article.id === id);
  }

  findLive(id: number): ArticleRecord | undefined {
    const article = this.find(id);
    return article && article.deleted_at === null ? article : undefined;
  }

  body(id: number): string {
    return this.store.bodies.get(id) ?? '';
  }

  views(id: number): number {
    return this.store.state.articleViews[String(id)] ?? 0;
  }

  withBody(article: ArticleRecord): StoredArticle {
    return { ...article, content: this.body(article.id), views: this.views(article.id) };
  }

  async create(fields: NewArticle): Promise<ArticleRecord> {
    // Reserve the id first so the body file name is known before the index is written.
    const id = await this.store.mutate(['articles'], (state) => takeNextId(state.articles));
    await this.store.writeBody(id, 1, fields.content);
    return this.store.mutate(['articles'], (state) => {
      const now = isoNow();
      const record: ArticleRecord = {
        id,
        title: fields.title,
        category: fields.category,
        tags: fields.tags,
        summary: fields.summary,
        cover: fields.cover,
        created_at: fields.created_at ?? now,
        updated_at: fields.updated_at ?? fields.created_at ?? now,
        deleted_at: null,
        body_rev: 1,
      };
      state.articles.items.push(record);
      this.store.bodies.set(id, fields.content);
      return record;
    });
  }

  /** Partial update; resolves `undefined` when the article is missing or binned. */
  async update(id: number, patch: Partial<ArticleFields>): Promise<ArticleRecord | undefined> {
    const article = this.findLive(id);
    if (!article) return undefined;
    const { content, ...meta } = patch;
    const previousRev = article.body_rev;
    const nextRev = content === undefined ? previousRev : this.store.reserveBodyRev(id, previousRev);
    if (content !== undefined) await this.store.writeBody(id, nextRev, content);
    const updated = await this.store.mutate(['articles'], () => {
      Object.assign(article, meta, { updated_at: isoNow() });
      if (content !== undefined) {
        article.body_rev = nextRev;
        this.store.bodies.set(id, content);
      }
      return article;
    });
    if (content !== undefined) await this.store.discardBody(id, previousRev);
    return updated;
  }

  /** Moves live articles to the recycle bin; returns the ids that were moved. */
  moveToBin(ids: readonly number[]): Promise<ArticleRecord[]> {
    return this.store.mutate(['articles'], () => {
      const now = isoNow();
      const moved: ArticleRecord[] = [];
      for (const id of ids) {
        const article = this.findLive(id);
        if (article) {
          article.deleted_at = now;
          moved.push(article);
        }
      }
      return moved;
    });
  }

  restore(id: number): Promise<ArticleRecord | undefined> {
    const article = this.find(id);
    if (!article || article.deleted_at === null) return Promise.resolve(undefined);
    return this.store.mutate(['articles'], () => {
      article.deleted_at = null;
      return article;
    });
  }

  /** Removes binned articles, their views and their comments for good. */
  async purge(ids: readonly number[]): Promise<ArticleRecord[]> {
    const targets = new Set(ids);
    const purged = await this.store.mutate(['articles', 'comments', 'articleViews'], (state) => {
      const removed = state.articles.items.filter((article) => targets.has(article.id) && article.deleted_at !== null);
      const removedIds = new Set(removed.map((article) => article.id));
      state.articles.items = state.articles.items.filter((article) => !removedIds.has(article.id));
      state.comments.items = state.comments.items.filter((comment) => !removedIds.has(comment.article_id));
      for (const id of removedIds) {
        delete state.articleViews[String(id)];
        this.store.bodies.delete(id);
      }
      return removed;
    });
    for (const article of purged) await this.store.discardBody(article.id, article.body_rev);
    return purged;
  }

  /**
   * Counts a view. The counter is committed in the background: a page view must not wait for
   * a disk flush, and losing the last few views in a crash is acceptable for a counter.
   */
  addView(id: number): number {
    const key = String(id);
    const views = (this.store.state.articleViews[key] ?? 0) + 1;
    void this.store
      .mutate(['articleViews'], (state) => {
        state.articleViews[key] = views;
      })
      .catch(() => {});
    return views;
  }
}
