import { useEffect, useState } from 'react';
import { Button, makeStyles, MessageBar, MessageBarBody, Spinner, Text, tokens } from '@fluentui/react-components';
import { ArrowDownloadRegular, DeleteRegular } from '@fluentui/react-icons';
import { SNACKBAR_MS, SubscriberMessages as T } from '@folio/shared';
import type { Subscriber } from '@folio/shared';
import { errorMessage } from '../../../../lib/api-client';
import { formatDateTime } from '../../../../lib/format';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { PageHeader } from '../../components/page-header';
import { usePageStyles } from '../../components/page.styles';
import { useAdminApi, useNotify } from '../../hooks/admin-services';
import { useAdminPlatform } from '../../platform';
import { fetchSubscribers, fetchSubscribersCsv, removeSubscriber } from '../api/subscribers.api';
import type { SubscriberList } from '../api/subscribers.api';

const useStyles = makeStyles({
  table: { width: '100%', borderCollapse: 'collapse' },
  head: { textAlign: 'left', color: tokens.colorNeutralForeground3, fontWeight: tokens.fontWeightRegular },
  cell: {
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalS}`,
    borderBottom: `1px solid ${tokens.colorNeutralStroke2}`,
    overflowWrap: 'anywhere',
  },
  actions: { textAlign: 'right', width: '1%', whiteSpace: 'nowrap' },
  // On a phone each subscriber is a block: the address, then its date and state.
  narrow: {
    '@media (max-width: 640px)': {
      '& thead': { display: 'none' },
      '& tr': {
        display: 'grid',
        gridTemplateColumns: 'minmax(0, 1fr) auto',
        borderBottom: `1px solid ${tokens.colorNeutralStroke2}`,
      },
      '& td': { borderBottom: 'none', paddingTop: tokens.spacingVerticalXS, paddingBottom: tokens.spacingVerticalXS },
      '& td:first-child': { gridColumn: '1 / -1', fontWeight: tokens.fontWeightSemibold },
    },
  },
});

/** Saves `blob` as a file named `name` through the browser's download. */
function saveFile(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked later: Chromium starts the download asynchronously.
  window.setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/**
 * 订阅者 (server/API.md §E23.12): the readers subscribed by mail, when each gave the address and
 * whether they confirmed it, with 移除 (after a question) and 导出 CSV. Without mail configured it
 * says why nobody can subscribe.
 */
export default function SubscribersPage() {
  const styles = useStyles();
  const page = usePageStyles();
  const api = useAdminApi();
  const notify = useNotify();
  const platform = useAdminPlatform();
  const [list, setList] = useState<SubscriberList | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [removing, setRemoving] = useState<Subscriber | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    const controller = new AbortController();
    fetchSubscribers(api, controller.signal).then(setList, (error: unknown) => {
      if (!controller.signal.aborted) setLoadError(errorMessage(error, T.loadFailed));
    });
    return () => controller.abort();
  }, [api]);

  const remove = async () => {
    if (!removing) return;
    setBusy(true);
    try {
      notify(await removeSubscriber(api, removing.id), 'success', SNACKBAR_MS.data);
      setList((current) => current && { ...current, subscribers: current.subscribers.filter((each) => each.id !== removing.id) });
      setRemoving(null);
    } catch (error) {
      notify(errorMessage(error, T.subscriberNotFound), 'error', SNACKBAR_MS.data);
    } finally {
      setBusy(false);
    }
  };

  const exportCsv = async () => {
    try {
      saveFile(await fetchSubscribersCsv(platform), 'subscribers.csv');
    } catch (error) {
      notify(errorMessage(error, T.loadFailed), 'error', SNACKBAR_MS.data);
    }
  };

  if (loadError) {
    return (
      <MessageBar intent="error">
        <MessageBarBody>{loadError}</MessageBarBody>
      </MessageBar>
    );
  }
  if (list === null) return <Spinner label={T.screenTitle} />;
  const confirmed = list.subscribers.filter((each) => each.confirmed).length;

  return (
    <div className={page.stack} data-testid="subscribers-page">
      <PageHeader
        title={T.screenTitle}
        actions={
          <Button icon={<ArrowDownloadRegular />} disabled={list.subscribers.length === 0} onClick={() => void exportCsv()}>
            {T.exportCsv}
          </Button>
        }
      />
      {!list.open && (
        <MessageBar intent="warning" data-testid="subscribers-mail-off">
          <MessageBarBody>{T.mailOff}</MessageBarBody>
        </MessageBar>
      )}
      <Text className={page.muted}>{T.count(confirmed, list.subscribers.length)}</Text>
      <section className={page.card}>
        {list.subscribers.length === 0 ? (
          <Text className={page.muted}>{T.empty}</Text>
        ) : (
          <table className={`${styles.table} ${styles.narrow}`}>
            <thead>
              <tr>
                <th className={`${styles.cell} ${styles.head}`}>{T.columnEmail}</th>
                <th className={`${styles.cell} ${styles.head}`}>{T.columnSince}</th>
                <th className={`${styles.cell} ${styles.head}`}>{T.columnConfirmed}</th>
                <th className={`${styles.cell} ${styles.head}`} aria-label={T.remove} />
              </tr>
            </thead>
            <tbody>
              {list.subscribers.map((subscriber) => (
                <tr key={subscriber.id} data-testid="subscriber-row">
                  <td className={styles.cell}>{subscriber.email}</td>
                  <td className={styles.cell}>{formatDateTime(subscriber.created_at)}</td>
                  <td className={styles.cell}>{subscriber.confirmed ? T.confirmedYes : T.confirmedNo}</td>
                  <td className={`${styles.cell} ${styles.actions}`}>
                    <Button
                      appearance="subtle"
                      icon={<DeleteRegular />}
                      aria-label={`${T.remove} ${subscriber.email}`}
                      onClick={() => setRemoving(subscriber)}
                    >
                      {T.remove}
                    </Button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
      <ConfirmDialog
        open={removing !== null}
        title={T.removeTitle}
        confirmLabel={T.remove}
        busy={busy}
        onConfirm={() => void remove()}
        onCancel={() => setRemoving(null)}
      >
        {removing ? T.removeConfirm(removing.email) : ''}
      </ConfirmDialog>
    </div>
  );
}
