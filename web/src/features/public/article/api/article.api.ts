import { COMMENTS_PAGE_SIZE } from '@folio/shared';
import type { HeldCommentState, PostedComment, PublicArticleDetail, PublicCommentThreads } from '@folio/shared';
import { ApiError } from '../../../../lib/api-client';
import { publicApi } from '../../api/public-api';
import type { CommentsPage } from '../model/comment-list';

/**
 * An article's detail by id or by slug (server/API.md §E19), always read as a `refresh`, which
 * counts no view: the page's beacon counts it, with the site's other figures (server/API.md §E23.2).
 */
export const fetchArticle = (idOrSlug: number | string, signal: AbortSignal) =>
  publicApi.data<PublicArticleDetail>(
    typeof idOrSlug === 'number' || /^\d+$/.test(idOrSlug)
      ? `/api/articles/${idOrSlug}`
      : `/api/articles/slug/${encodeURIComponent(idOrSlug)}`,
    { signal, query: { refresh: 1 } },
  );

/**
 * The article's first `pages` pages of threads (server/API.md §E12): newest top-level comments,
 * each with all its replies, and how many comments it has in all. The pages are asked for
 * together, so a thread a new comment pushes onto the next page can come twice: it is kept once.
 */
export async function fetchCommentThreads(id: number, pages: number, signal: AbortSignal): Promise<CommentsPage> {
  const answers = await Promise.all(
    Array.from({ length: pages }, (_, index) =>
      publicApi.data<PublicCommentThreads>(`/api/articles/${id}/comments`, {
        signal,
        query: { threads: 1, page: index + 1, per_page: COMMENTS_PAGE_SIZE },
      }),
    ),
  );
  const comments = new Map(answers.flatMap((answer) => answer.comments).map((comment) => [comment.id, comment]));
  return { comments: [...comments.values()], total: answers[0]?.comment_total ?? 0 };
}

/** What a visitor writes: `email` may be empty (it is never shown); `parentId` is the comment answered. */
export interface CommentDraft {
  author: string;
  email: string;
  content: string;
  parentId: number | null;
}

/**
 * Posts a comment and resolves with it as stored (cleaned and trimmed, with its id and time) and
 * whether it shows now or waits for the owner's review.
 */
export async function postComment(id: number, draft: CommentDraft): Promise<PostedComment> {
  const answer = await publicApi.post<PostedComment>(`/api/articles/${id}/comments`, {
    author: draft.author.trim(),
    email: draft.email.trim(),
    content: draft.content.trim(),
    ...(draft.parentId === null ? {} : { parent_id: draft.parentId }),
  });
  return answer.data;
}

/**
 * Whether a held comment this browser posted is still held, shown or deleted (server/API.md §E12.6);
 * a 404 means the token is not (or no longer) answered for: the comment is treated as gone.
 */
export async function fetchHeldState(id: number, token: string, signal: AbortSignal): Promise<HeldCommentState['status']> {
  try {
    const answer = await publicApi.data<HeldCommentState>(`/api/comments/${id}/held`, { signal, query: { token } });
    return answer.status;
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return 'deleted';
    throw error;
  }
}
