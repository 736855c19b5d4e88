import { DETAIL_COMMENTS_COUNT, ServerMessages as M } from '@folio/shared';
import type {
  AdminArticleDetail,
  AdminArticleListItem,
  ArticleCreateRequest,
  ArticleUpdateRequest,
  PublicArticleDetail,
  PublicArticleListItem,
  RevisionSource,
} from '@folio/shared';
import { notFound, preconditionFailed } from '../errors.js';
import type { ArticleStats } from '../presenters/articles.presenter.js';
import {
  articleEtag,
  presentAdminArticleDetail,
  presentAdminArticleListItem,
  presentPublicArticleDetail,
  presentPublicArticleListItem,
} from '../presenters/articles.presenter.js';
import { presentPublicComment } from '../presenters/comments.presenter.js';
import type { ArticleFields } from '../store/articles.repository.js';
import type { ArticlesRepository } from '../store/articles.repository.js';
import type { CommentsRepository } from '../store/comments.repository.js';
import type { DiagramsRepository } from '../store/diagrams.repository.js';
import type { ArticleRecord } from '../store/records.js';
import type { SameCommitWrite } from '../store/store.js';
import { ArticleSearchIndex, normalizeQuery } from './article-search.js';
import { GenerationMemo } from './generation-memo.js';
import type { IdempotencyService } from './idempotency.service.js';
import { fingerprintOf } from './idempotency.service.js';

/** What an `If-Match` accepts: any live revision (`*`) or one of the listed revisions. */
export type RevisionPrecondition = 'any' | readonly number[];

export interface PublicArticleFilters {
  search?: string | undefined;
  category?: string | undefined;
  tag?: string | undefined;
}

/** Counts how often each name occurs and orders by count (descending), then by name (server/API.md §8.3). */
function rankByCount(names: Iterable<string>): [string, number][] {
  const counts = new Map<string, number>();
  for (const name of names) counts.set(name, (counts.get(name) ?? 0) + 1);
  return [...counts].sort(([nameA, countA], [nameB, countB]) => countB - countA || (nameA < nameB ? -1 : nameA > nameB ? 1 : 0));
}

/** Lists kept per generation: each holds up to every article, so a few dozen searches at most. */
const PUBLIC_LIST_MEMO_ENTRIES = 64;

/**
 * The rules for articles shared by the public, admin and recycle-bin routes: what is live,
 * search and filters, counters, and the write paths. The app builds one (see services.ts), so
 * the search index built for one request serves the next.
 */
export class ArticlesService {
  private readonly searchIndex: ArticleSearchIndex;
  /**
   * Public lists by filters, until the data changes: each visitor's list page or search would
   * otherwise filter, rank and sort every article again for the same answer.
   */
  private readonly publicLists: GenerationMemo<readonly ArticleRecord[]>;
  private readonly categoryRanking: GenerationMemo<string[]>;
  private readonly tagRanking: GenerationMemo<Record<string, number>>;

  constructor(
    private readonly articles: ArticlesRepository,
    /** Read only here, for counts and the detail's newest comments; CommentsService writes them. */
    private readonly comments: CommentsRepository,
    /** Read only here, for the detail's pre-rendered diagrams; DiagramsService writes them. */
    private readonly diagrams: DiagramsRepository,
    /** The store's change count; see {@link GenerationMemo}. */
    dataGeneration: () => number,
  ) {
    this.searchIndex = new ArticleSearchIndex(this.articles);
    this.publicLists = new GenerationMemo(dataGeneration, PUBLIC_LIST_MEMO_ENTRIES);
    this.categoryRanking = new GenerationMemo(dataGeneration);
    this.tagRanking = new GenerationMemo(dataGeneration);
  }

  /** Indexes every live article for search in the background, rather than on the first visitor's request. */
  warmSearch(signal?: AbortSignal): Promise<void> {
    return this.searchIndex.warmInBackground(this.articles.listLive(), signal);
  }

  /** Distinct categories of live articles as stored, in article order (the AI analyser's vocabulary). */
  liveCategoryNames(): string[] {
    return [...new Set(this.articles.listLive().map((article) => article.category))];
  }

  /** A live article, or 404 `文章不存在或已被删除` (binned articles are missing to everyone). */
  requireLive(id: number): ArticleRecord {
    const article = this.articles.findLive(id);
    if (!article) throw notFound(M.articleNotFound);
    return article;
  }

