import { ServerMessages as M, isReservedNickname, stripTags } from '@folio/shared';
import type { AdminComment, CommentCreateRequest } from '@folio/shared';
import { ReservedNicknameError, notFound } from '../errors.js';
import { presentAdminComment } from '../presenters/comments.presenter.js';
import type { CommentsRepository } from '../store/comments.repository.js';
import type { CommentRecord } from '../store/records.js';
import type { ArticlesService } from './articles.service.js';
import type { PublicArticlesService } from './public-articles.service.js';
import type { SiteBlocksService } from './site-blocks.service.js';

/**
 * The longest User-Agent kept with a comment. Browsers send about 150 characters; the header is
 * the client's to fill, and without a bound each comment could store kilobytes of it.
 */
export const STORED_USER_AGENT_CHARS = 512;

/** Where the owner's own names come from: nicknames equal to them are refused. */
export interface SiteOwner {
  /** The home block's `author` is the name the owner shows on the site. */
  siteBlocks: SiteBlocksService;
  adminUsername: string;
}

/** Who posted: stored with the comment for the admin, never shown publicly (server/API.md §3.5). */
export interface CommentClient {
  ip: string;
  userAgent: string;
}

export interface AdminCommentFilters {
  search?: string | undefined;
  articleId?: number | undefined;
}

/** Comments of server/API.md §11: public posting and admin moderation. */
export class CommentsService {
  constructor(
    private readonly comments: CommentsRepository,
    /** For the admin list's article titles, binned articles included. */
    private readonly articles: ArticlesService,
    /** Comments are read and posted only where readers see the article (server/API.md §E8). */
    private readonly publicArticles: PublicArticlesService,
    private readonly owner: SiteOwner,
  ) {}

  /** Public comments of a published article, newest first; 404 when it is missing, binned or not published. */
  listForLiveArticle(articleId: number): CommentRecord[] {
    this.publicArticles.requirePublished(articleId);
    return this.comments.listForArticle(articleId);
  }

  /**
   * Stores a comment on a published article (404 when it is missing, binned or not published); a
   * nickname that reads as the owner's is refused with 400. The checks and the write happen in
   * the same turn, so an article binned or withdrawn meanwhile cannot receive it.
   */
  create(articleId: number, fields: CommentCreateRequest, client: CommentClient): Promise<CommentRecord> {
    this.publicArticles.requirePublished(articleId);
    if (isReservedNickname(fields.author, this.ownerNames()))
      throw new ReservedNicknameError(M.commentAuthorReserved(fields.author));
    return this.comments.create({
      article_id: articleId,
      author: fields.author,
      email: fields.email,
      content: fields.content,
      ip_address: client.ip,
      user_agent: client.userAgent.slice(0, STORED_USER_AGENT_CHARS),
    });
  }

  /** The site's author name (it may hold HTML) and the admin username. */
  private ownerNames(): string[] {
    return [stripTags(this.owner.siteBlocks.find('home')?.content.author ?? ''), this.owner.adminUsername];
  }

  /** Every comment, binned articles' included, newest first, filtered for the admin list. */
  listForAdmin(filters: AdminCommentFilters): CommentRecord[] {
    // One article's comments are read from its file alone; the whole list reads every file.
    let list = filters.articleId === undefined ? this.comments.list() : this.comments.listForArticle(filters.articleId);
    const needle = filters.search?.trim().toLowerCase();
    if (needle) {
      list = list.filter(
        (comment) => comment.author.toLowerCase().includes(needle) || comment.content.toLowerCase().includes(needle),
      );
    }
    return list;
  }

  presentAdmin(list: readonly CommentRecord[]): AdminComment[] {
    return list.map((comment) =>
      presentAdminComment(
        comment,
        this.articles.titleOf(comment.article_id),
        comment.parent_id == null ? undefined : this.comments.find(comment.parent_id),
      ),
    );
  }

  /** Deletes a comment for good; 404 `评论不存在` when there is none. */
  async remove(id: number): Promise<CommentRecord> {
    const removed = await this.comments.remove(id);
    if (!removed) throw notFound(M.commentNotFound);
    return removed;
  }
}
