import type { ReactNode } from 'react';
import { createContext, useCallback, useContext, useEffect, useMemo } from 'react';
import { useNavigate } from 'react-router-dom';
import { Link, Toast, ToastBody, Toaster, ToastTitle, useId, useToastController } from '@fluentui/react-components';
import {
  AdminCommentMessages,
  DesktopBridgeMessages,
  DesktopSyncMessages as S,
  DesktopUiMessages,
  SNACKBAR_MS,
} from '@folio/shared';
import type { EventPayload } from '../../channels';
import { commentNoticeText } from '../../common/comment-notice-text';
import type { Notification } from '../web-admin';
import { folioBridge } from '../bridge/folio-bridge';

export type DesktopNotify = (notification: Notification) => void;

const DesktopNotifyContext = createContext<DesktopNotify | null>(null);

/** A toast with an action stays long enough to reach for it. */
const ACTION_TOAST_MS = 10_000;

/** The admin's comment page, where held comments come first. */
const COMMENTS_PATH = '/admin/comments';

export function useDesktopNotify(): DesktopNotify {
  const notify = useContext(DesktopNotifyContext);
  if (!notify) throw new Error('useDesktopNotify must be used inside <DesktopNotifyProvider>');
  return notify;
}

/** Shorthand for the desktop screens: a message with the admin's article snackbar duration. */
export function useNotifyMessage(): (message: string, intent?: Notification['intent']) => void {
  const notify = useDesktopNotify();
  return useCallback((message, intent = 'success') => notify({ message, intent, durationMs: SNACKBAR_MS.articles }), [notify]);
}

/** The words of a background outcome, the same in the toast and the native notification. */
function outcomeMessage(outcome: EventPayload<'sync.outcome'>): string {
  const title = outcome.title.trim() || DesktopUiMessages.untitled;
  return outcome.kind === 'published' ? S.publishedInBackground(title) : S.conflictInBackground(title);
}

/**
 * In-window toasts for everything, plus a native notification through the bridge, which main
 * shows only while the window is in the background (a long import finishing, a publish). Work the
 * background sync finished (a queued draft published, a conflict) arrives as `sync.outcome` and
 * gets a toast with its action: the live article, or the conflict screen. A visitor's new comment
 * gets one with 查看评论.
 */
export function DesktopNotifyProvider({ children }: { children: ReactNode }) {
  const toasterId = useId('desktop-toaster');
  const navigate = useNavigate();
  const { dispatchToast, dismissToast } = useToastController(toasterId);
  const notify = useCallback<DesktopNotify>(
    ({ message, intent, durationMs }) => {
      dispatchToast(
        <Toast>
          <ToastTitle>{message}</ToastTitle>
        </Toast>,
        { intent, timeout: durationMs },
      );
      void folioBridge().app.notify({ title: DesktopBridgeMessages.appName, body: message });
    },
    [dispatchToast],
  );

  useEffect(
    () =>
      folioBridge().on('sync.outcome', (outcome) => {
        const message = outcomeMessage(outcome);
        const toastId = `sync-outcome-${outcome.draftId}-${Date.now()}`;
        const action =
          outcome.kind === 'published' && outcome.articleUrl ? (
            // Main opens an outside link in the owner's browser.
            <Link href={outcome.articleUrl} target="_blank" rel="noreferrer">
              {S.openArticle}
            </Link>
          ) : (
            <Link
              onClick={() => {
                dismissToast(toastId);
                navigate(`/drafts/${outcome.draftId}`);
              }}
            >
              {S.openConflict}
            </Link>
          );
        dispatchToast(
          <Toast data-testid="sync-outcome-toast">
            <ToastTitle action={action}>{message}</ToastTitle>
          </Toast>,
          {
            toastId,
            intent: outcome.kind === 'published' ? 'success' : 'warning',
            timeout: ACTION_TOAST_MS,
          },
        );
        void folioBridge().app.notify({ title: DesktopBridgeMessages.appName, body: message });
      }),
    [dispatchToast, dismissToast, navigate],
  );

  // A visitor's comment: main showed it natively when the window was in the background (its
  // click sends comments.open); in front, this toast says it, on every screen of the app.
  useEffect(() => {
    const bridge = folioBridge();
    const stopCreated = bridge.on('comments.created', ({ notice, shownNatively }) => {
      if (shownNatively) return;
      const { title, body } = commentNoticeText(notice);
      const toastId = `comment-${notice.id}`;
      dispatchToast(
        <Toast data-testid="comment-toast">
          <ToastTitle
            action={
              <Link
                onClick={() => {
                  dismissToast(toastId);
                  navigate(COMMENTS_PATH);
                }}
              >
                {AdminCommentMessages.openComments}
              </Link>
            }
          >
            {title}
          </ToastTitle>
          <ToastBody>
            <bdi>{body}</bdi>
          </ToastBody>
        </Toast>,
        // Under the pointer it stays: the owner reading a long comment does not lose it.
        { toastId, intent: 'info', timeout: ACTION_TOAST_MS, pauseOnHover: true },
      );
    });
    const stopOpen = bridge.on('comments.open', () => navigate(COMMENTS_PATH));
    return () => {
      stopCreated();
      stopOpen();
    };
  }, [dispatchToast, dismissToast, navigate]);

  const value = useMemo(() => notify, [notify]);
  return (
    <DesktopNotifyContext.Provider value={value}>
      {/* A corner, stacked: over no title field, toolbar or text the owner is working in. */}
      <Toaster toasterId={toasterId} position="bottom-end" />
      {children}
    </DesktopNotifyContext.Provider>
  );
}
