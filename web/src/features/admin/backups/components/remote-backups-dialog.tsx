import { useEffect, useState } from 'react';
import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Field,
  Input,
  makeStyles,
  MessageBar,
  MessageBarBody,
  Spinner,
  Text,
  tokens,
} from '@fluentui/react-components';
import { ArrowUndoRegular } from '@fluentui/react-icons';
import { BackupScreenMessages as M, SNACKBAR_MS, UiMessages } from '@folio/shared';
import type { RemoteBackup } from '@folio/shared';
import { errorMessage } from '../../../../lib/api-client';
import { formatDateTime } from '../../../../lib/format';
import { usePageStyles } from '../../components/page.styles';
import { useAdminApi, useNotify } from '../../hooks/admin-services';
import { fetchRemoteBackups, restoreBackup } from '../api/backups.api';
import { formatBackupSize, isEncryptedBackupName } from '../model/backup-form';

const useStyles = makeStyles({
  list: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, margin: 0, padding: 0, listStyleType: 'none' },
  item: {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    justifyContent: 'space-between',
    gap: tokens.spacingHorizontalS,
    paddingBottom: tokens.spacingVerticalS,
    borderBottom: `1px solid ${tokens.colorNeutralStroke2}`,
  },
  name: { wordBreak: 'break-all', fontFamily: tokens.fontFamilyMonospace },
  meta: { display: 'flex', flexDirection: 'column', minWidth: 0 },
  confirm: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
});

/**
 * What one target holds (server/API.md §E22), each with 恢复: a confirmation that says a safety
 * backup comes first, the passphrase for an age file, and the server's own reason when it fails.
 */
export function RemoteBackupsDialog({ target, label, onClose }: { target: string; label: string; onClose: () => void }) {
  const styles = useStyles();
  const page = usePageStyles();
  const api = useAdminApi();
  const notify = useNotify();
  const [backups, setBackups] = useState<RemoteBackup[] | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [chosen, setChosen] = useState<RemoteBackup | null>(null);
  const [passphrase, setPassphrase] = useState('');
  const [restoreError, setRestoreError] = useState<string | null>(null);
  const [restoring, setRestoring] = useState(false);

  useEffect(() => {
    const controller = new AbortController();
    fetchRemoteBackups(api, target, controller.signal).then(setBackups, (error: unknown) => {
      if (!controller.signal.aborted) setLoadError(errorMessage(error, M.remoteLoadFailed));
    });
    return () => controller.abort();
  }, [api, target]);

  const encrypted = chosen !== null && isEncryptedBackupName(chosen.name);
  const restore = async () => {
    if (!chosen) return;
    if (encrypted && passphrase === '') {
      setRestoreError(M.restorePassphraseRequired);
      return;
    }
    setRestoring(true);
    setRestoreError(null);
    try {
      await restoreBackup(api, { target, name: chosen.name, ...(encrypted ? { passphrase } : {}) });
      notify(M.restored, 'success', SNACKBAR_MS.data);
      onClose();
    } catch (error) {
      setRestoreError(errorMessage(error, M.restoreFailed));
    } finally {
      setRestoring(false);
    }
  };

  return (
    <Dialog open onOpenChange={(_, data) => !data.open && !restoring && onClose()}>
      <DialogSurface>
        <DialogBody>
          <DialogTitle>{chosen ? M.restoreTitle : M.remoteHeading(label)}</DialogTitle>
          <DialogContent>
            {chosen ? (
              <form
                className={styles.confirm}
                onSubmit={(event) => {
                  event.preventDefault();
                  void restore();
                }}
              >
                <Text>{M.restoreBody(chosen.name)}</Text>
                <MessageBar intent="warning">
                  <MessageBarBody>{M.restoreSafety}</MessageBarBody>
                </MessageBar>
                {encrypted && (
                  <Field label={M.restorePassphrase} required>
                    <Input
                      type="password"
                      autoComplete="off"
                      value={passphrase}
                      onChange={(_, data) => setPassphrase(data.value)}
                    />
                  </Field>
                )}
                {restoreError && (
                  <MessageBar intent="error" data-testid="restore-error">
                    <MessageBarBody>{restoreError}</MessageBarBody>
                  </MessageBar>
                )}
              </form>
            ) : loadError ? (
              <MessageBar intent="error">
                <MessageBarBody>{loadError}</MessageBarBody>
              </MessageBar>
            ) : backups === null ? (
              <Spinner label={M.remoteHeading(label)} />
            ) : backups.length === 0 ? (
              <Text className={page.muted}>{M.remoteEmpty}</Text>
            ) : (
              <ul className={styles.list} aria-label={M.remoteHeading(label)}>
                {backups.map((backup) => (
                  <li key={backup.name} className={styles.item} data-testid="remote-backup">
                    <div className={styles.meta}>
                      <Text className={styles.name}>{backup.name}</Text>
                      <Text size={200} className={page.muted}>
                        {formatBackupSize(backup.size)}
                        {backup.modified_at ? ` · ${formatDateTime(backup.modified_at)}` : ''}
                      </Text>
                    </div>
                    <Button
                      icon={<ArrowUndoRegular />}
                      aria-label={`${M.restore} ${backup.name}`}
                      onClick={() => {
                        setChosen(backup);
                        setPassphrase('');
                        setRestoreError(null);
                      }}
                    >
                      {M.restore}
                    </Button>
                  </li>
                ))}
              </ul>
            )}
          </DialogContent>
          <DialogActions>
            {chosen ? (
              <>
                <Button disabled={restoring} onClick={() => setChosen(null)}>
                  {UiMessages.cancel}
                </Button>
                <Button appearance="primary" disabled={restoring} onClick={() => void restore()}>
                  {restoring ? M.restoring : M.restoreConfirm}
                </Button>
              </>
            ) : (
              <Button onClick={onClose}>{M.close}</Button>
            )}
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
