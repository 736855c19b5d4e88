import { Badge, Button, makeStyles, mergeClasses, Text, tokens, Tooltip } from '@fluentui/react-components';
import { CheckmarkRegular, ChatRegular, DeleteRegular } from '@fluentui/react-icons';
import { AdminCommentMessages as M, AdminUiMessages } from '@folio/shared';
import type { AdminComment } from '@folio/shared';
import { formatDateTime } from '../../../../lib/format';
import { ReplyBox } from './reply-box';

const useStyles = makeStyles({
  card: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalS,
    padding: `${tokens.spacingVerticalM} ${tokens.spacingHorizontalL}`,
    backgroundColor: tokens.colorNeutralBackground1,
    borderRadius: tokens.borderRadiusLarge,
    border: `1px solid ${tokens.colorNeutralStroke2}`,
  },
  held: { borderLeft: `3px solid ${tokens.colorPaletteMarigoldBorderActive}` },
  top: { display: 'flex', flexWrap: 'wrap', justifyContent: 'space-between', gap: tokens.spacingHorizontalS },
  who: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: tokens.spacingHorizontalS, minWidth: 0 },
  muted: { color: tokens.colorNeutralForeground3, wordBreak: 'break-word' },
  content: { whiteSpace: 'pre-wrap', wordBreak: 'break-word' },
  actions: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalS },
});

export interface CommentCardProps {
  comment: AdminComment;
  replying: boolean;
  onApprove: () => void;
  onReply: () => void;
  onCancelReply: () => void;
  onSendReply: (content: string) => Promise<void>;
  onDelete: () => void;
}

/**
 * One comment as the owner reads it: where it was written, who wrote it (the 作者 mark on the
 * owner's own replies), whom it answers, whether it waits for review, and what can be done with
 * it. What visitors wrote is isolated in `<bdi>`, so right-to-left text cannot reorder the rest.
 */
export function CommentCard({ comment, replying, onApprove, onReply, onCancelReply, onSendReply, onDelete }: CommentCardProps) {
  const styles = useStyles();
  const held = comment.status === 'pending';
  return (
    <article className={mergeClasses(styles.card, held && styles.held)} data-testid="comment-row" aria-label={comment.author}>
      <div className={styles.top}>
        <Text size={200} className={styles.muted}>
          {M.onArticle(comment.article_title)}
        </Text>
        <Text size={200} className={styles.muted}>
          {formatDateTime(comment.created_at)}
        </Text>
      </div>
      <div className={styles.who}>
        <Text weight="semibold">
          <bdi>{comment.author}</bdi>
        </Text>
        {comment.is_owner && (
          <Badge appearance="filled" color="brand" size="small">
            {M.ownerMark}
          </Badge>
        )}
        {held && (
          <Badge appearance="tint" color="warning" size="small">
            {M.pendingBadge}
          </Badge>
        )}
        {held && comment.held_reason && (
          <Text size={200} className={styles.muted} data-testid="held-reason">
            {M.heldReason[comment.held_reason]}
          </Text>
        )}
        {(comment.email || comment.ip_address) && (
          <Text size={200} className={styles.muted}>
            <bdi>{[comment.email, comment.ip_address].filter(Boolean).join(' · ')}</bdi>
          </Text>
        )}
      </div>
      <Text className={styles.content}>
        {comment.reply_to_author !== null && (
          <Text className={styles.muted}>
            {M.answering}
            <bdi>{comment.reply_to_author}</bdi>{' '}
          </Text>
        )}
        <bdi>{comment.content}</bdi>
      </Text>
      {replying ? (
        <ReplyBox author={comment.author} onSend={onSendReply} onCancel={onCancelReply} />
      ) : (
        <div className={styles.actions}>
          {held && (
            <Button
              size="small"
              appearance="primary"
              icon={<CheckmarkRegular />}
              onClick={onApprove}
              aria-label={M.approveOf(comment.author)}
            >
              {M.approve}
            </Button>
          )}
          <Button size="small" icon={<ChatRegular />} onClick={onReply} aria-label={M.replyTo(comment.author)}>
            {M.reply}
          </Button>
          <Tooltip content={AdminUiMessages.deleteCommentOf(comment.author)} relationship="label">
            <Button size="small" appearance="subtle" icon={<DeleteRegular />} onClick={onDelete} />
          </Tooltip>
        </div>
      )}
    </article>
  );
}
