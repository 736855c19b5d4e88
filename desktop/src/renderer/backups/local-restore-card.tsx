import { useState } from 'react';
import { Button, Field, Input, MessageBar, MessageBarBody, Text } from '@fluentui/react-components';
import { ArrowUploadRegular } from '@fluentui/react-icons';
import { BackupScreenMessages as M } from '@folio/shared';
import type { LocalBackupFile } from '../../channels';
import { useNotifyMessage } from '../app/desktop-notify';
import { call, folioBridge } from '../bridge/folio-bridge';
import { ConfirmDialog, usePageStyles } from '../web-admin';

/**
 * 从本地备份恢复到服务器 on the connection screen: a backup file on this computer (the copy at
 * home keeps them) restored to the signed-in server, this one or a fresh one (server/API.md §E22.7).
 * The passphrase is asked for an age file; the server's own words say why a restore failed.
 */
export function LocalRestoreCard({ serverUrl, signedIn }: { serverUrl: string | null; signedIn: boolean }) {
  const page = usePageStyles();
  const notify = useNotifyMessage();
  const [file, setFile] = useState<LocalBackupFile | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [passphrase, setPassphrase] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  const pick = async () => {
    setError('');
    try {
      const picked = await call(folioBridge().backups.pickLocalFile());
      if (!picked) return;
      setFile(picked);
      setPassphrase('');
      setConfirming(true);
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
    }
  };

  const restore = async () => {
    if (!file) return;
    if (file.encrypted && passphrase === '') {
      setError(M.restorePassphraseRequired);
      return;
    }
    setBusy(true);
    setError('');
    try {
      const { message } = await call(
        folioBridge().backups.restoreLocal({ path: file.path, ...(file.encrypted ? { passphrase } : {}) }),
      );
      setConfirming(false);
      setFile(null);
      notify(message || M.localRestoreDone);
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className={`${page.card} ${page.stack}`} aria-labelledby="local-restore-title" data-testid="local-restore">
      <Text as="h3" size={500} weight="semibold" id="local-restore-title" className={page.heading}>
        {M.localRestore}
      </Text>
      <Text size={200} className={page.muted}>
        {signedIn ? M.localRestoreIntro : M.localRestoreNeedsSignIn}
      </Text>
      {error && !confirming && (
        <MessageBar intent="error" role="alert">
          <MessageBarBody>{error}</MessageBarBody>
        </MessageBar>
      )}
      <div className={page.row}>
        <Button icon={<ArrowUploadRegular />} disabled={!signedIn || busy} onClick={() => void pick()}>
          {M.localRestorePick}
        </Button>
      </div>
      <ConfirmDialog
        open={confirming && file !== null}
        title={M.localRestore}
        confirmLabel={busy ? M.localRestoreRunning : M.localRestoreConfirm}
        busy={busy}
        onConfirm={() => void restore()}
        onCancel={() => {
          setConfirming(false);
          setError('');
        }}
      >
        <div className={page.stack}>
          {file && <Text>{M.localRestoreFile(file.name)}</Text>}
          <Text>{M.localRestoreBody(serverUrl ?? '')}</Text>
          {file?.encrypted && (
            <Field label={M.restorePassphrase} required>
              <Input type="password" autoComplete="off" value={passphrase} onChange={(_, data) => setPassphrase(data.value)} />
            </Field>
          )}
          {error && (
            <MessageBar intent="error" role="alert" data-testid="local-restore-error">
              <MessageBarBody>{error}</MessageBarBody>
            </MessageBar>
          )}
        </div>
      </ConfirmDialog>
    </section>
  );
}
