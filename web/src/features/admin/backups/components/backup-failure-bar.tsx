import { useNavigate } from 'react-router-dom';
import {
  Link,
  makeStyles,
  MessageBar,
  MessageBarActions,
  MessageBarBody,
  MessageBarTitle,
  tokens,
} from '@fluentui/react-components';
import { BackupScreenMessages as M } from '@folio/shared';
import { formatDateTime } from '../../../../lib/format';
import { useAdminServices } from '../../hooks/admin-services';
import { useConfirmLeave } from '../../hooks/use-unsaved-changes';
import { useBackupStatus } from '../hooks/use-backup-status';
import { failureToWarnOf, runFailureReason } from '../model/backup-form';

const useStyles = makeStyles({
  bar: { margin: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalL} 0` },
  line: { display: 'block', wordBreak: 'break-word' },
});

/**
 * A warning above every admin screen once the last backup run failed and its retry is over
 * (server/API.md §E22): the site is not being kept safe until the owner looks at 备份.
 */
export function BackupFailureBar() {
  const styles = useStyles();
  const { basePath } = useAdminServices();
  const navigate = useNavigate();
  const confirmLeave = useConfirmLeave();
  const failed = failureToWarnOf(useBackupStatus());
  if (!failed) return null;
  return (
    <MessageBar intent="error" layout="multiline" className={styles.bar} data-testid="backup-failure">
      <MessageBarBody>
        <MessageBarTitle>{M.bannerTitle}</MessageBarTitle>
        <span className={styles.line}>
          {M.bannerBody(formatDateTime(failed.finished_at ?? failed.started_at), runFailureReason(failed))}
        </span>
      </MessageBarBody>
      <MessageBarActions>
        <Link onClick={() => confirmLeave() && navigate(`${basePath}/backups`)}>{M.bannerLink}</Link>
      </MessageBarActions>
    </MessageBar>
  );
}
