import { AddressMessages, ServerMessages as M } from '@folio/shared';
import type {
  AdminArticleDetail,
  AdminArticleListItem,
  ArticleCreateRequest,
  ArticleStatus,
  ArticleUpdateRequest,
  RevisionSource,
} from '@folio/shared';
import { conflict, notFound, preconditionFailed } from '../errors.js';
import type { ArticleBodyFacts } from '../presenters/article-excerpt.js';
import type { AdminArticleStats } from '../presenters/articles.presenter.js';
import { articleEtag, presentAdminArticleDetail, presentAdminArticleListItem } from '../presenters/articles.presenter.js';
import type { ArticleFields, ArticlesRepository, ArticleUpdateOutcome } from '../store/articles.repository.js';
import { isoNow } from '../store/clock.js';
import type { CommentsRepository } from '../store/comments.repository.js';
import type { DiagramsRepository } from '../store/diagrams.repository.js';
import type { ArticleRecord } from '../store/records.js';
import type { SameCommitWrite } from '../store/store.js';
import { requireTitleAndBodyFor, resolvePublication } from './article-publication.js';
import type { ArticleBodyFactsCache } from './article-body-facts.js';
import type { ArticleSearchIndex } from './article-search.js';
import type { AutosaveService } from './autosave.service.js';
import type { IdempotencyService } from './idempotency.service.js';
import { fingerprintOf } from './idempotency.service.js';
import { readArticleStats } from './public-articles.service.js';
import type { PublishingSchedule } from './publishing-schedule.service.js';

/** What an `If-Match` accepts: any live revision (`*`) or one of the listed revisions. */
export type RevisionPrecondition = 'any' | readonly number[];

/** What the articles service works with; the app builds each once (see services.ts). */
export interface ArticlesServiceParts {
  articles: ArticlesRepository;
  /** Read only here, for counts; CommentsService writes them. */
  comments: CommentsRepository;
  /** Read only here, for the admin detail's drawn diagrams; DiagramsService writes them. */
  diagrams: DiagramsRepository;
  /** Shared with the public reads, so an article indexed for one search serves the next. */
  searchIndex: ArticleSearchIndex;
  /** Each article's excerpt and first image (server/API.md §E18), shared with the public reads. */
  bodyFacts: ArticleBodyFactsCache;
  autosaves: AutosaveService;
  schedule: PublishingSchedule;
}

/** The six fields of `patch` that differ from the stored article: what a save really changes. */
function changedFields(current: ArticleRecord, body: string, patch: ArticleUpdateRequest): Partial<ArticleFields> {
  const changes: Partial<ArticleFields> = {};
  if (patch.title !== undefined && patch.title !== current.title) changes.title = patch.title;
  if (patch.category !== undefined && patch.category !== current.category) changes.category = patch.category;
  if (patch.tags !== undefined && patch.tags.join(',') !== current.tags.join(',')) changes.tags = patch.tags;
  if (patch.summary !== undefined && patch.summary !== current.summary) changes.summary = patch.summary;
  if (patch.cover !== undefined && patch.cover !== current.cover) changes.cover = patch.cover;
  // The original admin sends the whole article back; an unchanged body needs no new revision.
  if (patch.content !== undefined && patch.content !== body) changes.content = patch.content;
  return changes;
}

/**
 * The owner's articles (server/API.md §9, §10, §E8 and §E9): every article outside the recycle
 * bin whatever its status, the admin lists and detail, and the write paths. What readers see
 * is {@link PublicArticlesService}'s.
 */
export class ArticlesService {
  private readonly articles: ArticlesRepository;
  private readonly comments: CommentsRepository;
  private readonly diagrams: DiagramsRepository;
  private readonly searchIndex: ArticleSearchIndex;
  private readonly bodyFacts: ArticleBodyFactsCache;
  private readonly autosaves: AutosaveService;
  private readonly schedule: PublishingSchedule;

