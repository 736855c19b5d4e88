import { createHash, randomBytes } from 'node:crypto';
import { PREVIEW_TOKEN_PATTERN, PreviewLinkMessages as PM } from '@folio/shared';
import type { ArticlePreview, CreatedPreviewLink, PreviewLink } from '@folio/shared';
import { badRequest, notFound } from '../errors.js';
import { presentArticlePreview, presentCreatedPreviewLink, presentPreviewLink } from '../presenters/preview-links.presenter.js';
import type { ArticlesRepository } from '../store/articles.repository.js';
import { toIsoSeconds } from '../store/clock.js';
import type { PreviewLinksRepository } from '../store/preview-links.repository.js';
import type { ArticleRecord } from '../store/records.js';
import type { ImageFactsLookup } from './article-images.js';
import type { ArticlesService } from './articles.service.js';

const DAY_MS = 24 * 60 * 60 * 1000;
/** 256 random bits: a link cannot be guessed, only handed on. */
const TOKEN_BYTES = 32;

/** What is stored of a token: its SHA-256, so the data directory never holds a working link. */
export const hashPreviewToken = (token: string): string => createHash('sha256').update(token).digest('base64url');

/** Whether an article may have a preview: outside the bin and not yet readers'. */
const isPreviewable = (article: ArticleRecord | undefined): article is ArticleRecord =>
  article !== undefined && article.deleted_at === null && article.status !== 'published';

/**
 * Preview links of drafts and scheduled articles (server/API.md §E17): made, listed and revoked
 * by the owner; answered for anyone holding one while it lasts and its article is unpublished.
 */
export class PreviewLinksService {
  constructor(
    private readonly links: PreviewLinksRepository,
    private readonly articleRepository: ArticlesRepository,
    private readonly articles: ArticlesService,
    private readonly imageFacts: ImageFactsLookup,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** A new link to an unpublished article, lasting `days`; the token is in its `url` and nowhere else. */
  async create(articleId: number, days: number): Promise<CreatedPreviewLink> {
    const article = this.articles.requireLive(articleId);
    if (article.status === 'published') throw badRequest(PM.articlePublished);
    const now = this.now();
    const token = randomBytes(TOKEN_BYTES).toString('base64url');
    const record = await this.links.add(
      {
        article_id: articleId,
        token_hash: hashPreviewToken(token),
        created_at: toIsoSeconds(now),
        expires_at: toIsoSeconds(new Date(now.getTime() + days * DAY_MS)),
      },
      now,
      (id) => isPreviewable(this.articleRepository.find(id)),
    );
    return presentCreatedPreviewLink(record, token);
  }

  /** An article's links that still work (none once it is published). */
  list(articleId: number): PreviewLink[] {
    const article = this.articles.requireLive(articleId);
    if (article.status === 'published') return [];
    return this.links.listForArticle(articleId, this.now()).map(presentPreviewLink);
  }

  async revoke(articleId: number, linkId: number): Promise<void> {
    this.articles.requireLive(articleId);
    if (!(await this.links.remove(articleId, linkId, this.now()))) throw notFound(PM.linkNotFound);
  }

  /**
   * What `/preview/{token}` shows, or undefined when the token is malformed, unknown, revoked or
   * expired, or its article is binned, purged or published (all the same 404 to the visitor).
   */
  preview(token: string): ArticlePreview | undefined {
    if (!PREVIEW_TOKEN_PATTERN.test(token)) return undefined;
    const link = this.links.findByHash(hashPreviewToken(token), this.now());
    const article = link && this.articleRepository.find(link.article_id);
    if (!link || !isPreviewable(article)) return undefined;
    return presentArticlePreview(article, this.articleRepository.body(article.id), link, this.imageFacts);
  }
}
