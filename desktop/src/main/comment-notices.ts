import type { AdminCommentNotice } from '@folio/shared';
import { commentNoticeText } from '../common/comment-notice-text';
import { startCommentFeed } from '../core/comment-feed';
import type { CommentFeed, CommentFeedOptions } from '../core/comment-feed';
import type { ProfileStore } from '../core/profiles';
import type { TokenVault } from '../core/token-vault';
import type { EmitEvent } from './events';
import type { Notify } from './notifier';

export interface CommentNoticesDeps {
  profiles: ProfileStore;
  vault: TokenVault;
  emit: EmitEvent;
  /** Native when the window is in the background; answers whether it was shown. */
  notify: Notify;
  /** For tests: the feed's own options (its reconnection waits). */
  feedOptions?: Pick<CommentFeedOptions, 'reconnect'>;
}

export interface CommentNotices {
  /** Connects to the active server while signed in, and only then; call it after every session change. */
  follow(): void;
  /** Closes the connection (quit). */
  stop(): void;
  /** Whether a connection is open or being made (for tests). */
  following(): boolean;
}

/**
 * The desktop's side of the owner's comment notices: one comment feed (core/comment-feed.ts) to
 * the active server while signed in, closed on sign-out and replaced on a switch of server or
 * token. A new comment raises a native notification when the window is in the background (a click
 * opens the comment page), and always reaches the renderer, which shows the toast when main did
 * not notify and refreshes the counts.
 */
export function createCommentNotices(deps: CommentNoticesDeps): CommentNotices {
  let current: { key: string; feed: CommentFeed } | undefined;

  const announce = (notice: AdminCommentNotice) => {
    const { shown } = deps.notify({ ...commentNoticeText(notice), onClick: () => deps.emit('comments.open', {}) });
    deps.emit('comments.created', { notice, shownNatively: shown });
  };

  const close = () => {
    current?.feed.stop();
    current = undefined;
  };

  return {
    follow: () => {
      const active = deps.profiles.active();
      const token = active ? deps.vault.getToken(active.id) : undefined;
      if (!active || token === undefined) return close();
      const key = JSON.stringify([active.id, active.url, token]);
      if (current?.key === key) return;
      close();
      const feed = startCommentFeed({
        ...deps.feedOptions,
        serverUrl: active.url,
        token,
        onCreated: announce,
        onChanged: () => deps.emit('comments.changed', {}),
      });
      current = { key, feed };
    },
    stop: close,
    following: () => current !== undefined,
  };
}
