import { useState } from 'react';
import { Button, Card, CardHeader, makeStyles, Text, tokens } from '@fluentui/react-components';
import { ArrowDownloadRegular, ArrowUploadRegular } from '@fluentui/react-icons';
import { SNACKBAR_MS, UiMessages } from '@folio/shared';
import { errorMessage } from '../../../../lib/api-client';
import { PageHeader } from '../../components/page-header';
import { usePageStyles } from '../../components/page.styles';
import { useAdminApi, useNotify } from '../../hooks/admin-services';
import { pickFilesWithInput, useAdminPlatform } from '../../platform';
import { exportBackup, importBackup } from '../api/data.api';
import { backupFileName, downloadJson, isJsonFile } from './backup-file';

const NOTES = [
  '请定期导出数据进行备份',
  '导入会覆盖同名（同 id）的已有数据，其他数据保持不变',
  '导入文件必须是格式正确的 JSON 备份文件',
  '数据量较大时导入可能需要较长时间，请耐心等待',
  '回收站中的文章不会被导出',
];

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
        throw new Error('文件不是合法的JSON');
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
      <PageHeader title="数据管理" />
      <div className={page.twoColumns}>
        <Card className={styles.card}>
          <CardHeader
            header={<Text weight="semibold">导出数据</Text>}
            description={<Text size={200}>将全部站点数据（含图片）下载为一个 JSON 备份文件。</Text>}
          />
          <Button appearance="primary" icon={<ArrowDownloadRegular />} onClick={() => void runExport()} disabled={busy !== null}>
            {busy === 'export' ? '导出中...' : '导出数据'}
          </Button>
        </Card>
        <Card className={styles.card}>
          <CardHeader
            header={<Text weight="semibold">导入数据</Text>}
            description={<Text size={200}>从 JSON 备份文件恢复站点数据。</Text>}
          />
          <Button icon={<ArrowUploadRegular />} onClick={() => void runImport()} disabled={busy !== null}>
            {busy === 'import' ? '导入中...' : '选择文件并导入'}
          </Button>
        </Card>
      </div>
      <section className={`${page.card} ${styles.notesCard}`} aria-label="注意事项">
        <Text as="h3" size={400} weight="semibold" className={page.heading}>
          注意事项
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
