import { useMemo, useState } from 'react';
import { PublicCommentMessages as C, PublicUiMessages as M, CommonUiMessages } from '@folio/shared';
import type { PublicComment } from '@folio/shared';
import { useCommentAnchor } from '../hooks/use-comment-anchor';
import { useCommentRules } from '../hooks/use-comment-rules';
import { useComments } from '../hooks/use-comments';
import { useHeldComments } from '../hooks/use-held-comments';
import { threadsOf } from '../model/comment-threads';
import { Button } from '../../../../components/ui/button';
import { MessageBar } from '../../../../components/ui/message-bar';
import { Spinner } from '../../../../components/ui/spinner';
import { CommentEntry } from './comment-entry';
import { CommentForm } from './comment-form';
import { HeldCommentEntry } from './held-comment-entry';
import type { CommenterIdentity } from './comment-form';
import styles from './comments-section.module.css';

export interface CommentsSectionProps {
  articleId: number;
  /** Every visible comment of the article, replies included. */
  count: number;
  /** The first page of threads, server-rendered and hydrated from. */
  initial: PublicComment[] | undefined;
  demo: boolean;
}

/**
 * Comment count, form and threads (docs/spec.md §2.3, §4.5 and §5); the forms are disabled in
 * demo mode. Two levels show: each top-level comment with all its replies under it, oldest
 * first. One reply form is open at a time.
 */
export function CommentsSection({ articleId, count, initial, demo }: CommentsSectionProps) {
  const initialPage = demo ? { comments: [], total: count } : initial && { comments: initial, total: count };
  const { comments, total, loading, moreToLoad, loadingMore, loadMore, addPosted } = useComments(articleId, initialPage, !demo);
  const threads = useMemo(() => threadsOf(comments), [comments]);
  const shownIds = useMemo(() => comments.map((comment) => comment.id), [comments]);
  const target = useCommentAnchor({ shown: shownIds, moreToLoad, loadingMore, loadMore });
  const { held, add: addHeld } = useHeldComments(articleId, shownIds, !demo);
  const authorOf = (id: number | null) => (id === null ? null : (comments.find((comment) => comment.id === id)?.author ?? null));
  const [identity, setIdentity] = useState<CommenterIdentity>({ author: '', email: '' });
  const [replyingTo, setReplyingTo] = useState<number | null>(null);
  // The server's own rules (昵称 and 评论内容 required, length limits, the e-mail's form): the buttons wait until they pass.
  const check = useCommentRules();

  const entry = (comment: PublicComment, replyTo: string | null) => (
    <CommentEntry
      comment={comment}
      replyTo={replyTo}
      highlighted={comment.id === target}
      canReply={!demo}
      replying={replyingTo === comment.id}
      onReply={(open) => setReplyingTo(open ? comment.id : null)}
      renderReplyForm={(close) => (
        <CommentForm
          articleId={articleId}
          parentId={comment.id}
          identity={identity}
          onIdentityChange={setIdentity}
          check={check}
          disabled={demo}
          label={C.replyTo(comment.author)}
          onCancel={close}
          onPublished={(reply) => {
            addPosted(reply);
            close();
          }}
          onHeld={addHeld}
        />
      )}
    />
  );

  const shownCount = total ?? Math.max(count, comments.length);
  return (
    <section className={styles.section} aria-labelledby="comments-title">
      <h2 id="comments-title" className={styles.title}>
        {M.commentsTitle(shownCount)}
      </h2>
      {demo && (
        <MessageBar intent="warning" className={styles.demoWarning}>
          {CommonUiMessages.demoCommentsDisabled}
        </MessageBar>
      )}
      <CommentForm
        articleId={articleId}
        parentId={null}
        identity={identity}
        onIdentityChange={setIdentity}
        check={check}
        disabled={demo}
        label={CommonUiMessages.postComment}
        onPublished={addPosted}
        onHeld={addHeld}
      />
      {held.length > 0 && (
        <ol className={`${styles.list} ${styles.heldList}`} aria-label={C.heldMark}>
          {held.map((comment) => (
            <li key={comment.id}>
              <HeldCommentEntry comment={comment} replyTo={authorOf(comment.parent_id)} />
            </li>
          ))}
        </ol>
      )}
      {loading ? (
        <div className={styles.muted}>
          <Spinner size="tiny" label={CommonUiMessages.loadingComments} />
        </div>
      ) : threads.length === 0 ? (
        <p className={styles.muted}>{CommonUiMessages.noComments}</p>
      ) : (
        <ol className={styles.list}>
          {threads.map(({ comment, replies }) => (
            <li key={comment.id} className={styles.thread} data-testid="comment-thread">
              {entry(comment, null)}
              {replies.length > 0 && (
                <ol className={styles.replies}>
                  {replies.map((reply) => (
                    <li key={reply.comment.id}>{entry(reply.comment, reply.replyTo)}</li>
                  ))}
                </ol>
              )}
            </li>
          ))}
        </ol>
      )}
      {moreToLoad && (
        <Button className={styles.more} disabled={loadingMore} onClick={loadMore}>
          {loadingMore ? C.loadingMoreComments : C.moreComments}
        </Button>
      )}
    </section>
  );
}
