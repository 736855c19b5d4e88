import type { ReactNode } from 'react';
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState } from 'react';
import { Outlet, useNavigate } from 'react-router-dom';
import { Link, Toast, ToastBody, Toaster, ToastTitle, useId, useToastController } from '@fluentui/react-components';
import { AdminCommentMessages as M } from '@folio/shared';
import type { AdminCommentNotice, CommentUnread } from '@folio/shared';
import { useAdminApi, useAdminServices } from '../../hooks/admin-services';
import { useConfirmLeave } from '../../hooks/use-unsaved-changes';
import { useAdminPlatform } from '../../platform';
import { getUnread, markCommentsSeen } from '../api/comments.api';
import { useCommentEvents } from './use-comment-events';

/** Long enough to read who wrote and to reach 查看评论. */
const NEW_COMMENT_TOAST_MS = 8000;

export interface CommentActivity {
  /** Unread and held counts; null until first fetched (or when the server could not say). */
  counts: CommentUnread | null;
  /** The counts were asked for once (answered or not): a screen showing them can paint then. */
  checked: boolean;
  /** Marks every comment up to now seen (the comment page is open). */
  markSeen(): Promise<void>;
}

const CommentActivityContext = createContext<CommentActivity | null>(null);

export function useCommentActivity(): CommentActivity {
  const activity = useContext(CommentActivityContext);
  if (!activity) throw new Error('useCommentActivity must be used inside <CommentActivityProvider>');
  return activity;
}

export function noticeTitle(notice: AdminCommentNotice): string {
  return (notice.status === 'pending' ? M.newPendingComment : M.newComment)(notice.author, notice.article_title);
}

/**
 * The signed-in admin's view of new comments, for every screen: the unread and held counts (the
 * 评论管理 tab's badge), refreshed on each live event, and a notice of each new visitor comment:
 * the platform's own (the desktop's) when it has one, else a toast with a link to the comment page.
 */
export function CommentActivityProvider({ children }: { children: ReactNode }) {
  const api = useAdminApi();
  const platform = useAdminPlatform();
  const events = useCommentEvents();
  const { basePath } = useAdminServices();
  const navigate = useNavigate();
  const confirmLeave = useConfirmLeave();
  const toasterId = useId('comment-toaster');
  const { dispatchToast } = useToastController(toasterId);
  const [counts, setCounts] = useState<CommentUnread | null>(null);
  const [checked, setChecked] = useState(false);

  const refresh = useCallback(async () => {
    try {
      setCounts((await getUnread(api)).data);
    } catch {
      // The badge keeps what it showed: a count is a hint, not worth an error of its own.
    } finally {
      setChecked(true);
    }
  }, [api]);

  const announce = useCallback(
    (notice: AdminCommentNotice) => {
      // A platform with events of its own (the desktop) tells the owner itself, on every screen
      // of the app: a native notification or its own toast, each opening the comment page.
      if (platform.commentEvents) return;
      const title = noticeTitle(notice);
      if (platform.notify) {
        platform.notify({ message: `${title}：${notice.excerpt}`, intent: 'info', durationMs: NEW_COMMENT_TOAST_MS });
        return;
      }
      const commentsPath = `${basePath}/comments`;
      dispatchToast(
        <Toast data-testid="new-comment-toast">
          <ToastTitle
            action={
              <Link
                href={commentsPath}
                onClick={(event) => {
                  event.preventDefault();
                  // The toast shows over the editor too: its unsaved work is asked about first.
                  if (confirmLeave()) navigate(commentsPath);
                }}
              >
                {M.openComments}
              </Link>
            }
          >
            {title}
          </ToastTitle>
          <ToastBody>
            <bdi>{notice.excerpt}</bdi>
          </ToastBody>
        </Toast>,
        { intent: 'info', timeout: NEW_COMMENT_TOAST_MS },
      );
    },
    [platform, basePath, navigate, confirmLeave, dispatchToast],
  );

  // useNavigate gives a new function at each navigation: the subscription reads the newest
  // announce through a ref instead of closing and reopening the connection each time.
  const announceRef = useRef(announce);
  useEffect(() => {
    announceRef.current = announce;
  });

  useEffect(() => {
    void refresh();
    const stopChanged = events.onCommentsChanged(() => void refresh());
    const stopCreated = events.onCommentCreated((notice) => {
      void refresh();
      announceRef.current(notice);
    });
    return () => {
      stopChanged();
      stopCreated();
    };
  }, [events, refresh]);

  const markSeen = useCallback(async () => {
    try {
      setCounts((await markCommentsSeen(api)).data);
    } catch {
      // Left unread: the next look marks them.
    }
  }, [api]);

  const activity = useMemo<CommentActivity>(() => ({ counts, checked, markSeen }), [counts, checked, markSeen]);
  return (
    <CommentActivityContext.Provider value={activity}>
      {children}
      <Toaster toasterId={toasterId} position="bottom-end" />
    </CommentActivityContext.Provider>
  );
}

/** {@link CommentActivityProvider} as a layout route around every signed-in screen. */
export function CommentActivityOutlet() {
  return (
    <CommentActivityProvider>
      <Outlet />
    </CommentActivityProvider>
  );
}
