import { stripBodyDisguises, stripNicknameInvisibles } from '@folio/shared';
import type { AdminComment, CommentStatus, PostedComment, PublicComment } from '@folio/shared';
import type { CommentRecord } from '../store/records.js';

/** A stored comment's status: records written before moderation existed have none and are published. */
export const statusOf = (comment: CommentRecord): CommentStatus => comment.status ?? 'published';

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
    parent_id: comment.parent_id ?? null,
    is_owner: comment.is_owner === true,
  };
}

/**
 * The answer to a visitor's POST (server/API.md §E12): the public comment and whether it waits for
 * review; a held one with the token its browser asks about it with (§E12.6).
 */
export function presentPostedComment(comment: CommentRecord, heldToken: string | undefined): PostedComment {
  const status = statusOf(comment);
  return { ...presentPublicComment(comment), status, ...(status === 'pending' && heldToken ? { held_token: heldToken } : {}) };
}

/**
 * The admin view adds the private fields, the article title (`""` once the article is gone) and
 * the nickname of the comment it answers (`null` at top level or when that comment is gone).
 */
export function presentAdminComment(
  comment: CommentRecord,
  articleTitle: string,
  parent: CommentRecord | undefined,
): AdminComment {
  return {
    ...presentPublicComment(comment),
    article_title: articleTitle,
    email: comment.email,
    ip_address: comment.ip_address,
    user_agent: comment.user_agent,
    status: statusOf(comment),
    held_reason: statusOf(comment) === 'pending' ? (comment.held_reason ?? null) : null,
    reply_to_author: parent ? stripNicknameInvisibles(parent.author) : null,
  };
}
