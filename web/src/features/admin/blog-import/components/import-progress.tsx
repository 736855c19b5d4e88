import { Field, makeStyles, ProgressBar, tokens } from '@fluentui/react-components';
import { BlogImportUiMessages as M } from '@folio/shared';
import type { BlogImportJob } from '@folio/shared';
import { formatFileSize } from '../model/file-size';
import type { PhaseView } from '../model/import-job';
import { phaseViews } from '../model/import-job';

const useStyles = makeStyles({
  list: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, margin: 0, padding: 0, listStyleType: 'none' },
  // The count sits in the label row at a fixed place, so a bar never moves when its numbers grow.
  label: { display: 'flex', justifyContent: 'space-between', gap: tokens.spacingHorizontalM, width: '100%' },
  count: { color: tokens.colorNeutralForeground3, fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' },
});

function countText(view: PhaseView): string {
  if (view.state === 'waiting' && view.total === 0) return M.phaseWaiting;
  if (view.total === 0) return view.state === 'done' ? M.phaseDone : M.phaseWorking;
  // Reading counts the file's bytes (server/API.md §E21): shown as a size, not a bare number.
  if (view.phase === 'reading') return M.phaseCount(formatFileSize(view.done), formatFileSize(view.total));
  return M.phaseCount(view.done, view.total);
}

/** One bar per phase of the job (读取, 文章, 评论, 图片, 重定向), each with its done / total. */
export function ImportProgress({ job }: { job: BlogImportJob }) {
  const styles = useStyles();
  const stoppedBadly = job.status === 'failed' || job.status === 'cancelled';
  return (
    <ul className={styles.list} aria-label={M.progressLabel}>
      {phaseViews(job).map((view) => (
        <li key={view.phase} data-testid={`import-phase-${view.phase}`} data-state={view.state}>
          <Field
            label={{
              className: styles.label,
              children: (
                <>
                  <span>{M.phases[view.phase]}</span>
                  <span className={styles.count}>{countText(view)}</span>
                </>
              ),
            }}
          >
            <ProgressBar
              value={view.value}
              max={view.max}
              thickness="large"
              color={stoppedBadly && view.phase === job.phase ? 'error' : view.state === 'done' ? 'success' : 'brand'}
              aria-valuetext={`${M.phases[view.phase]} ${countText(view)}`}
            />
          </Field>
        </li>
      ))}
    </ul>
  );
}
