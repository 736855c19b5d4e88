import { useState } from 'react';
import type { ClipboardEvent, DragEvent } from 'react';
import { Button, Field, Input, makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { ArrowUploadRegular, DismissRegular } from '@fluentui/react-icons';
import { AdminUiMessages, CommonUiMessages, ImageInsertMessages } from '@folio/shared';
import { errorMessage } from '../../../../lib/api-client';
import { pickFilesWithInput } from '../../platform';
import type { PickFilesOptions } from '../../platform';
import type { UploadImage } from '../api/image-upload';
import { DEFAULT_COVER } from '../model/default-cover';
import { pastedFiles } from '../model/image-placeholders';

const useStyles = makeStyles({
  cover: {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    gap: tokens.spacingHorizontalS,
    padding: tokens.spacingVerticalXXS,
    borderRadius: tokens.borderRadiusMedium,
    outline: `1px dashed transparent`,
  },
  over: { outlineColor: tokens.colorBrandStroke1, backgroundColor: tokens.colorBrandBackground2 },
  coverInput: { flex: 1, minWidth: '180px' },
  thumb: {
    width: '96px',
    height: '54px',
    objectFit: 'cover',
    borderRadius: tokens.borderRadiusMedium,
    border: `1px solid ${tokens.colorNeutralStroke2}`,
  },
});

export interface CoverFieldProps {
  value: string;
  onChange: (cover: string) => void;
  /** Uploads to the cover route; without it (no server) a picked image is refused with the reason. */
  uploadCover?: UploadImage;
  /** The URL the preview loads for a cover path (the desktop serves the server's files itself). */
  previewUrl: (cover: string) => string;
  /** How the outcome of an upload is told (a toast). */
  report: (message: string, intent: 'success' | 'error') => void;
  pickFiles?: (options: PickFilesOptions) => Promise<File[]>;
  label?: string;
}

function carriesFiles(event: DragEvent): boolean {
  return Array.from(event.dataTransfer.types).includes('Files');
}

/**
 * 封面 with its preview: an address typed in, or an image picked (上传封面), dropped on the field or
 * pasted into it, uploaded to the cover route (server/API.md §9.8) with its progress on the button.
 */
export function CoverField({
  value,
  onChange,
  uploadCover,
  previewUrl,
  report,
  pickFiles = pickFilesWithInput,
  label = AdminUiMessages.coverLabel,
}: CoverFieldProps) {
  const styles = useStyles();
  const [percent, setPercent] = useState<number | null>(null);
  const [over, setOver] = useState(false);

  const upload = async (file: File | undefined) => {
    if (!file) return;
    if (!file.type.startsWith('image/')) return report(ImageInsertMessages.notImage(file.name), 'error');
    if (!uploadCover) return report(ImageInsertMessages.coverFailed(ImageInsertMessages.noServer), 'error');
    setPercent(0);
    try {
      onChange(await uploadCover(file, (fraction) => setPercent(Math.round(fraction * 100))));
      report(ImageInsertMessages.coverUploaded, 'success');
    } catch (error) {
      report(ImageInsertMessages.coverFailed(errorMessage(error, CommonUiMessages.networkError)), 'error');
    } finally {
      setPercent(null);
    }
  };

  const onDrop = (event: DragEvent) => {
    if (!carriesFiles(event)) return;
    // Taken here: the desktop's window-wide drop (本地导入) leaves a prevented drop alone.
    event.preventDefault();
    setOver(false);
    void upload(event.dataTransfer.files[0]);
  };
  const onPaste = (event: ClipboardEvent) => {
    const [file] = pastedFiles(event.clipboardData);
    if (!file) return; // Text pasted into the address stays text.
    event.preventDefault();
    void upload(file);
  };

  return (
    <Field label={label} hint={ImageInsertMessages.coverDropHint}>
      <div
        className={mergeClasses(styles.cover, over && styles.over)}
        data-testid="cover-field"
        onDragOver={(event) => {
          if (!carriesFiles(event)) return;
          event.preventDefault();
          setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={onDrop}
        onPaste={onPaste}
      >
        <img
          className={styles.thumb}
          src={value ? previewUrl(value) : DEFAULT_COVER}
          alt={AdminUiMessages.coverPreview}
          onError={(event) => {
            if (event.currentTarget.src !== DEFAULT_COVER) event.currentTarget.src = DEFAULT_COVER;
          }}
        />
        <Input
          className={styles.coverInput}
          value={value}
          placeholder={AdminUiMessages.coverPlaceholder}
          aria-label={AdminUiMessages.coverUrl}
          onChange={(_, data) => onChange(data.value)}
        />
        <Button
          icon={<ArrowUploadRegular />}
          disabled={percent !== null}
          onClick={() => void pickFiles({ accept: 'image/*' }).then(([file]) => upload(file))}
        >
          {percent === null ? AdminUiMessages.uploadCover : `${AdminUiMessages.uploading} ${percent}%`}
        </Button>
        {value && (
          <Button
            appearance="subtle"
            icon={<DismissRegular />}
            aria-label={AdminUiMessages.removeCover}
            onClick={() => onChange('')}
          />
        )}
      </div>
    </Field>
  );
}
