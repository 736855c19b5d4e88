import { useCallback, useEffect, useRef, useState } from 'react';
import { Button, makeStyles, Spinner, Tab, TabList, tokens } from '@fluentui/react-components';
import { ArrowClockwiseRegular, SettingsRegular } from '@fluentui/react-icons';
import { AdminCommentMessages as M, AdminUiMessages, SNACKBAR_MS, UiMessages } from '@folio/shared';
import type { AdminComment, AdminMailStatus } from '@folio/shared';
import { errorMessage } from '../../../../lib/api-client';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { EmptyState } from '../../components/empty-state';
import { PageHeader } from '../../components/page-header';
import { Pagination } from '../../components/pagination';
import { SearchField } from '../../components/search-field';
import { useAdminApi, useNotify } from '../../hooks/admin-services';
import { approveComment, getMailStatus, replyToComment } from '../api/comments.api';
import type { CommentStatusFilter } from '../api/comments.api';
import { useCommentDelete } from '../hooks/use-comment-delete';
import { useCommentList } from '../hooks/use-comment-list';
import { useCommentActivity } from '../live/comment-activity';
import { useCommentEvents } from '../live/use-comment-events';
import { CommentCard } from './comment-card';
import { CommentSettingsDialog } from './comment-settings-dialog';
import { MailStatusBar } from './mail-status-bar';

const useStyles = makeStyles({
  stack: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  tools: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: tokens.spacingHorizontalM },
  search: { flex: '1 1 260px', maxWidth: '420px' },
  list: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  loading: { minHeight: '240px', display: 'flex', alignItems: 'center', justifyContent: 'center' },
});

const duration = SNACKBAR_MS.articles;

/**
 * 评论管理: the conversation under the articles as the owner sees it. Held comments come first
 * with 通过; the owner answers inline; deleting says how many replies go too. Opening the page
 * marks every comment seen, and it stays so while the page is open; new comments appear live.
 */
export default function CommentsPage() {
  const styles = useStyles();
  const api = useAdminApi();
  const notify = useNotify();
  const events = useCommentEvents();
  const { counts, checked: countsChecked, markSeen } = useCommentActivity();
  const list = useCommentList();
  const { load } = list;
  const removal = useCommentDelete(load);
  const [mail, setMail] = useState<AdminMailStatus | null>(null);
  const [mailChecked, setMailChecked] = useState(false);
  const [replyingTo, setReplyingTo] = useState<number | null>(null);
  const [settingsOpen, setSettingsOpen] = useState(false);

  const loadMail = useCallback(async () => {
    try {
      setMail((await getMailStatus(api)).data);
    } catch {
      setMail(null);
    } finally {
      setMailChecked(true);
    }
  }, [api]);

  useEffect(() => {
    void markSeen();
    void loadMail();
  }, [markSeen, loadMail]);

  // The list's loader changes with the page and the filter; the subscription reads the newest.
  const loadRef = useRef(load);
  useEffect(() => {
    loadRef.current = load;
  });

  useEffect(() => {
    const stopCreated = events.onCommentCreated(() => {
      void markSeen();
      void loadRef.current();
    });
    const stopChanged = events.onCommentsChanged(() => void loadRef.current());
    return () => {
      stopCreated();
      stopChanged();
    };
  }, [events, markSeen]);

  const approve = async (comment: AdminComment) => {
    try {
      const response = await approveComment(api, comment.id);
      notify(response.msg, 'success', duration);
    } catch (error) {
      notify(M.approveFailed(errorMessage(error, UiMessages.networkError)), 'error', duration);
    }
    await load();
  };

  const sendReply = async (comment: AdminComment, content: string) => {
    const response = await replyToComment(api, comment.id, content);
    list.showReply(response.data);
    setReplyingTo(null);
    notify(response.msg, 'success', duration);
  };

  const refresh = () => {
    void load();
    void loadMail();
  };

  const pendingCount = counts?.pending ?? 0;
  // Painted once the list, the mail status and the held count are in: none of them moves the page later.
  const ready = list.comments !== null && mailChecked && countsChecked;
  const deleteText =
    removal.target?.replies && removal.target.replies > 0
      ? M.deleteWithReplies(removal.target.replies)
      : AdminUiMessages.deleteCommentConfirm;

  return (
    <section className={styles.stack}>
      <PageHeader
        title={AdminUiMessages.tabComments}
        actions={
          <>
            <Button icon={<SettingsRegular />} onClick={() => setSettingsOpen(true)}>
              {M.settings}
            </Button>
            <Button icon={<ArrowClockwiseRegular />} onClick={refresh}>
              {UiMessages.refresh}
            </Button>
          </>
        }
      />
      {!ready ? (
        <div className={styles.loading}>
          <Spinner label={UiMessages.loading} />
        </div>
      ) : (
        <>
          <MailStatusBar status={mail} />
          <div className={styles.tools}>
            <TabList
              size="small"
              aria-label={M.filterLabel}
              selectedValue={list.status}
              onTabSelect={(_, data) => list.setStatus(data.value as CommentStatusFilter)}
            >
              <Tab value="all">{M.filterAll}</Tab>
              <Tab value="pending">{pendingCount > 0 ? `${M.filterPending} (${pendingCount})` : M.filterPending}</Tab>
            </TabList>
            <SearchField className={styles.search} label={AdminUiMessages.searchComments} onSearch={list.setSearch} />
          </div>
          {list.comments?.length === 0 ? (
            <EmptyState text={list.status === 'pending' ? M.pendingEmpty : AdminUiMessages.commentsEmpty} />
          ) : (
            <div className={styles.list} role="list" aria-label={AdminUiMessages.commentList}>
              {list.comments?.map((comment) => (
                <div role="listitem" key={comment.id}>
                  <CommentCard
                    comment={comment}
                    replying={replyingTo === comment.id}
                    onApprove={() => void approve(comment)}
                    onReply={() => setReplyingTo(comment.id)}
                    onCancelReply={() => setReplyingTo(null)}
                    onSendReply={(content) => sendReply(comment, content)}
                    onDelete={() => removal.ask(comment)}
                  />
                </div>
              ))}
            </div>
          )}
          <Pagination
            page={list.page}
            perPage={list.perPage}
            total={list.total}
            perPageOptions={[10, 20, 50, 100]}
            onPageChange={list.setPage}
            onPerPageChange={list.setPerPage}
          />
        </>
      )}
      <ConfirmDialog
        // Opened once the replies are counted: a dialog whose every button is disabled gives
        // Fluent's focus trap nothing to hold, and it then hides the dialog from assistive tech.
        open={removal.target !== null && !removal.target.counting}
        title={UiMessages.confirmDelete}
        busy={removal.busy}
        onCancel={removal.cancel}
        onConfirm={() => void removal.confirm()}
      >
        {deleteText}
      </ConfirmDialog>
      <CommentSettingsDialog open={settingsOpen} onClose={() => setSettingsOpen(false)} />
    </section>
  );
}
