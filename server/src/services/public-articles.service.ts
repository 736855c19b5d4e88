import { DETAIL_COMMENTS_COUNT, ServerMessages as M } from '@folio/shared';
import type { PublicArticleDetail, PublicArticleListItem, PublicComment } from '@folio/shared';
import { notFound } from '../errors.js';
import type { ArticleStats } from '../presenters/articles.presenter.js';
import { presentPublicArticleDetail, presentPublicArticleListItem } from '../presenters/articles.presenter.js';
import { presentPublicComment } from '../presenters/comments.presenter.js';
import type { ArticlesRepository } from '../store/articles.repository.js';
import type { CommentsRepository } from '../store/comments.repository.js';
import type { DiagramsRepository } from '../store/diagrams.repository.js';
import type { ArticleRecord } from '../store/records.js';
import { factsOfUploadPath, imagesShownBy } from './article-images.js';
import type { ImageFactsLookup } from './article-images.js';
import type { ArticleBodyFactsCache } from './article-body-facts.js';
import type { ArticleSearchIndex } from './article-search.js';
import { normalizeQuery } from './article-search.js';
import { ArticleCommentsCache } from './comment-threads.js';
import type { ArticleComments } from './comment-threads.js';
import { GenerationMemo } from './generation-memo.js';

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

/** The comments of an article's public detail (server/API.md §8.2), ready to send. */
interface DetailComments {
  count: number;
  newest: PublicComment[];
  threads: PublicComment[];
}

/** Lists kept per generation: each holds up to every article, so a few dozen searches at most. */
const PUBLIC_LIST_MEMO_ENTRIES = 64;

/** Views and comment count, both read from memory (a page of a list costs a few lookups). */
export function readArticleStats(
  articles: ArticlesRepository,
  comments: CommentsRepository,
  article: ArticleRecord,
): ArticleStats {
  return { views: articles.views(article.id), comment_count: comments.countFor(article.id) };
}

/**
 * What readers see (server/API.md §8 and §E8): published articles outside the recycle bin, and
 * nothing else. Every public surface reads articles through this service (the API, the rendered
 * pages, the feeds, comments), so a draft or scheduled article is missing everywhere at once.
 */
export class PublicArticlesService {
  /**
   * Public lists by filters, until the data changes: each visitor's list page or search would
   * otherwise filter, rank and sort every article again for the same answer.
   */
  private readonly lists: GenerationMemo<readonly ArticleRecord[]>;
  private readonly categoryRanking: GenerationMemo<string[]>;
  private readonly tagRanking: GenerationMemo<Record<string, number>>;
  private readonly articleComments: ArticleCommentsCache;
  /** The detail's comments as readers get them, built with {@link articleComments}. */
  private readonly detailComments: GenerationMemo<DetailComments>;

  constructor(
    private readonly articles: ArticlesRepository,
    /** Read only here, for counts and the detail's newest comments; CommentsService writes them. */
    private readonly comments: CommentsRepository,
    /** Read only here, for the detail's pre-rendered diagrams; DiagramsService writes them. */
    private readonly diagrams: DiagramsRepository,
    private readonly searchIndex: ArticleSearchIndex,
    /** The store's change count; see {@link GenerationMemo}. */
    dataGeneration: () => number,
    /** The page sizes of uploads, for the detail's `images`. */
    private readonly imageFacts: ImageFactsLookup,
    /** Each article's excerpt and first image, shared with the admin's reads. */
    private readonly bodyFacts: ArticleBodyFactsCache,
  ) {
    this.lists = new GenerationMemo(dataGeneration, PUBLIC_LIST_MEMO_ENTRIES);
    this.categoryRanking = new GenerationMemo(dataGeneration);
    this.tagRanking = new GenerationMemo(dataGeneration);
    this.articleComments = new ArticleCommentsCache(dataGeneration, (id) => this.comments.listVisibleForArticle(id));
    this.detailComments = new GenerationMemo(dataGeneration);
  }

  /**
   * A published article's visible comments and their threads (404 as {@link requirePublished}),
   * the same object until the data changes.
   */
  commentsOf(id: number): ArticleComments {
    this.requirePublished(id);
    return this.articleComments.of(id);
  }

