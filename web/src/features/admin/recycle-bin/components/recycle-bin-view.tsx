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
} from '@fluentui/react-components';
import { ArrowClockwiseRegular, ArrowUndoRegular, DeleteDismissRegular, DeleteRegular } from '@fluentui/react-icons';
import { AdminUiMessages, PublicUiMessages, RECYCLE_BIN_PAGE_SIZE, SNACKBAR_MS, UiMessages } from '@folio/shared';
import type { RecycleBinItem } from '@folio/shared';
import { errorMessage } from '../../../../lib/api-client';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { EmptyState } from '../../components/empty-state';
import { formatDateTime } from '../../../../lib/format';
import { Pagination } from '../../components/pagination';
import { useAdminApi, useNotify } from '../../hooks/admin-services';
import { emptyRecycleBin, listRecycleBin, purgeArticle, restoreArticle } from '../api/recycle-bin.api';

const useStyles = makeStyles({
  stack: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  bar: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalS, alignItems: 'center' },
  hint: { color: tokens.colorNeutralForeground3, marginLeft: 'auto' },
  scroll: {
    overflowX: 'auto',
    backgroundColor: tokens.colorNeutralBackground1,
    borderRadius: tokens.borderRadiusLarge,
    border: `1px solid ${tokens.colorNeutralStroke2}`,
  },
  table: { minWidth: '720px' },
  nowrap: { whiteSpace: 'nowrap' },
});

type Pending = { kind: 'restore' | 'purge'; item: RecycleBinItem } | { kind: 'empty' };

const duration = SNACKBAR_MS.articles;

/** Deleted articles with restore, purge and empty, each confirmed (server/API.md §10). */
export function RecycleBinView() {
  const styles = useStyles();
  const api = useAdminApi();
  const notify = useNotify();
  const [items, setItems] = useState<RecycleBinItem[] | null>(null);
  const [page, setPage] = useState(1);
  const [total, setTotal] = useState(0);
  const [pending, setPending] = useState<Pending | null>(null);
  const [busy, setBusy] = useState(false);

  const load = useCallback(async () => {
    try {
      const response = await listRecycleBin(api, page, RECYCLE_BIN_PAGE_SIZE);
      setItems(response.data);
      setTotal(response.total ?? response.data.length);
      if (response.data.length === 0 && page > 1) setPage(page - 1);
    } catch (error) {
      setItems((current) => current ?? []);
      notify(errorMessage(error, UiMessages.networkError), 'error', duration);
    }
  }, [api, notify, page]);

  useEffect(() => {
    void load();
  }, [load]);

  const confirm = async () => {
    if (!pending) return;
    setBusy(true);
    try {
      const response =
        pending.kind === 'empty'
          ? await emptyRecycleBin(api)
          : pending.kind === 'restore'
            ? await restoreArticle(api, pending.item.id)
            : await purgeArticle(api, pending.item.id);
      notify(response.msg, 'success', duration);
    } catch (error) {
      notify(errorMessage(error, UiMessages.networkError), 'error', duration);
    } finally {
      setPending(null);
      setBusy(false);
      await load();
    }
  };

  const dialog =
    pending === null
      ? { title: '', text: '', label: '' }
      : pending.kind === 'restore'
        ? { title: AdminUiMessages.restoreTitle, text: AdminUiMessages.restoreConfirm, label: AdminUiMessages.restore }
        : pending.kind === 'purge'
          ? { title: AdminUiMessages.purgeTitle, text: AdminUiMessages.purgeConfirm, label: AdminUiMessages.purge }
          : {
              title: AdminUiMessages.emptyBinTitle,
              text: AdminUiMessages.emptyBinConfirm,
              label: AdminUiMessages.emptyBinAction,
            };

  return (
    <div className={styles.stack}>
      <div className={styles.bar}>
        <Button icon={<ArrowClockwiseRegular />} onClick={() => void load()}>
          {UiMessages.refresh}
        </Button>
        <Button icon={<DeleteDismissRegular />} onClick={() => setPending({ kind: 'empty' })} disabled={!items?.length}>
          {AdminUiMessages.emptyBin}
        </Button>
        <Text size={200} className={styles.hint}>
          {AdminUiMessages.binRetentionNote}
        </Text>
      </div>
      {items !== null && items.length === 0 ? (
        <EmptyState text={AdminUiMessages.binEmpty} />
      ) : (
        <div className={styles.scroll}>
          <Table className={styles.table} aria-label={AdminUiMessages.recycleBin} size="small">
            <TableHeader>
              <TableRow>
                <TableHeaderCell>{AdminUiMessages.titleLabel}</TableHeaderCell>
                <TableHeaderCell>{PublicUiMessages.categoryLabel}</TableHeaderCell>
                <TableHeaderCell>{AdminUiMessages.deletedAt}</TableHeaderCell>
                <TableHeaderCell>{AdminUiMessages.purgeAt}</TableHeaderCell>
                <TableHeaderCell>{AdminUiMessages.actionsLabel}</TableHeaderCell>
              </TableRow>
            </TableHeader>
            <TableBody>
              {(items ?? []).map((item) => (
                <TableRow key={item.id} data-testid="bin-row">
                  <TableCell>
                    <Text weight="semibold">{item.title}</Text>
                  </TableCell>
                  <TableCell>{item.category}</TableCell>
                  <TableCell className={styles.nowrap}>{formatDateTime(item.deleted_at)}</TableCell>
                  <TableCell className={styles.nowrap}>{formatDateTime(item.purge_at)}</TableCell>
                  <TableCell className={styles.nowrap}>
                    <Button
                      size="small"
                      appearance="subtle"
                      icon={<ArrowUndoRegular />}
                      onClick={() => setPending({ kind: 'restore', item })}
                      aria-label={AdminUiMessages.restoreItem(item.title)}
                    >
                      {AdminUiMessages.restore}
                    </Button>
                    <Button
                      size="small"
                      appearance="subtle"
                      icon={<DeleteRegular />}
                      onClick={() => setPending({ kind: 'purge', item })}
                      aria-label={AdminUiMessages.purgeItem(item.title)}
                    >
                      {AdminUiMessages.purge}
                    </Button>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </div>
      )}
      {total > RECYCLE_BIN_PAGE_SIZE && (
        <Pagination page={page} perPage={RECYCLE_BIN_PAGE_SIZE} total={total} onPageChange={setPage} />
      )}
      <ConfirmDialog
        open={pending !== null}
        title={dialog.title}
        confirmLabel={dialog.label}
        busy={busy}
        onCancel={() => setPending(null)}
        onConfirm={() => void confirm()}
      >
        {dialog.text}
      </ConfirmDialog>
    </div>
  );
}