  /** Live articles for the public list: exact category and tag filters, then ranked search. */
  listPublic(filters: PublicArticleFilters): readonly ArticleRecord[] {
    const search = normalizeQuery(filters.search);
    const key = JSON.stringify([filters.category ?? '', filters.tag ?? '', search]);
    return this.publicLists.get(key, () => {
      let list = this.articles.listLive();
      if (filters.category) list = list.filter((article) => article.category === filters.category);
      if (filters.tag) {
        const tag = filters.tag;
        list = list.filter((article) => article.tags.includes(tag));
      }
      return search ? this.searchIndex.search(list, search) : list;
    });
  }

  /** Live articles for the admin list: a title substring only, newest first. */
  listAdmin(search: string | undefined): ArticleRecord[] {
    const list = this.articles.listLive();
    return search ? this.searchIndex.searchTitles(list, search) : list;
  }

  /** Distinct non-empty categories of live articles, most used first. */
  categories(): string[] {
    return this.categoryRanking.get('', () => {
      const names = this.articles.listLive().flatMap((article) => (article.category ? [article.category] : []));
      return rankByCount(names).map(([name]) => name);
    });
  }

  /** Tag → number of live articles carrying it, most used first. */
  tagCounts(): Record<string, number> {
    return this.tagRanking.get('', () =>
      Object.fromEntries(rankByCount(this.articles.listLive().flatMap((article) => article.tags))),
    );
  }

  /** Views and comment count, both read from memory (a page of a list costs a few lookups). */
  stats(article: ArticleRecord): ArticleStats {
    return { views: this.articles.views(article.id), comment_count: this.comments.countFor(article.id) };
  }

  presentPublicList(list: readonly ArticleRecord[]): PublicArticleListItem[] {
    return list.map((article) => presentPublicArticleListItem(article, this.stats(article)));
  }

  presentAdminList(list: readonly ArticleRecord[]): AdminArticleListItem[] {
    return list.map((article) => presentAdminArticleListItem(article, this.stats(article)));
  }

  presentAdminDetail(article: ArticleRecord): AdminArticleDetail {
    const body = this.articles.body(article.id);
    return presentAdminArticleDetail(article, body, this.stats(article), this.diagrams.shownFor(article, body));
  }

  /** An article's title, binned ones included; `''` once it is purged. */
  titleOf(id: number): string {
    return this.articles.find(id)?.title ?? '';
  }

  /** Whether a live (published, not binned) article has this id. */
  isLive(id: number): boolean {
    return this.articles.findLive(id) !== undefined;
  }

  /** Counts a visit of a live article (a rendered page); false, counting nothing, when there is none. */
  countView(id: number): boolean {
    if (!this.isLive(id)) return false;
    this.articles.addView(id);
    return true;
  }

  /**
   * The public detail. With `countView` the view is added first, so the answer includes this
   * visit (server/API.md §8.2); HEAD requests pass `false`.
   */
  publicDetail(id: number, countView: boolean): PublicArticleDetail {
    const article = this.requireLive(id);
    if (countView) this.articles.addView(id);
    const comments = this.comments.listForArticle(id);
    const stats = { views: this.articles.views(id), comment_count: comments.length };
    const newest = comments.slice(0, DETAIL_COMMENTS_COUNT).map(presentPublicComment);
    const body = this.articles.body(id);
    return presentPublicArticleDetail(article, body, stats, newest, this.diagrams.shownFor(article, body));
  }

  /**
   * Creates an article; `sameCommit` (an idempotency record) is stored in the same commit.
   * Dates the client sent are kept (an imported post keeps its date); `updated_at` alone also
   * stands for `created_at`, since an article last changed then was written by then.
   */
  async create(
    fields: ArticleCreateRequest,
    sameCommit?: SameCommitWrite<ArticleRecord>,
    source: RevisionSource = 'api',
  ): Promise<ArticleRecord> {
    const created = await this.articles.create(
      { ...fields, created_at: fields.created_at ?? fields.updated_at, source },
      sameCommit,
    );
    this.searchIndex.warm([created]);
    return created;
  }