  constructor(parts: ArticlesServiceParts) {
    ({
      articles: this.articles,
      comments: this.comments,
      diagrams: this.diagrams,
      searchIndex: this.searchIndex,
      bodyFacts: this.bodyFacts,
      autosaves: this.autosaves,
      schedule: this.schedule,
    } = parts);
  }

  /** Indexes every live article for search in the background, rather than on the first visitor's request. */
  warmSearch(signal?: AbortSignal): Promise<void> {
    return this.searchIndex.warmInBackground(this.articles.listLive(), signal);
  }

  /** Distinct categories of live articles as stored, in article order (the AI analyser's vocabulary). */
  liveCategoryNames(): string[] {
    return [...new Set(this.articles.listLive().map((article) => article.category))];
  }

  /** An article outside the bin, whatever its status, or 404 `文章不存在或已被删除`. */
  requireLive(id: number): ArticleRecord {
    const article = this.articles.findLive(id);
    if (!article) throw notFound(M.articleNotFound);
    return article;
  }

  /** Live articles for the admin list: a title substring and a status, newest first. */
  listAdmin(search: string | undefined, status?: ArticleStatus): ArticleRecord[] {
    let list = this.articles.listLive();
    if (status) list = list.filter((article) => article.status === status);
    return search ? this.searchIndex.searchTitles(list, search) : list;
  }

  /** The excerpt and first image of an article's body (server/API.md §E18), parsed once per body change. */
  bodyFactsOf(article: ArticleRecord): ArticleBodyFacts {
    return this.bodyFacts.of(article.id);
  }

  /** Views, comment count and whether an autosave waits, all read from memory. */
  stats(article: ArticleRecord): AdminArticleStats {
    return { ...readArticleStats(this.articles, this.comments, article), has_autosave: this.autosaves.has(article.id) };
  }

  presentAdminList(list: readonly ArticleRecord[]): AdminArticleListItem[] {
    return list.map((article) => presentAdminArticleListItem(article, this.stats(article), this.bodyFacts.of(article.id)));
  }

  /**
   * The admin detail as the answer of a write: its autosave, when one can be there, is `autosave`
   * (a new article has none). {@link adminDetail} reads it.
   */
  presentAdminDetail(article: ArticleRecord, autosave: AdminArticleDetail['autosave'] = null): AdminArticleDetail {
    const body = this.articles.body(article.id);
    return presentAdminArticleDetail(
      article,
      body,
      this.stats(article),
      this.diagrams.shownFor(article, body),
      autosave ?? null,
      this.bodyFacts.of(article.id),
    );
  }

  /** The admin detail with the article's autosave (server/API.md §E9), read from its file. */
  async adminDetail(article: ArticleRecord): Promise<AdminArticleDetail> {
    const autosave = this.autosaves.has(article.id) ? await this.autosaves.read(article.id) : null;
    return this.presentAdminDetail(article, autosave);
  }

