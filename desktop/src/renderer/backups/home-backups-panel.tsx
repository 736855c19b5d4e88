import { useEffect, useState } from 'react';
import { Button, makeStyles, MessageBar, MessageBarBody, Text, tokens } from '@fluentui/react-components';
import { ArrowDownloadRegular, FolderOpenRegular, FolderRegular } from '@fluentui/react-icons';
import { BackupScreenMessages as M } from '@folio/shared';
import type { HomeBackupsStatus } from '../../channels';
import { useNotifyMessage } from '../app/desktop-notify';
import { call, folioBridge } from '../bridge/folio-bridge';
import { formatDateTime, usePageStyles } from '../web-admin';
import { formatBytes } from '../connection/mirror-freshness';

const useStyles = makeStyles({
  folder: { wordBreak: 'break-all', fontFamily: tokens.fontFamilyMonospace },
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
