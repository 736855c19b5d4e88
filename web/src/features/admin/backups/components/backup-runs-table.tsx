import {
  Badge,
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
import { CheckmarkCircleRegular, LockClosedRegular } from '@fluentui/react-icons';
import { BackupScreenMessages as M } from '@folio/shared';
import type { BackupRun, BackupRunStatus } from '@folio/shared';
import { formatDateTime } from '../../../../lib/format';
import { usePageStyles } from '../../components/page.styles';
import { formatBackupSize } from '../model/backup-form';

const useStyles = makeStyles({
  scroll: { overflowX: 'auto' },
  table: { minWidth: '640px' },
  time: { width: '170px' },
  narrow: { width: '96px' },
  targets: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalXXS,
    margin: 0,
    padding: 0,
    listStyleType: 'none',
  },
  target: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: tokens.spacingHorizontalXS },
  error: { color: tokens.colorPaletteRedForeground1, wordBreak: 'break-word' },
  verified: { color: tokens.colorPaletteGreenForeground1, display: 'inline-flex', alignItems: 'center', gap: '2px' },
});

const STATUS_COLORS: Record<BackupRunStatus | 'pending', 'success' | 'danger' | 'informative'> = {
  succeeded: 'success',
  failed: 'danger',
  running: 'informative',
  pending: 'informative',
};

/** The runs (server/API.md §E22): when, why, how big, and each target's result with its error. */
export function BackupRunsTable({ runs }: { runs: BackupRun[] }) {
  const styles = useStyles();
  const page = usePageStyles();
  if (runs.length === 0) return <Text className={page.muted}>{M.runsEmpty}</Text>;
  return (
    <div className={styles.scroll}>
      <Table className={styles.table} size="small" aria-label={M.runsHeading}>
        <TableHeader>
          <TableRow>
            <TableHeaderCell className={styles.time}>{M.runTime}</TableHeaderCell>
            <TableHeaderCell className={styles.narrow}>{M.runTrigger}</TableHeaderCell>
            <TableHeaderCell className={styles.narrow}>{M.runStatus}</TableHeaderCell>
            <TableHeaderCell className={styles.narrow}>{M.runSize}</TableHeaderCell>
            <TableHeaderCell>{M.runTargets}</TableHeaderCell>
          </TableRow>
        </TableHeader>
        <TableBody>
          {runs.map((run) => (
            <TableRow key={run.id} data-testid="backup-run" data-status={run.status}>
              <TableCell>{formatDateTime(run.started_at)}</TableCell>
              <TableCell>{M.triggers[run.trigger]}</TableCell>
              <TableCell>
                <Badge appearance="tint" color={STATUS_COLORS[run.status]}>
                  {M.statuses[run.status]}
                </Badge>
                {run.encrypted && <LockClosedRegular aria-label={M.encrypted} />}
              </TableCell>
              <TableCell>{formatBackupSize(run.size)}</TableCell>
              <TableCell>
                <ul className={styles.targets}>
                  {run.targets.map((result) => (
                    <li key={result.target} className={styles.target}>
                      <Text weight="semibold">{result.target}</Text>
                      <Badge appearance="outline" color={STATUS_COLORS[result.status]}>
                        {M.targetStatuses[result.status]}
                      </Badge>
                      {result.verified && (
                        <span className={styles.verified}>
                          <CheckmarkCircleRegular aria-hidden="true" />
                          <Text size={200}>{M.verified}</Text>
                        </span>
                      )}
                      {result.error && (
                        <Text size={200} className={styles.error}>
                          {result.error}
                        </Text>
                      )}
                    </li>
                  ))}
                </ul>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </div>
  );
}
