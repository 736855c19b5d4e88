import { CommentConversationMessages as CM, ServerMessages as M, isReservedNickname, stripTags } from '@folio/shared';
import type {
  AdminComment,
  AdminCommentNotice,
  CommentCreateRequest,
  CommentHeldReason,
  CommentSettings,
  CommentStatus,
  HeldCommentState,
  OwnerNames,
} from '@folio/shared';
import { ReservedNicknameError, badRequest, forbidden, notFound } from '../errors.js';
import { presentAdminComment, statusOf } from '../presenters/comments.presenter.js';
import type { CommentSettingsRepository } from '../store/comment-settings.repository.js';
import type { AlongWithComment, CommentsRepository } from '../store/comments.repository.js';
import type { CommentRecord } from '../store/records.js';
import type { ArticlesService } from './articles.service.js';
import { noCommentNotices } from './comment-notices.js';
import type { CommentNotices } from './comment-notices.js';
import { hasBlockedWord, isBlockedAddress, sameVisitor, statusOfNewComment } from './comment-moderation.js';
import { commentThreads } from './comment-threads.js';
import type { HeldCommentTokens } from './held-comment-tokens.js';
import type { PublicArticlesService } from './public-articles.service.js';
import type { SiteBlocksService } from './site-blocks.service.js';

/**
 * The longest User-Agent kept with a comment. Browsers send about 150 characters; the header is
 * the client's to fill, and without a bound each comment could store kilobytes of it.
 */
export const STORED_USER_AGENT_CHARS = 512;

/** The most characters of a comment's text an admin notice carries (server/API.md §E12). */
export const NOTICE_EXCERPT_CHARS = 120;

/** Where the owner's own names come from: nicknames equal to them are refused. */
export interface SiteOwner {
  /** The home block's `author` is the name the owner shows on the site. */
  siteBlocks: SiteBlocksService;
  adminUsername: string;
}

/**
 * Who posted: stored with the comment for the admin, never shown publicly (server/API.md §3.5);
 * `siteOrigin` is where readers reach the site, for the links of the comment's notices.
 */
export interface CommentClient {
  ip: string;
  userAgent: string;
  siteOrigin: string;
}

export interface AdminCommentFilters {
  search?: string | undefined;
  articleId?: number | undefined;
  status?: CommentStatus | undefined;
}

/** An approve: the comment as it is now, and whether it was held until then. */
export interface Approval {
  comment: CommentRecord;
  changed: boolean;
}

/**
 * Why a comment the moderation holds is held, checked in the order the rules apply
 * (server/API.md §E12): a blocked word holds it whatever the moderation, then `all`, else it is a first comment.
 */
function heldReasonOf(settings: CommentSettings, author: string, content: string): CommentHeldReason {
  if (hasBlockedWord(settings, author, content)) return 'blocked_word';
  return settings.moderation === 'all' ? 'all' : 'first';
}

/**
 * Shown comments by conversation: each thread (a top-level comment and its replies, oldest
 * first) as one block, the thread with the newest comment first, so a new reply appears under
 * the comment it answers and brings its thread to the top (server/API.md §E12.3).
 */
function byThreads(newestFirst: readonly CommentRecord[]): CommentRecord[] {
  const newestOf = (thread: readonly CommentRecord[]) => Math.max(...thread.map((comment) => comment.id));
  return commentThreads(newestFirst)
    .map((thread) => ({ thread, newest: newestOf(thread) }))
    .sort((a, b) => b.newest - a.newest)
    .flatMap(({ thread }) => thread);
}

/** Comments of server/API.md §11 and §E12: public posting and replies, the owner's replies, moderation. */
export class CommentsService {
  constructor(
    private readonly comments: CommentsRepository,
    /** For the admin list's article titles, binned articles included. */
    private readonly articles: ArticlesService,
    /** Comments are read and posted only where readers see the article (server/API.md §E8). */
    private readonly publicArticles: PublicArticlesService,
    private readonly owner: SiteOwner,
    private readonly settings: CommentSettingsRepository,
    /** Signs the token a held comment's visitor asks about it with (server/API.md §E12.6). */
    readonly heldTokens: HeldCommentTokens,
    /** Told of each stored or approved comment inside the commit that stores it. */
    private readonly notices: CommentNotices = noCommentNotices,
  ) {}

  /** Shown comments of a published article, newest first; 404 when it is missing, binned or not published. */
  listForLiveArticle(articleId: number): CommentRecord[] {
    this.publicArticles.requirePublished(articleId);
    return this.comments.listVisibleForArticle(articleId);
  }

  /** The same comments by threads (comment-threads.ts), and how many they are in all; built once per change. */
  threadsForLiveArticle(articleId: number): { threads: readonly (readonly CommentRecord[])[]; total: number } {
    const { threads, newestFirst } = this.publicArticles.commentsOf(articleId);
    return { threads, total: newestFirst.length };
  }

