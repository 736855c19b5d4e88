import { useRef } from 'react';
import type { ReactNode } from 'react';
import { PublicCommentMessages as C } from '@folio/shared';
import type { PublicComment } from '@folio/shared';
import { formatDate } from '../../../../lib/format';
import { commentAnchor } from '../hooks/use-comment-anchor';
import { Badge } from '../../../../components/ui/badge';
import { Button } from '../../../../components/ui/button';
import styles from './comments-section.module.css';

/**
 * A comment's text, after "回复 @<昵称>" when it answers a reply. Plain text: comments are never
 * rendered as HTML (server/API.md §3.5).
 */
export function CommentText({ content, replyTo }: { content: string; replyTo: string | null }) {
  return (
    <p className={styles.content} dir="auto">
      {replyTo !== null && (
        <span className={styles.answering} dir="ltr">
          {C.answering}
          <bdi>{replyTo}</bdi>{' '}
        </span>
      )}
      {content}
    </p>
  );
}

export interface CommentEntryProps {
  comment: PublicComment;
  /** The nickname of the reply it answers, when that is not the thread's first comment. */
  replyTo: string | null;
  highlighted: boolean;
  /** Replying is off in demo mode. */
  canReply: boolean;
  replying: boolean;
  onReply: (open: boolean) => void;
  /** The reply form, shown under the comment while {@link replying}. */
  renderReplyForm: (close: () => void) => ReactNode;
}

/**
 * One comment: nickname (with the 作者 mark on the owner's), date, text and its 回复 button.
 * Nicknames and bodies are visitors' text: each is isolated (`<bdi>`, `dir="auto"`) so its
 * direction cannot spill into the date or the text around it; the 回复 @ prefix carries its own
 * direction, so the body's first letters still decide the paragraph's.
 */
export function CommentEntry({ comment, replyTo, highlighted, canReply, replying, onReply, renderReplyForm }: CommentEntryProps) {
  const replyButton = useRef<HTMLButtonElement>(null);
  const close = () => {
    onReply(false);
    replyButton.current?.focus();
  };
  return (
    <>
      <div
        id={commentAnchor(comment.id)}
        className={highlighted ? `${styles.entry} ${styles.highlighted}` : styles.entry}
        data-testid="comment"
      >
        <div className={styles.meta}>
          <span className={styles.who}>
            <bdi className={styles.author}>{comment.author}</bdi>
            {comment.is_owner && (
              <Badge look="tint" className={styles.ownerMark}>
                {C.ownerMark}
              </Badge>
            )}
          </span>
          <time className={styles.date} dateTime={comment.created_at}>
            {formatDate(comment.created_at)}
          </time>
        </div>
        <CommentText content={comment.content} replyTo={replyTo} />
        <Button
          ref={replyButton}
          className={styles.replyButton}
          appearance="subtle"
          size="small"
          disabled={!canReply}
          aria-expanded={replying}
          aria-label={C.replyTo(comment.author)}
          onClick={() => onReply(!replying)}
        >
          {C.reply}
        </Button>
      </div>
      {replying && renderReplyForm(close)}
    </>
  );
}