  /** Whether readers see this article. */
  isPublished(id: number): boolean {
    return this.articles.findPublic(id) !== undefined;
  }

  /** The id of the published article with this slug (server/API.md §E19); `undefined` when readers see none. */
  publishedIdOfSlug(slug: string): number | undefined {
    const article = this.articles.findBySlug(slug);
    return article && this.isPublished(article.id) ? article.id : undefined;
  }

  /** The slug address of a published article (`/articles/{slug}`); `undefined` when readers do not see it. */
  publishedPathOf(id: number): string | undefined {
    const article = this.articles.findPublic(id);
    return article && `/articles/${article.slug}`;
  }

  /** A published article, or 404 `文章不存在或已被删除`: a draft is missing to readers as a binned one is. */
  requirePublished(id: number): ArticleRecord {
    const article = this.articles.findPublic(id);
    if (!article) throw notFound(M.articleNotFound);
    return article;
  }

  /** Published articles for the public list: exact category and tag filters, then ranked search. */
  list(filters: PublicArticleFilters): readonly ArticleRecord[] {
    const search = normalizeQuery(filters.search);
    const key = JSON.stringify([filters.category ?? '', filters.tag ?? '', search]);
    return this.lists.get(key, () => {
      let list = this.articles.listPublic();
      if (filters.category) list = list.filter((article) => article.category === filters.category);
      if (filters.tag) {
        const tag = filters.tag;
        list = list.filter((article) => article.tags.includes(tag));
      }
      return search ? this.searchIndex.search(list, search) : list;
    });
  }

  /** Distinct non-empty categories of published articles, most used first. */
  categories(): string[] {
    return this.categoryRanking.get('', () => {
      const names = this.articles.listPublic().flatMap((article) => (article.category ? [article.category] : []));
      return rankByCount(names).map(([name]) => name);
    });
  }

  /** Tag → number of published articles carrying it, most used first. */
  tagCounts(): Record<string, number> {
    return this.tagRanking.get('', () =>
      Object.fromEntries(rankByCount(this.articles.listPublic().flatMap((article) => article.tags))),
    );
  }

  presentList(list: readonly ArticleRecord[]): PublicArticleListItem[] {
    return list.map((article) => {
      const item = presentPublicArticleListItem(
        article,
        readArticleStats(this.articles, this.comments, article),
        this.bodyFacts.of(article.id),
      );
      const coverFacts = factsOfUploadPath(article.cover, this.imageFacts);
      // Without a cover, the card shows the body's first image, in the sizes made for it.
      const shareFacts = article.cover ? undefined : factsOfUploadPath(item.share_image ?? '', this.imageFacts);
      return { ...item, ...(coverFacts && { cover_facts: coverFacts }), ...(shareFacts && { share_image_facts: shareFacts }) };
    });
  }

  /** Counts a visit of a published article (a rendered page); false, counting nothing, when there is none. */
  countView(id: number): boolean {
    if (!this.isPublished(id)) return false;
    this.articles.addView(id);
    return true;
  }

  /**
   * The public detail. With `countView` the view is added first, so the answer includes this
   * visit (server/API.md §8.2); HEAD requests pass `false`.
   */
  detail(id: number, countView: boolean): PublicArticleDetail {
    const article = this.requirePublished(id);
    if (countView) this.articles.addView(id);
    const comments = this.detailComments.get(String(id), () => {
      const { newestFirst, threads } = this.articleComments.of(id);
      return {
        count: newestFirst.length,
        newest: newestFirst.slice(0, DETAIL_COMMENTS_COUNT).map(presentPublicComment),
        threads: threads.slice(0, DETAIL_COMMENTS_COUNT).flat().map(presentPublicComment),
      };
    });
    const stats = { views: this.articles.views(id), comment_count: comments.count };
    const { newest, threads } = comments;
    const body = this.articles.body(id);
    const detail = presentPublicArticleDetail(
      article,
      body,
      stats,
      { newest, threads },
      this.diagrams.shownFor(article, body),
      this.bodyFacts.of(id),
    );
    return { ...detail, images: imagesShownBy(article.cover, body, this.imageFacts) };
  }
}