  /**
   * Stores a visitor's comment on a published article (404 when it is missing, binned or not
   * published): refused with 400 for a nickname that reads as the owner's or a reply to no
   * shown comment of the article, 403 from a blocked address; held for review as the settings
   * say. The checks and the write happen in the same turn, so an article binned or withdrawn
   * meanwhile cannot receive it.
   */
  create(articleId: number, fields: CommentCreateRequest, client: CommentClient): Promise<CommentRecord> {
    this.publicArticles.requirePublished(articleId);
    if (isReservedNickname(fields.author, this.ownerNames()))
      throw new ReservedNicknameError(M.commentAuthorReserved(fields.author));
    const settings = this.settings.get();
    if (isBlockedAddress(settings, client.ip, fields.email)) throw forbidden(CM.addressBlocked);
    const parent = fields.parent_id === null ? undefined : this.shownParent(articleId, fields.parent_id);
    const visitor = { author: fields.author, email: fields.email, ip: client.ip };
    const status = statusOfNewComment(settings, visitor, fields.content, (someone) =>
      this.comments.someShown((comment) => sameVisitor(someone, comment)),
    );
    const record = {
      article_id: articleId,
      author: fields.author,
      email: fields.email,
      content: fields.content,
      ip_address: client.ip,
      user_agent: client.userAgent.slice(0, STORED_USER_AGENT_CHARS),
      parent_id: parent?.id ?? null,
      status,
      ...(status === 'pending' ? { held_reason: heldReasonOf(settings, fields.author, fields.content) } : {}),
    };
    return this.comments.create(record, this.noticeOf('created', parent, client.siteOrigin));
  }

  /**
   * The owner's reply to a comment (server/API.md §E12): shown at once with the 作者 mark, under
   * the site's author name. A held comment is approved first, so a reply never answers something
   * readers cannot see. 404 `评论不存在` when there is no such comment.
   */
  async reply(parentId: number, content: string, client: CommentClient): Promise<CommentRecord> {
    const found = this.comments.find(parentId);
    if (!found) throw notFound(M.commentNotFound);
    const parent = statusOf(found) === 'pending' ? (await this.approve(parentId, client.siteOrigin)).comment : found;
    const record = {
      article_id: parent.article_id,
      author: this.ownerNames().author || this.owner.adminUsername,
      email: '',
      content,
      ip_address: client.ip,
      user_agent: client.userAgent.slice(0, STORED_USER_AGENT_CHARS),
      parent_id: parent.id,
      is_owner: true,
      status: 'published' as const,
    };
    return this.comments.create(record, this.noticeOf('created', parent, client.siteOrigin));
  }

  /** Shows a held comment; one shown already stays as it is. 404 `评论不存在` when there is none. */
  async approve(id: number, siteOrigin: string): Promise<Approval> {
    const found = this.comments.find(id);
    if (!found) throw notFound(M.commentNotFound);
    if (statusOf(found) !== 'pending') return { comment: found, changed: false };
    const parent = found.parent_id == null ? undefined : this.comments.find(found.parent_id);
    const comment = await this.comments.approve(id, this.noticeOf('approved', parent, siteOrigin));
    if (!comment) throw notFound(M.commentNotFound);
    return { comment, changed: true };
  }

  /**
   * Whether a held comment is still held, shown or gone, for the browser that posted it
   * (server/API.md §E12.6); `undefined` when the token is not this comment's, which the route answers as if
   * there were no such comment.
   */
  heldState(id: number, token: string): HeldCommentState | undefined {
    if (!this.heldTokens.verify(id, token)) return undefined;
    const found = this.comments.find(id);
    return { id, status: found ? statusOf(found) : 'deleted' };
  }

  /** The comment a visitor answers: it must be a shown comment of the same article, else 400 `回复的评论不存在`. */
  private shownParent(articleId: number, parentId: number): CommentRecord {
    const parent = this.comments.find(parentId);
    if (!parent || parent.article_id !== articleId || statusOf(parent) !== 'published') throw badRequest(CM.parentMissing);
    return parent;
  }

  /** Queues the comment's notices in its own commit (server/API.md §E12). */
  private noticeOf(kind: 'created' | 'approved', parent: CommentRecord | undefined, siteOrigin: string): AlongWithComment {
    return {
      collections: this.notices.collections,
      change: (state, comment) => {
        const articleTitle = this.articles.titleOf(comment.article_id);
        this.notices.queue(state, { kind, stored: { comment, articleTitle, parent, siteOrigin } });
      },
    };
  }

  /** The site's author name (tags stripped: it may hold HTML) and the admin username. */
  private ownerNames(): OwnerNames {
    return {
      author: stripTags(this.owner.siteBlocks.find('home')?.content.author ?? '').trim(),
      username: this.owner.adminUsername,
    };
  }

  /**
   * Every comment, binned articles' included, filtered for the admin list: held ones first, newest
   * first, then the shown ones by threads (see {@link byThreads}).
   */
  listForAdmin(filters: AdminCommentFilters): CommentRecord[] {
    // One article's comments are read from its file alone; the whole list reads every file.
    let list = filters.articleId === undefined ? this.comments.list() : this.comments.listForArticle(filters.articleId);
    const needle = filters.search?.trim().toLowerCase();
    if (needle) {
      list = list.filter(
        (comment) => comment.author.toLowerCase().includes(needle) || comment.content.toLowerCase().includes(needle),
      );
    }
    if (filters.status) list = list.filter((comment) => statusOf(comment) === filters.status);
    const held = list.filter((comment) => statusOf(comment) === 'pending');
    return [...held, ...byThreads(list.filter((comment) => statusOf(comment) !== 'pending'))];
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

  /** What the admin's live notice says of a new visitor comment (server/API.md §E12). */
  noticeFor(comment: CommentRecord): AdminCommentNotice {
    return {
      id: comment.id,
      article_id: comment.article_id,
      article_title: this.articles.titleOf(comment.article_id),
      author: comment.author,
      excerpt: [...comment.content].slice(0, NOTICE_EXCERPT_CHARS).join(''),
      status: statusOf(comment),
      parent_id: comment.parent_id ?? null,
      created_at: comment.created_at,
    };
  }

  /** Deletes a comment for good with every reply under it; 404 `评论不存在` when there is none. */
  async remove(id: number): Promise<CommentRecord[]> {
    const removed = await this.comments.remove(id);
    if (removed.length === 0) throw notFound(M.commentNotFound);
    return removed;
  }
}
