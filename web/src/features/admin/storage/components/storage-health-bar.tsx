import { makeStyles, MessageBar, MessageBarBody, MessageBarTitle, tokens } from '@fluentui/react-components';
import { formatDateTime } from '../../../../lib/format';
import { useStorageHealth } from '../hooks/use-storage-health';
import { storageWarning } from '../model/storage-warning';

const useStyles = makeStyles({
  bar: { margin: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalL} 0` },
  line: { display: 'block', wordBreak: 'break-word' },
});

/**
 * A warning above every admin screen while the server's disk is full or failing
 * (server/API.md §E15): saves are then refused, and a failed background compaction is answered to no one.
 */
export function StorageHealthBar() {
  const styles = useStyles();
  const warning = storageWarning(useStorageHealth(), formatDateTime);
  if (!warning) return null;
  return (
    <MessageBar intent="warning" layout="multiline" className={styles.bar} data-testid="storage-health">
      <MessageBarBody>
        <MessageBarTitle>{warning.title}</MessageBarTitle>
        {warning.lines.map((line) => (
          <span key={line} className={styles.line}>
            {line}
          </span>
        ))}
      </MessageBarBody>
    </MessageBar>
  );
}
