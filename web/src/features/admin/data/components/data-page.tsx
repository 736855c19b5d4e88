import { useState } from 'react';
import { Button, Card, CardHeader, makeStyles, Text, tokens } from '@fluentui/react-components';
import { ArrowDownloadRegular, ArrowUploadRegular } from '@fluentui/react-icons';
import { AdminUiMessages, SNACKBAR_MS, UiMessages } from '@folio/shared';
import { errorMessage } from '../../../../lib/api-client';
import { PageHeader } from '../../components/page-header';
import { usePageStyles } from '../../components/page.styles';
import { useAdminApi, useNotify } from '../../hooks/admin-services';
import { pickFilesWithInput, useAdminPlatform } from '../../platform';
import { exportBackup, importBackup } from '../api/data.api';
import { backupFileName, downloadJson, isJsonFile } from '../model/backup-file';

const NOTES = AdminUiMessages.dataNotes;

const useStyles = makeStyles({
  card: { padding: tokens.spacingHorizontalL },
  notesCard: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  notes: {
    margin: 0,
    paddingLeft: tokens.spacingHorizontalXL,
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalXS,
  },
});

const duration = SNACKBAR_MS.data;

export function DataPage() {
  const styles = useStyles();
  const page = usePageStyles();
  const api = useAdminApi();
  const notify = useNotify();
  const platform = useAdminPlatform();
  const [busy, setBusy] = useState<'export' | 'import' | null>(null);

  const runExport = async () => {
    setBusy('export');
    try {
      const response = await exportBackup(api);
      downloadJson(backupFileName(), response.data);
      notify(UiMessages.exportSucceeded, 'success', duration);
    } catch (error) {
      notify(UiMessages.exportFailed(errorMessage(error, UiMessages.networkError)), 'error', duration);
    } finally {
      setBusy(null);
    }
  };

  const runImport = async () => {
    const [file] = await (platform.pickFiles ?? pickFilesWithInput)({ accept: 'application/json,.json' });
    if (!file) return;
    if (!isJsonFile(file)) {
      notify(UiMessages.importJsonRequired, 'error', duration);
      return;
    }
    setBusy('import');
    try {
      let backup: unknown;
      try {
        backup = JSON.parse(await file.text());
      } catch {
        throw new Error(AdminUiMessages.invalidJsonFile);
      }
      await importBackup(api, backup);
      notify(UiMessages.importSucceeded, 'success', duration);
    } catch (error) {
      notify(UiMessages.importFailedWith(errorMessage(error, UiMessages.networkError)), 'error', duration);
    } finally {
      setBusy(null);
    }
  };

  return (
    <div className={page.stack}>
      <PageHeader title={AdminUiMessages.tabData} />
      <div className={page.twoColumns}>
        <Card className={styles.card}>
          <CardHeader
            header={<Text weight="semibold">{AdminUiMessages.exportData}</Text>}
            description={<Text size={200}>{AdminUiMessages.exportDescription}</Text>}
          />
          <Button appearance="primary" icon={<ArrowDownloadRegular />} onClick={() => void runExport()} disabled={busy !== null}>
            {busy === 'export' ? AdminUiMessages.exporting : AdminUiMessages.exportData}
          </Button>
        </Card>
        <Card className={styles.card}>
          <CardHeader
            header={<Text weight="semibold">{AdminUiMessages.importData}</Text>}
            description={<Text size={200}>{AdminUiMessages.importDescription}</Text>}
          />
          <Button icon={<ArrowUploadRegular />} onClick={() => void runImport()} disabled={busy !== null}>
            {busy === 'import' ? AdminUiMessages.importing : AdminUiMessages.chooseAndImport}
          </Button>
        </Card>
      </div>
      <section className={`${page.card} ${styles.notesCard}`} aria-label={AdminUiMessages.notes}>
        <Text as="h3" size={400} weight="semibold" className={page.heading}>
          {AdminUiMessages.notes}
        </Text>
        <ul className={styles.notes}>
          {NOTES.map((note) => (
            <li key={note}>
              <Text>{note}</Text>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
