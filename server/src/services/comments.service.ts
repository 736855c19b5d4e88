import { RATE_LIMITS, ServerMessages as M } from '@folio/shared';
import type { AdminComment, CommentCreateRequest } from '@folio/shared';
import { RateLimiterMemory, RateLimiterRes, RateLimiterUnion } from 'rate-limiter-flexible';
import { notFound, rateLimited } from '../errors.js';
import { presentAdminComment } from '../presenters/comments.presenter.js';
import type { CommentRecord } from '../store/records.js';
import type { ArticlesService } from './articles.service.js';

export interface CommentRateLimits {
  perMinute: number;
  perHour: number;
}

/** Who posted: stored with the comment for the admin, never shown publicly (API 3.5). */
export interface CommentClient {
  ip: string;
  userAgent: string;
}

export interface AdminCommentFilters {
  search?: string | undefined;
  articleId?: number | undefined;
}

/**
 * The per-IP limit on comment posts (API 1.6): both windows must have room. The limits come
 * from `config.commentRateLimits` so a test can raise them.
 */
export class CommentRateLimiter {
  private readonly limiter: RateLimiterUnion;

  constructor(limits: CommentRateLimits) {
    this.limiter = new RateLimiterUnion(
      new RateLimiterMemory({
        keyPrefix: 'comments-minute',
        points: limits.perMinute,
        duration: RATE_LIMITS.commentsPerMinute.windowMs / 1000,
      }),
      new RateLimiterMemory({
        keyPrefix: 'comments-hour',
        points: limits.perHour,
        duration: RATE_LIMITS.commentsPerHour.windowMs / 1000,
      }),
    );
  }

  /** Takes one post from the IP's allowance, or throws 429 with the longest wait of a full window. */
  async consume(ip: string): Promise<void> {
    try {
      await this.limiter.consume(ip);
    } catch (rejection) {
      if (rejection instanceof Error) throw rejection;
      const waits = Object.values(rejection as Record<string, unknown>)
        .filter((result): result is RateLimiterRes => result instanceof RateLimiterRes)
        .map((result) => result.msBeforeNext);
      throw rateLimited(M.commentRateLimited, Math.max(1, Math.ceil(Math.max(0, ...waits) / 1000)));
    }
  }
}

/** Comments of API section 11: public posting and admin moderation. */
export class CommentsService {
  constructor(private readonly articles: ArticlesService) {}

  /** Public comments of a live article, newest first; 404 when it is missing or binned. */
  listForLiveArticle(articleId: number): CommentRecord[] {
    this.articles.requireLive(articleId);
    return this.articles.comments.listForArticle(articleId);
  }

  /** Stores a comment on a live article (404 when it is missing or binned). */
  create(articleId: number, fields: CommentCreateRequest, client: CommentClient): Promise<CommentRecord> {
    this.articles.requireLive(articleId);
    return this.articles.comments.create({
      article_id: articleId,
      author: fields.author,
      email: fields.email,
      content: fields.content,
      ip_address: client.ip,
      user_agent: client.userAgent,
    });
  }

  /** Every comment, binned articles' included, newest first, filtered for the admin list. */
  listForAdmin(filters: AdminCommentFilters): CommentRecord[] {
    let list = this.articles.comments.list();
    if (filters.articleId !== undefined) list = list.filter((comment) => comment.article_id === filters.articleId);
    const needle = filters.search?.trim().toLowerCase();
    if (needle) {
      list = list.filter(
        (comment) => comment.author.toLowerCase().includes(needle) || comment.content.toLowerCase().includes(needle),
      );
    }
    return list;
  }

  presentAdmin(list: readonly CommentRecord[]): AdminComment[] {
    return list.map((comment) => presentAdminComment(comment, this.articles.articles.find(comment.article_id)?.title ?? ''));
  }

  /** Deletes a comment for good; 404 `评论不存在` when there is none. */
  async remove(id: number): Promise<CommentRecord> {
    const removed = await this.articles.comments.remove(id);
    if (!removed) throw notFound(M.commentNotFound);
    return removed;
  }
}
