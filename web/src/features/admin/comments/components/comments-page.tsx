import { useCallback, useEffect, useState } from 'react';
import {
  Button,
  makeStyles,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
  Text,
  tokens,
  Tooltip,
} from '@fluentui/react-components';
import { ArrowClockwiseRegular, DeleteRegular } from '@fluentui/react-icons';
import { ADMIN_COMMENTS_PAGE_SIZE, AdminUiMessages, PublicUiMessages, SNACKBAR_MS, UiMessages } from '@folio/shared';
import type { AdminComment } from '@folio/shared';
import { errorMessage } from '../../../../lib/api-client';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { EmptyState } from '../../components/empty-state';
import { formatDateTime } from '../../../../lib/format';
import { PageHeader } from '../../components/page-header';
import { SearchField } from '../../components/search-field';
import { Pagination } from '../../components/pagination';
import { useAdminApi, useNotify } from '../../hooks/admin-services';
import { deleteComment, listComments } from '../api/comments.api';

const useStyles = makeStyles({
  stack: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  search: { maxWidth: '420px' },
  scroll: {
    overflowX: 'auto',
    backgroundColor: tokens.colorNeutralBackground1,
    borderRadius: tokens.borderRadiusLarge,
    border: `1px solid ${tokens.colorNeutralStroke2}`,
  },
  table: { minWidth: '760px' },
  content: { whiteSpace: 'pre-wrap', wordBreak: 'break-word' },
  muted: { color: tokens.colorNeutralForeground3 },
  nowrap: { whiteSpace: 'nowrap' },
});

const duration = SNACKBAR_MS.articles;

/**
 * 评论管理: every comment with its article, searchable, deletable after confirmation. What
 * visitors wrote (nickname, e-mail, body) is isolated in `<bdi>`, so right-to-left text cannot
 * reorder the cells' other words.
 */
export default function CommentsPage() {
  const styles = useStyles();
  const api = useAdminApi();
  const notify = useNotify();
  const [comments, setComments] = useState<AdminComment[] | null>(null);
  const [total, setTotal] = useState(0);
  const [page, setPage] = useState(1);
  const [perPage, setPerPage] = useState(ADMIN_COMMENTS_PAGE_SIZE);
  const [search, setSearch] = useState('');
  const [pending, setPending] = useState<AdminComment | null>(null);
  const [busy, setBusy] = useState(false);

  const load = useCallback(async () => {
    try {
      const response = await listComments(api, { page, perPage, search });
      setComments(response.data.comments);
      setTotal(response.data.total);
      if (response.data.comments.length === 0 && page > 1) setPage(page - 1);
    } catch (error) {
      setComments((current) => current ?? []);
      notify(errorMessage(error, UiMessages.networkError), 'error', duration);
    }
  }, [api, notify, page, perPage, search]);

  useEffect(() => {
    void load();
  }, [load]);

  const applySearch = (text: string) => {
    setSearch(text);
    setPage(1);
  };

  const confirmDelete = async () => {
    if (!pending) return;
    setBusy(true);
    try {
      const response = await deleteComment(api, pending.id);
      notify(response.msg || UiMessages.deleted, 'success', duration);
    } catch (error) {
      notify(`${UiMessages.deleteFailed}: ${errorMessage(error, UiMessages.networkError)}`, 'error', duration);
    } finally {
      setPending(null);
      setBusy(false);
      await load();
    }
  };

  return (
    <section className={styles.stack}>
      <PageHeader
        title={AdminUiMessages.tabComments}
        actions={
          <Button icon={<ArrowClockwiseRegular />} onClick={() => void load()}>
            {UiMessages.refresh}
          </Button>
        }
      />
      <SearchField className={styles.search} label={AdminUiMessages.searchComments} onSearch={applySearch} />
      {comments !== null && comments.length === 0 ? (
        <EmptyState text={AdminUiMessages.commentsEmpty} />
      ) : (
        <div className={styles.scroll}>
          <Table className={styles.table} aria-label={AdminUiMessages.commentList} size="small">
            <TableHeader>
              <TableRow>
                <TableHeaderCell>{PublicUiMessages.navArticles}</TableHeaderCell>
                <TableHeaderCell>{PublicUiMessages.nickname}</TableHeaderCell>
                <TableHeaderCell>{AdminUiMessages.contentLabel}</TableHeaderCell>
                <TableHeaderCell>{AdminUiMessages.timeLabel}</TableHeaderCell>
                <TableHeaderCell>{AdminUiMessages.actionsLabel}</TableHeaderCell>
              </TableRow>
            </TableHeader>
            <TableBody>
              {(comments ?? []).map((comment) => (
                <TableRow key={comment.id} data-testid="comment-row">
                  <TableCell>{comment.article_title}</TableCell>
                  <TableCell>
                    <Text weight="semibold">
                      <bdi>{comment.author}</bdi>
                    </Text>
                    {comment.email && (
                      <Text size={200} block className={styles.muted}>
                        <bdi>{comment.email}</bdi>
                      </Text>
                    )}
                  </TableCell>
                  <TableCell className={styles.content}>
                    <bdi>{comment.content}</bdi>
                  </TableCell>
                  <TableCell className={styles.nowrap}>{formatDateTime(comment.created_at)}</TableCell>
                  <TableCell>
                    <Tooltip content={AdminUiMessages.deleteCommentOf(comment.author)} relationship="label">
                      <Button appearance="subtle" icon={<DeleteRegular />} onClick={() => setPending(comment)} />
                    </Tooltip>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </div>
      )}
      <Pagination
        page={page}
        perPage={perPage}
        total={total}
        perPageOptions={[10, 20, 50, 100]}
        onPageChange={setPage}
        onPerPageChange={(value) => {
          setPerPage(value);
          setPage(1);
        }}
      />
      <ConfirmDialog
        open={pending !== null}
        title={UiMessages.confirmDelete}
        busy={busy}
        onCancel={() => setPending(null)}
        onConfirm={() => void confirmDelete()}
      >
        {AdminUiMessages.deleteCommentConfirm}
      </ConfirmDialog>
    </section>
  );
}
