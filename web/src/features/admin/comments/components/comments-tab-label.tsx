import { CounterBadge, makeStyles, tokens } from '@fluentui/react-components';
import { AdminCommentMessages as M } from '@folio/shared';
import { useCommentActivity } from '../live/comment-activity';

const useStyles = makeStyles({
  label: { display: 'inline-flex', alignItems: 'center', gap: tokens.spacingHorizontalXS },
  hidden: {
    position: 'absolute',
    width: '1px',
    height: '1px',
    overflow: 'hidden',
    clipPath: 'inset(50%)',
    whiteSpace: 'nowrap',
  },
});

/** 评论管理 with the count of comments the owner has not seen yet. */
export function CommentsTabLabel({ label }: { label: string }) {
  const styles = useStyles();
  const unread = useCommentActivity().counts?.unread ?? 0;
  return (
    <span className={styles.label}>
      {label}
      {unread > 0 && (
        <>
          <CounterBadge count={unread} overflowCount={99} size="small" aria-hidden data-testid="comments-unread" />
          <span className={styles.hidden}>{M.unreadBadge(unread)}</span>
        </>
      )}
    </span>
  );
}
