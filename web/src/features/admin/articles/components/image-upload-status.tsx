import { Button, makeStyles, mergeClasses, ProgressBar, Text, tokens } from '@fluentui/react-components';
import { DismissRegular } from '@fluentui/react-icons';
import { ImageInsertMessages } from '@folio/shared';
import type { UploadProgress } from '../hooks/use-image-insert';

const useStyles = makeStyles({
  // Over the foot of the editor's pane, not below it: the desktop sizes the editor to fill the
  // window, and a line added under it would push the page into scrolling.
  status: {
    position: 'absolute',
    left: tokens.spacingHorizontalS,
    right: tokens.spacingHorizontalS,
    bottom: tokens.spacingVerticalS,
    zIndex: 1,
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalXS,
    pointerEvents: 'none',
  },
  card: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalXXS,
    padding: `${tokens.spacingVerticalXS} ${tokens.spacingHorizontalS}`,
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground1,
    boxShadow: tokens.shadow4,
    pointerEvents: 'auto',
  },
  problem: { flexDirection: 'row', alignItems: 'center', color: tokens.colorPaletteRedForeground1 },
});

export interface ImageUploadStatusProps {
  uploads: UploadProgress[];
  problem: string | null;
  onDismissProblem: () => void;
}

/** Over the foot of the body: how far each image being uploaded has gone, and why the last refused one was refused. */
export function ImageUploadStatus({ uploads, problem, onDismissProblem }: ImageUploadStatusProps) {
  const styles = useStyles();
  const average = uploads.reduce((sum, item) => sum + item.percent, 0) / Math.max(1, uploads.length) / 100;
  if (uploads.length === 0 && !problem) return null;
  return (
    <div className={styles.status}>
      {uploads.length > 0 && (
        <div className={styles.card} role="status" data-testid="image-upload-progress">
          <Text size={200}>
            {ImageInsertMessages.uploadingCount(uploads.length)}
            {uploads.map((item) => ImageInsertMessages.progress(item.name, item.percent)).join('、')}
          </Text>
          <ProgressBar value={average} thickness="medium" />
        </div>
      )}
      {problem && (
        <div className={mergeClasses(styles.card, styles.problem)} role="alert" data-testid="image-upload-problem">
          <Text size={200}>{problem}</Text>
          <Button
            appearance="subtle"
            size="small"
            icon={<DismissRegular />}
            aria-label={ImageInsertMessages.dismiss}
            onClick={onDismissProblem}
          />
        </div>
      )}
    </div>
  );
}
