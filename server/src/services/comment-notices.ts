import type { CommentRecord } from '../store/records.js';
import type { CollectionName, StoreState } from '../store/store.js';

/**
 * What happened to a comment that someone should hear of: a visitor's new comment (shown or
 * held), the owner's reply, or a held comment the owner approved (only then may the visitor it
 * answers be told of it).
 */
export type CommentNoticeEvent = { kind: 'created'; stored: StoredComment } | { kind: 'approved'; stored: StoredComment };

/** A stored comment with what its notices need to say. */
export interface StoredComment {
  comment: CommentRecord;
  articleTitle: string;
  /** The comment it answers, when it is a reply. */
  parent: CommentRecord | undefined;
  /** The site's address as readers reach it (PUBLIC_URL, else the request's origin), for links in mail. */
  siteOrigin: string;
}

/**
 * Notices of comments (mail to the owner, to the visitor a reply answers). They are queued inside
 * the very store commit that stores or approves the comment, so a comment is never on disk without
 * its notices, nor a notice without its comment, whatever moment the process is killed at.
 */
export interface CommentNotices {
  /** The store collections {@link queue} changes; the comment's commit names them too. */
  readonly collections: readonly CollectionName[];
  /** Called synchronously inside the comment's `store.mutate`; must not throw for a normal comment. */
  queue(state: StoreState, event: CommentNoticeEvent): void;
}

/** No notices at all: a site without mail configured, and tests that do not look at notices. */
export const noCommentNotices: CommentNotices = { collections: [], queue: () => undefined };
