import { PublicCommentMessages as C } from '@folio/shared';
import { formatDate } from '../../../../lib/format';
import { Badge } from '../../../../components/ui/badge';
import type { HeldComment } from '../model/held-comments';
import { CommentText } from './comment-entry';
import styles from './comments-section.module.css';

/**
 * A comment this browser posted that waits for review: shown here only (it lives in this
 * browser's storage), marked 待审核, with whom it answers, until it is approved or deleted.
 */
export function HeldCommentEntry({ comment, replyTo }: { comment: HeldComment; replyTo: string | null }) {
  return (
    <div className={`${styles.entry} ${styles.heldEntry}`} data-testid="held-comment">
      <div className={styles.meta}>
        <span className={styles.who}>
          <bdi className={styles.author}>{comment.author}</bdi>
          <Badge look="tint" className={styles.heldMark}>
            {C.heldMark}
          </Badge>
        </span>
        <time className={styles.date} dateTime={comment.created_at}>
          {formatDate(comment.created_at)}
        </time>
      </div>
      <CommentText content={comment.content} replyTo={replyTo} />
      <p className={styles.heldNote}>{C.heldNote}</p>
    </div>
  );
}
