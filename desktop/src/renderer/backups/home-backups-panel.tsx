import type { FormEvent } from 'react';
import { useEffect, useState } from 'react';
import { Button, Field, Input, makeStyles, MessageBar, MessageBarBody, Text, tokens } from '@fluentui/react-components';
import { ArrowDownloadRegular, FolderOpenRegular, FolderRegular, SaveRegular } from '@fluentui/react-icons';
import { BackupScreenMessages as M } from '@folio/shared';
import { homeBackupsKeepInputSchema } from '../../channels';
import type { HomeBackupsStatus } from '../../channels';
import { useNotifyMessage } from '../app/desktop-notify';
import { call, folioBridge } from '../bridge/folio-bridge';
import { formatDateTime, usePageStyles } from '../web-admin';
import { formatBytes } from '../connection/mirror-freshness';

const useStyles = makeStyles({
  folder: { wordBreak: 'break-all', fontFamily: tokens.fontFamilyMonospace },
  keepForm: { display: 'flex', flexWrap: 'wrap', alignItems: 'flex-end', gap: tokens.spacingHorizontalS },
  keepInput: { width: '120px' },
});

/**
 * 电脑上的副本, shown on the admin's 备份 screen in the desktop app (AdminPlatform.backupsPanel):
 * where the copies of the server's backups go, the last one brought home, its folder opened in the
 * system's file manager (server/API.md §E22).
 */
export function HomeBackupsPanel() {
  const page = usePageStyles();
  const styles = useStyles();
  const notify = useNotifyMessage();
  const [status, setStatus] = useState<HomeBackupsStatus | null>(null);
  const [busy, setBusy] = useState(false);
  const [keepText, setKeepText] = useState('');
  const [keepError, setKeepError] = useState('');
  const keep = status?.keep;

  useEffect(() => {
    if (keep !== undefined) setKeepText(String(keep));
  }, [keep]);

  useEffect(() => {
    const bridge = folioBridge();
    let active = true;
    void call(bridge.backups.homeStatus()).then(
      (next) => active && setStatus(next),
      () => undefined,
    );
    const unsubscribe = bridge.on('backups.home', setStatus);
    return () => {
      active = false;
      unsubscribe();
    };
  }, []);

  const act = async (run: () => Promise<HomeBackupsStatus | void>) => {
    setBusy(true);
    try {
      const next = await run();
      if (next) setStatus(next);
    } catch (error) {
      notify(error instanceof Error ? error.message : String(error), 'error');
    } finally {
      setBusy(false);
    }
  };

  const saveKeep = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = homeBackupsKeepInputSchema.safeParse({ keep: Number(keepText) });
    if (!parsed.success) {
      setKeepError(parsed.error.issues[0]?.message ?? '');
      return;
    }
    setKeepError('');
    await act(async () => {
      const next = await call(folioBridge().backups.setKeep(parsed.data));
      notify(M.homeKeepSaved);
      return next;
    });
  };

  return (
    <section className={`${page.card} ${page.stack}`} aria-labelledby="home-backups-title" data-testid="home-backups">
      <Text as="h3" size={400} weight="semibold" id="home-backups-title" className={page.heading}>
        {M.homeHeading}
      </Text>
      <Text size={200} className={page.muted}>
        {M.homeIntro}
      </Text>
      {status && (
        <>
          <Text className={styles.folder}>{M.homeFolder(status.folder)}</Text>
          <Text data-testid="home-backups-last">
            {status.last ? M.homeLastCopy(formatDateTime(status.last.copiedAt), formatBytes(status.last.size)) : M.homeNoCopy}
            {` · ${M.homeKeep(status.keep)}`}
          </Text>
          {status.error && (
            <MessageBar intent="error">
              <MessageBarBody>{status.error}</MessageBarBody>
            </MessageBar>
          )}
        </>
      )}
      <form className={styles.keepForm} onSubmit={(event) => void saveKeep(event)} noValidate>
        <Field label={M.homeKeepLabel} validationMessage={keepError || undefined}>
          <Input
            className={styles.keepInput}
            type="number"
            min={1}
            value={keepText}
            onChange={(_, data) => setKeepText(data.value)}
          />
        </Field>
        <Button type="submit" icon={<SaveRegular />} disabled={busy || !status || keepText === String(status.keep)}>
          {M.homeKeepSave}
        </Button>
      </form>
      <div className={page.row}>
        <Button
          icon={<FolderOpenRegular />}
          disabled={busy || !status}
          onClick={() => void act(async () => void (await call(folioBridge().backups.openFolder())))}
        >
          {M.homeOpenFolder}
        </Button>
        <Button
          icon={<FolderRegular />}
          disabled={busy || !status}
          onClick={() => void act(() => call(folioBridge().backups.chooseFolder()))}
        >
          {M.homeChooseFolder}
        </Button>
        <Button
          icon={<ArrowDownloadRegular />}
          disabled={busy || !status || status.copying}
          onClick={() => void act(() => call(folioBridge().backups.copyNow()))}
        >
          {status?.copying ? M.homeCopying : M.homeCopyNow}
        </Button>
      </div>
    </section>
  );
}
