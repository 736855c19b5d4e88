import type { AdminComment, PublicComment } from '@folio/shared';
import type { CommentRecord } from '../store/records.js';

/** A comment as anyone may see it: the email, IP and user agent never leave through this (API 3.5). */
export function presentPublicComment(comment: CommentRecord): PublicComment {
  return {
    id: comment.id,
    article_id: comment.article_id,
    author: comment.author,
    content: comment.content,
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
