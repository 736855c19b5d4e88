import {
  Button,
  makeStyles,
  MessageBar,
  MessageBarActions,
  MessageBarBody,
  MessageBarTitle,
  ProgressBar,
  tokens,
} from '@fluentui/react-components';
import { DismissRegular } from '@fluentui/react-icons';
import { AdminUiMessages, UiMessages } from '@folio/shared';
import type { BatchProgress } from '../model/batch-ai';

const useStyles = makeStyles({
  wrap: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS },
  failures: { margin: `${tokens.spacingVerticalXS} 0 0`, paddingLeft: tokens.spacingHorizontalL },
});

export interface BatchAiBannerProps {
  progress: BatchProgress;
  onCancel: () => void;
  onDismiss: () => void;
}

/** The progress banner with 取消 while a batch runs, then its summary with the failed articles. */
export function BatchAiBanner({ progress, onCancel, onDismiss }: BatchAiBannerProps) {
  const styles = useStyles();
  if (progress.running) {
    return (
      <div className={styles.wrap} data-testid="batch-ai-banner">
        <MessageBar intent="info">
          <MessageBarBody>
            {progress.cancelling
              ? AdminUiMessages.batchAiCancelling
              : AdminUiMessages.batchAiRunning(progress.done, progress.total)}
          </MessageBarBody>
          <MessageBarActions>
            <Button onClick={onCancel} disabled={progress.cancelling}>
              {UiMessages.cancel}
            </Button>
          </MessageBarActions>
        </MessageBar>
        <ProgressBar
          value={progress.total ? progress.done / progress.total : 0}
          aria-label={AdminUiMessages.batchAiProgressLabel}
        />
      </div>
    );
  }
  if (!progress.finished) return null;
  const failed = progress.failures.length;
  const summary = progress.cancelled
    ? AdminUiMessages.batchAiCancelled(progress.succeeded, failed)
    : AdminUiMessages.batchAiDone(progress.succeeded, failed);
  return (
    <MessageBar intent={failed > 0 ? 'warning' : 'success'} layout="multiline" data-testid="batch-ai-summary">
      <MessageBarBody>
        <MessageBarTitle>{summary}</MessageBarTitle>
        {failed > 0 && (
          <ul className={styles.failures}>
            {progress.failures.map((failure) => (
              <li key={failure.id}>{`${failure.title}：${failure.reason}`}</li>
            ))}
          </ul>
        )}
      </MessageBarBody>
      <MessageBarActions
        containerAction={
          <Button appearance="transparent" aria-label={AdminUiMessages.close} icon={<DismissRegular />} onClick={onDismiss} />
        }
      />
    </MessageBar>
  );
}