  /** An article's title, binned ones included; `''` once it is purged. */
  titleOf(id: number): string {
    return this.articles.find(id)?.title ?? '';
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
    const now = isoNow();
    const createdAt = fields.created_at ?? fields.updated_at ?? now;
    // Checked before anything is stored: a refused schedule creates nothing.
    const publication = resolvePublication(fields, undefined, now, createdAt);
    // A Markdown import brings posts that were public elsewhere: no subscriber mail (server/API.md §E23.11).
    const announce = source !== 'import';
    const created = await this.articles.create(
      { ...fields, ...publication, created_at: createdAt, source, announce },
      sameCommit,
    );
    this.schedule.rearm();
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
   * and changes nothing; without one it overwrites as the original client expects. Without
   * `status` the article keeps its own (server/API.md §E8); a save that changes any of the six
   * fields makes the autosave the article, so the autosave is discarded (§E9).
   */
  async update(
    id: number,
    patch: ArticleUpdateRequest,
    precondition?: RevisionPrecondition,
    source: RevisionSource = 'api',
  ): Promise<ArticleRecord> {
    const current = this.requireLive(id);
    if (precondition !== undefined && precondition !== 'any' && !precondition.includes(current.revision)) {
      throw await this.changedElsewhere(current);
    }
    const body = this.articles.body(id);
    const changes = changedFields(current, body, patch);
    const publication = resolvePublication(patch, current, isoNow());
    requireTitleAndBodyFor(publication.status, current.status, {
      title: changes.title ?? current.title,
      content: changes.content ?? body,
    });
    // The revision checked above is checked again at the commit, so a save that raced this one wins alone.
    const expected = precondition === undefined || precondition === 'any' ? undefined : current.revision;
    // A slug another article has is refused, binned ones included (server/API.md §E19).
    const slug = patch.slug !== undefined && patch.slug !== current.slug ? patch.slug : undefined;
    if (slug !== undefined && this.articles.slugTakenByAnother(slug, id)) throw conflict(AddressMessages.slugTaken(slug));
    let outcome: ArticleUpdateOutcome;
    try {
      outcome = await this.articles.update(
        id,
        {
          ...changes,
          ...publication,
          ...(slug === undefined ? {} : { slug }),
          ...(patch.notify_subscribers === undefined ? {} : { notify_subscribers: patch.notify_subscribers }),
        },
        expected,
        source,
      );
    } finally {
      // The schedule skipped this article while its update was on its way, whatever became of it.
      this.schedule.rearm();
    }
    if (outcome.status === 'missing') throw notFound(M.articleNotFound);
    if (outcome.status === 'stale') throw await this.changedElsewhere(outcome.article);
    if (outcome.status === 'slug-taken') throw conflict(AddressMessages.slugTaken(outcome.slug));
    if (Object.keys(changes).length > 0) await this.autosaves.clear([id]);
    this.searchIndex.warm([outcome.article]);
    return outcome.article;
  }

  /** A new slug alone (`PUT /api/admin/articles/{id}/slug`, server/API.md §E19): 404 or 409 change nothing. */
  async changeSlug(id: number, slug: string): Promise<ArticleRecord> {
    this.requireLive(id);
    const outcome = await this.articles.changeSlug(id, slug);
    if (outcome.status === 'slug-taken') throw conflict(AddressMessages.slugTaken(outcome.slug));
    if (outcome.status !== 'updated') throw notFound(M.articleNotFound);
    return outcome.article;
  }

  private async changedElsewhere(current: ArticleRecord) {
    return preconditionFailed(M.articleChangedElsewhere, await this.adminDetail(current), articleEtag(current));
  }

  /** Moves one live article to the recycle bin; 404 when it is missing or already binned. */
  async moveToBin(id: number): Promise<ArticleRecord> {
    this.requireLive(id);
    const [moved] = await this.articles.moveToBin([id]);
    if (!moved) throw notFound(M.articleNotFound);
    this.schedule.rearm();
    return moved;
  }

  /** Bins every live id; unknown and already binned ids are reported, not errors. */
  async moveManyToBin(ids: readonly number[]): Promise<{ deleted: number[]; not_found: number[] }> {
    const unique = [...new Set(ids)];
    const moved = await this.articles.moveToBin(unique);
    this.schedule.rearm();
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

  /**
   * Makes a binned article live again, with the status it had (a scheduled one whose time passed
   * in the bin goes public at once); `undefined` when it is not in the bin.
   */
  async restoreFromBin(id: number): Promise<ArticleRecord | undefined> {
    const restored = await this.articles.restore(id);
    this.schedule.rearm();
    return restored;
  }

  /** Removes binned articles for good, with their views, comments and autosaves; live and unknown ids are skipped. */
  async purgeFromBin(ids: readonly number[]): Promise<ArticleRecord[]> {
    const purged = await this.articles.purge(ids);
    await this.autosaves.clear(purged.map((article) => article.id));
    return purged;
  }
}