  /**
   * Creates at most once per `Idempotency-Key`: a retry of the same request is answered with the
   * detail and ETag remembered from the first one (`replayed`), a different request under the
   * same key is a 422. The key is stored in the commit that stores the article.
   */
  async createOnce(
    idempotency: IdempotencyService,
    key: string,
    fields: ArticleCreateRequest,
    source: RevisionSource = 'api',
  ): Promise<{ detail: AdminArticleDetail; etag: string; replayed: boolean }> {
    const outcome = await idempotency.once<ArticleRecord>(
      key,
      fingerprintOf(fields),
      (sameCommit) => this.create(fields, sameCommit, source),
      (created) => ({ status: 201, data: this.presentAdminDetail(created), etag: articleEtag(created) }),
    );
    // Remembered answers are what this very method stored, so their shape is the admin detail.
    return { detail: outcome.response.data as AdminArticleDetail, etag: outcome.response.etag, replayed: outcome.replayed };
  }

  /**
   * A partial update of a live article; 404 for a missing or binned one. With a precondition
   * (`If-Match`) a save based on another revision is refused with 412 and the current copy,
   * and changes nothing; without one it overwrites as the original client expects.
   */
  async update(
    id: number,
    patch: ArticleUpdateRequest,
    precondition?: RevisionPrecondition,
    source: RevisionSource = 'api',
  ): Promise<ArticleRecord> {
    const current = this.requireLive(id);
    if (precondition !== undefined && precondition !== 'any' && !precondition.includes(current.revision)) {
      throw this.changedElsewhere(current);
    }
    const changes: Partial<ArticleFields> = {};
    if (patch.title !== undefined) changes.title = patch.title;
    if (patch.category !== undefined) changes.category = patch.category;
    if (patch.tags !== undefined) changes.tags = patch.tags;
    if (patch.summary !== undefined) changes.summary = patch.summary;
    if (patch.cover !== undefined) changes.cover = patch.cover;
    // The original admin sends the whole article back; an unchanged body needs no new revision.
    if (patch.content !== undefined && patch.content !== this.articles.body(id)) changes.content = patch.content;
    // The revision checked above is checked again at the commit, so a save that raced this one wins alone.
    const expected = precondition === undefined || precondition === 'any' ? undefined : current.revision;
    const outcome = await this.articles.update(id, changes, expected, source);
    if (outcome.status === 'missing') throw notFound(M.articleNotFound);
    if (outcome.status === 'stale') throw this.changedElsewhere(outcome.article);
    this.searchIndex.warm([outcome.article]);
    return outcome.article;
  }

  private changedElsewhere(current: ArticleRecord) {
    return preconditionFailed(M.articleChangedElsewhere, this.presentAdminDetail(current), articleEtag(current));
  }

  /** Moves one live article to the recycle bin; 404 when it is missing or already binned. */
  async moveToBin(id: number): Promise<ArticleRecord> {
    this.requireLive(id);
    const [moved] = await this.articles.moveToBin([id]);
    if (!moved) throw notFound(M.articleNotFound);
    return moved;
  }

  /** Bins every live id; unknown and already binned ids are reported, not errors. */
  async moveManyToBin(ids: readonly number[]): Promise<{ deleted: number[]; not_found: number[] }> {
    const unique = [...new Set(ids)];
    const moved = await this.articles.moveToBin(unique);
    const deleted = new Set(moved.map((article) => article.id));
    return { deleted: unique.filter((id) => deleted.has(id)), not_found: unique.filter((id) => !deleted.has(id)) };
  }

  /** Binned articles in stored order; the recycle bin decides how to sort them. */
  listBinned(): ArticleRecord[] {
    return this.articles.listBinned();
  }

  /** A binned article; `undefined` for a live or unknown id. */
  findBinned(id: number): ArticleRecord | undefined {
    const article = this.articles.find(id);
    return article && article.deleted_at !== null ? article : undefined;
  }

  /** Makes a binned article live again; `undefined` when it is not in the bin. */
  restoreFromBin(id: number): Promise<ArticleRecord | undefined> {
    return this.articles.restore(id);
  }

  /** Removes binned articles for good, with their views and comments; live and unknown ids are skipped. */
  purgeFromBin(ids: readonly number[]): Promise<ArticleRecord[]> {
    return this.articles.purge(ids);
  }
}
