import { useId, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import {
  Button,
  makeStyles,
  mergeClasses,
  MessageBar,
  MessageBarBody,
  MessageBarTitle,
  Text,
  tokens,
} from '@fluentui/react-components';
import { ArrowImportRegular, DismissRegular, DocumentBulletListRegular } from '@fluentui/react-icons';
import { BlogImportUiMessages as M, SNACKBAR_MS } from '@folio/shared';
import type { BlogImportJob } from '@folio/shared';
import { errorMessage } from '../../../../lib/api-client';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { usePageStyles } from '../../components/page.styles';
import { useAdminApi, useAdminServices, useNotify } from '../../hooks/admin-services';
import { cancelBlogImport } from '../api/blog-import.api';
import { addedNothing } from '../model/import-job';
import { ImportProgress } from './import-progress';
import { ImportReport } from './import-report';

const useStyles = makeStyles({
  card: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, maxWidth: '720px' },
  meta: { display: 'flex', flexWrap: 'wrap', gap: `0 ${tokens.spacingHorizontalL}`, color: tokens.colorNeutralForeground3 },
  fileName: { overflowWrap: 'anywhere' },
  muted: { color: tokens.colorNeutralForeground3 },
  // Always in the page while a job is shown, so the outcome written into it is announced.
  outcome: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, maxWidth: '720px' },
  report: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL, maxWidth: '720px' },
});

function Outcome({ job }: { job: BlogImportJob }) {
  const { report } = job;
  if (job.status === 'running') return null;
  if (job.status === 'cancelled') {
    return (
      <MessageBar intent="info" data-testid="import-outcome">
        <MessageBarBody>
          <MessageBarTitle>{M.cancelled}</MessageBarTitle>
        </MessageBarBody>
      </MessageBar>
    );
  }
  if (job.status === 'failed') {
    return (
      <MessageBar intent="error" data-testid="import-outcome">
        <MessageBarBody>
          <MessageBarTitle>{M.failed}</MessageBarTitle>
          {job.error ?? M.failed} {M.nothingChanged}
        </MessageBarBody>
      </MessageBar>
    );
  }
  const nothingNew = addedNothing(report);
  const present = report.articles_already_present + report.comments_already_present;
  return (
    <MessageBar intent={nothingNew ? 'info' : 'success'} data-testid="import-outcome">
      <MessageBarBody>
        <MessageBarTitle>{M.succeeded}</MessageBarTitle>
        {nothingNew
          ? M.nothingNew
          : M.succeededSummary(report.articles_imported, report.pages_imported, report.comments_imported)}
        {!nothingNew && present > 0 && ` ${M.somePresent(report.articles_already_present, report.comments_already_present)}`}
      </MessageBarBody>
    </MessageBar>
  );
}

export interface ImportJobViewProps {
  job: BlogImportJob;
  /** The uploaded file's name, when this screen started the job (not after a reload). */
  fileName: string | null;
  progressFailed: boolean;
  onCancelled(job: BlogImportJob): void;
  onImportAnother(): void;
}

/** A job running (its bars and 取消) or ended (the outcome and, when it succeeded, the report). */
export function ImportJobView({ job, fileName, progressFailed, onCancelled, onImportAnother }: ImportJobViewProps) {
  const styles = useStyles();
  const page = usePageStyles();
  const api = useAdminApi();
  const notify = useNotify();
  const { basePath } = useAdminServices();
  const navigate = useNavigate();
  const [confirming, setConfirming] = useState(false);
  const [cancelling, setCancelling] = useState(false);
  const running = job.status === 'running';
  const titleId = useId();

  const cancel = async () => {
    setCancelling(true);
    try {
      onCancelled(await cancelBlogImport(api, job.id));
    } catch (error) {
      notify(`${M.cancelFailed}：${errorMessage(error, M.cancelFailed)}`, 'error', SNACKBAR_MS.data);
    } finally {
      setCancelling(false);
      setConfirming(false);
    }
  };

  return (
    <>
      <section className={mergeClasses(page.card, styles.card)} aria-labelledby={titleId} data-testid="import-job">
        <Text as="h3" id={titleId} size={400} weight="semibold" className={page.heading}>
          {running ? M.runningTitle : job.status === 'succeeded' ? M.succeeded : job.status === 'failed' ? M.failed : M.cancelled}
        </Text>
        {(fileName || job.report.format) && (
          <div className={styles.meta}>
            {fileName && <Text className={styles.fileName}>{M.runningFile(fileName)}</Text>}
            {job.report.format && <Text>{M.formatDetected(M.format[job.report.format])}</Text>}
          </div>
        )}
        <ImportProgress job={job} />
        {running && (
          <>
            <Text size={200} className={styles.muted}>
              {progressFailed ? M.progressFailed : M.runningHint}
            </Text>
            <div className={page.row}>
              <Button icon={<DismissRegular />} onClick={() => setConfirming(true)} disabled={cancelling}>
                {cancelling ? M.cancelling : M.cancel}
              </Button>
            </div>
          </>
        )}
      </section>
      <div className={styles.outcome} role="status" aria-live="polite" aria-atomic="true">
        <Outcome job={job} />
      </div>
      {!running && (
        <>
          {job.status === 'succeeded' && (
            <div className={styles.report}>
              <ImportReport report={job.report} />
            </div>
          )}
          <div className={page.row}>
            <Button appearance="primary" icon={<ArrowImportRegular />} onClick={onImportAnother}>
              {M.importAnother}
            </Button>
            {job.status === 'succeeded' && (
              <Button icon={<DocumentBulletListRegular />} onClick={() => navigate(`${basePath}/articles`)}>
                {M.viewArticles}
              </Button>
            )}
          </div>
        </>
      )}
      <ConfirmDialog
        open={confirming}
        title={M.cancelTitle}
        confirmLabel={M.cancelConfirm}
        cancelLabel={M.cancelKeep}
        busy={cancelling}
        onConfirm={() => void cancel()}
        onCancel={() => setConfirming(false)}
      >
        {M.cancelBody}
      </ConfirmDialog>
    </>
  );
}
