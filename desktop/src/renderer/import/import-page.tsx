import { useCallback, useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import {
  Button,
  Field,
  makeStyles,
  MessageBar,
  MessageBarBody,
  ProgressBar,
  Spinner,
  Text,
  tokens,
} from '@fluentui/react-components';
import { ArrowUploadRegular, DismissRegular, DocumentAddRegular, FolderOpenRegular } from '@fluentui/react-icons';
import { DesktopUiMessages as M } from '@folio/shared';
import type { ImportReport, ImportScan } from '../../channels';
import { useNotifyMessage } from '../app/desktop-notify';
import { useDesktopSession } from '../app/desktop-session';
import { useDiagramDrawing } from '../app/use-diagram-drawing';
import { call, folioBridge } from '../bridge/folio-bridge';
import { DesktopPage } from '../components/desktop-page';
import { EmptyState, usePageStyles } from '../web-admin';
import type { DuplicateChoice } from './import-preview-table';
import { ImportPreviewTable } from './import-preview-table';
import { ImportReportTable } from './import-report-table';
import { canSelect, defaultSelection } from './import-selection';

type Phase =
  | { kind: 'pick' }
  | { kind: 'scanning' }
  | { kind: 'preview'; scan: ImportScan }
  | { kind: 'running'; scan: ImportScan; done: number; total: number; current: string | null; cancelling: boolean }
  | { kind: 'report'; scan: ImportScan; report: ImportReport };

const useStyles = makeStyles({
  dropZone: {
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'center',
    justifyContent: 'center',
    gap: tokens.spacingVerticalM,
    minHeight: '220px',
    padding: tokens.spacingHorizontalXXL,
    border: `2px dashed ${tokens.colorNeutralStroke1}`,
    borderRadius: tokens.borderRadiusLarge,
    textAlign: 'center',
  },
  current: { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', color: tokens.colorNeutralForeground3 },
});

function droppedPathsOf(state: unknown): string[] | null {
  if (state && typeof state === 'object' && 'droppedPaths' in state && Array.isArray(state.droppedPaths)) {
    const paths: unknown[] = state.droppedPaths;
    return paths.filter((path): path is string => typeof path === 'string');
  }
  return null;
}

function withPath(paths: ReadonlySet<string>, path: string, on: boolean): Set<string> {
  const next = new Set(paths);
  if (on) next.add(path);
  else next.delete(path);
  return next;
}

/** 本地导入: pick or drop Markdown files and folders, check the preview, import, read the report. */
export default function ImportPage() {
  const page = usePageStyles();
  const styles = useStyles();
  const notify = useNotifyMessage();
  const drawDiagrams = useDiagramDrawing();
  const location = useLocation();
  const navigate = useNavigate();
  const { online } = useDesktopSession();
  const [phase, setPhase] = useState<Phase>({ kind: 'pick' });
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [choices, setChoices] = useState<Record<string, DuplicateChoice>>({});
  const [accepted, setAccepted] = useState<Set<string>>(new Set());
  const [error, setError] = useState('');
  const phaseRef = useRef(phase);
  phaseRef.current = phase;

  const scan = useCallback(async (paths: string[]) => {
    if (paths.length === 0) return;
    setError('');
    setPhase({ kind: 'scanning' });
    try {
      const result = await call(folioBridge().folderImport.scan({ paths }));
      setSelected(defaultSelection(result.candidates));
      setChoices({});
      setAccepted(new Set());
      setPhase({ kind: 'preview', scan: result });
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
      setPhase({ kind: 'pick' });
    }
  }, []);

  // Files dropped on the window (on any screen) arrive here through the location state.
  useEffect(() => {
    const dropped = droppedPathsOf(location.state);
    if (!dropped) return;
    navigate('/import', { replace: true, state: null });
    if (phaseRef.current.kind !== 'running') void scan(dropped);
  }, [location.state, navigate, scan]);

  useEffect(
    () =>
      folioBridge().on('folderImport.progress', (progress) => {
        setPhase((current) =>
          current.kind === 'running'
            ? { ...current, done: progress.done, total: progress.total, current: progress.current }
            : current,
        );
      }),
    [],
  );

  const pick = async (kind: 'files' | 'folder') => {
    setError('');
    try {
      const bridge = folioBridge();
      const { paths } = await call(kind === 'files' ? bridge.folderImport.pickFiles() : bridge.folderImport.pickFolder());
      await scan(paths);
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
    }
  };

  const run = async (importScan: ImportScan) => {
    const items = importScan.candidates
      .filter((candidate) => canSelect(candidate, accepted) && selected.has(candidate.path))
      .map((candidate) => ({
        path: candidate.path,
        onDuplicate: choices[candidate.path] ?? 'skip',
        acceptMissingImages: accepted.has(candidate.path),
      }));
    const total = items.length;
    setError('');
    setPhase({ kind: 'running', scan: importScan, done: 0, total, current: null, cancelling: false });
    try {
      const report = await call(folioBridge().folderImport.run({ scanId: importScan.scanId, items }));
      setPhase({ kind: 'report', scan: importScan, report });
      drawDiagrams(report.files.flatMap((file) => (file.articleId !== null && file.status !== 'failed' ? [file.articleId] : [])));
      notify(M.importFinished);
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
      setPhase({ kind: 'preview', scan: importScan });
    }
  };

  const cancel = async () => {
    setPhase((current) => (current.kind === 'running' ? { ...current, cancelling: true } : current));
    await folioBridge().folderImport.cancel();
  };

  const selectedCount =
    phase.kind === 'preview'
      ? phase.scan.candidates.filter(
          (candidate) =>
            canSelect(candidate, accepted) &&
            selected.has(candidate.path) &&
            (!candidate.duplicateOf || (choices[candidate.path] ?? 'skip') !== 'skip'),
        ).length
      : 0;

  return (
    <DesktopPage title={M.importTitle}>
      <div className={page.stack}>
        <Text className={page.muted}>{M.importIntro}</Text>
        {!online && (
          <MessageBar intent="warning">
            <MessageBarBody>{M.importNeedsOnline}</MessageBarBody>
          </MessageBar>
        )}
        {error && (
          <MessageBar intent="error" role="alert">
            <MessageBarBody>{error}</MessageBarBody>
          </MessageBar>
        )}

        {phase.kind === 'pick' && (
          <section className={`${page.card} ${styles.dropZone}`} aria-label={M.importTitle}>
            <div className={page.row}>
              <Button appearance="primary" icon={<DocumentAddRegular />} onClick={() => void pick('files')}>
                {M.pickFiles}
              </Button>
              <Button icon={<FolderOpenRegular />} onClick={() => void pick('folder')}>
                {M.pickFolder}
              </Button>
            </div>
            <Text className={page.muted}>{M.dropHint}</Text>
          </section>
        )}

        {phase.kind === 'scanning' && <Spinner label={M.scanning} />}

        {phase.kind === 'preview' && (
          <section className={`${page.card} ${page.stack}`}>
            {phase.scan.candidates.length === 0 ? (
              <EmptyState text={M.nothingFound} />
            ) : (
              <ImportPreviewTable
                candidates={phase.scan.candidates}
                selected={selected}
                choices={choices}
                accepted={accepted}
                onToggle={(path, on) => setSelected((current) => withPath(current, path, on))}
                onAccept={(path, on) => {
                  // Accepting the broken links ticks the file; taking it back unticks it.
                  setAccepted((current) => withPath(current, path, on));
                  setSelected((current) => withPath(current, path, on));
                }}
                onToggleAll={(on) =>
                  setSelected(
                    on
                      ? new Set(
                          phase.scan.candidates
                            .filter((candidate) => canSelect(candidate, accepted))
                            .map((candidate) => candidate.path),
                        )
                      : new Set(),
                  )
                }
                onChoose={(path, choice) => setChoices((current) => ({ ...current, [path]: choice }))}
              />
            )}
            <div className={page.row}>
              <Button
                appearance="primary"
                icon={<ArrowUploadRegular />}
                disabled={selectedCount === 0 || !online}
                onClick={() => void run(phase.scan)}
              >
                {M.startImport(selectedCount)}
              </Button>
              <Button onClick={() => setPhase({ kind: 'pick' })}>{M.importAgain}</Button>
            </div>
          </section>
        )}

        {phase.kind === 'running' && (
          <section className={`${page.card} ${page.stack}`} aria-label={M.importing(phase.done, phase.total)}>
            <Field label={M.importing(phase.done, phase.total)} validationState="none">
              <ProgressBar value={phase.total === 0 ? 0 : phase.done / phase.total} thickness="large" />
            </Field>
            <Text size={200} className={styles.current}>
              {phase.cancelling ? M.cancelling : (phase.current ?? '')}
            </Text>
            <div className={page.row}>
              <Button icon={<DismissRegular />} disabled={phase.cancelling} onClick={() => void cancel()}>
                {M.cancelImport}
              </Button>
            </div>
          </section>
        )}

        {phase.kind === 'report' && (
          <section className={`${page.card} ${page.stack}`} aria-label={M.importReport}>
            <Text as="h3" size={500} weight="semibold" className={page.heading}>
              {M.importReport}
            </Text>
            <MessageBar intent={phase.report.counts.failed > 0 || phase.report.cancelled ? 'warning' : 'success'}>
              <MessageBarBody data-testid="import-summary">
                {phase.report.message}
                {phase.report.cancelled ? `（${M.resultCancelled}）` : ''}
              </MessageBarBody>
            </MessageBar>
            <ImportReportTable report={phase.report} />
            <div className={page.row}>
              <Button onClick={() => setPhase({ kind: 'pick' })}>{M.importAgain}</Button>
            </div>
          </section>
        )}
      </div>
    </DesktopPage>
  );
}
