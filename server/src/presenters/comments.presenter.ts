import { stripBodyDisguises, stripNicknameInvisibles } from '@folio/shared';
import type { AdminComment, PublicComment } from '@folio/shared';
import type { CommentRecord } from '../store/records.js';

/**
 * A comment as anyone may see it: the email, IP and user agent never leave through this (server/API.md §3.5).
 * Nickname and body go through the same visitor-text rules as a new comment, so one stored
 * before them (or restored from a backup) cannot show `\u202Enimda` as `admin` either.
 */
export function presentPublicComment(comment: CommentRecord): PublicComment {
  return {
    id: comment.id,
    article_id: comment.article_id,
    author: stripNicknameInvisibles(comment.author),
    content: stripBodyDisguises(comment.content),
    created_at: comment.created_at,
  };
}

/** The admin view adds the private fields and the article title (`""` once the article is gone). */
export function presentAdminComment(comment: CommentRecord, articleTitle: string): AdminComment {
  return {
    ...presentPublicComment(comment),
    article_title: articleTitle,
    email: comment.email,
    ip_address: comment.ip_address,
    user_agent: comment.user_agent,
  };
}
