import { Button, makeStyles, ProgressBar, Text, tokens } from '@fluentui/react-components';
import { DismissRegular } from '@fluentui/react-icons';
import { ImageInsertMessages } from '@folio/shared';
import type { UploadProgress } from '../hooks/use-image-insert';

const useStyles = makeStyles({
  line: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXXS },
  problem: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS, color: tokens.colorPaletteRedForeground1 },
});

export interface ImageUploadStatusProps {
  uploads: UploadProgress[];
  problem: string | null;
  onDismissProblem: () => void;
}

/** Under the body: how far each image being uploaded has gone, and why the last refused one was refused. */
export function ImageUploadStatus({ uploads, problem, onDismissProblem }: ImageUploadStatusProps) {
  const styles = useStyles();
  const average = uploads.reduce((sum, item) => sum + item.percent, 0) / Math.max(1, uploads.length) / 100;
  return (
    <>
      {uploads.length > 0 && (
        <div className={styles.line} role="status" data-testid="image-upload-progress">
          <Text size={200}>
            {ImageInsertMessages.uploadingCount(uploads.length)}
            {uploads.map((item) => ImageInsertMessages.progress(item.name, item.percent)).join('、')}
          </Text>
          <ProgressBar value={average} thickness="medium" />
        </div>
      )}
      {problem && (
        <div className={styles.problem} role="alert" data-testid="image-upload-problem">
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
    </>
  );
}
