import { Button, CounterBadge } from '@fluentui/react-components';
import { CommentRegular } from '@fluentui/react-icons';
import { AdminCommentMessages as M } from '@folio/shared';
import { useCommentActivity } from '../live/comment-activity';

/**
 * The unread count in the top bar, for narrow screens: there the menu is a scrolling row and
 * 评论管理, with its count, is usually out of sight. Nothing when every comment has been seen.
 */
export function CommentsUnreadButton({ onOpen }: { onOpen: () => void }) {
  const unread = useCommentActivity().counts?.unread ?? 0;
  if (unread === 0) return null;
  return (
    <Button
      appearance="subtle"
      icon={<CommentRegular />}
      aria-label={M.unreadBadge(unread)}
      onClick={onOpen}
      data-testid="comments-unread-button"
    >
      <CounterBadge count={unread} overflowCount={99} size="small" />
    </Button>
  );
}
