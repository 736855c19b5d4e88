import { useMemo } from 'react';
import { Field, Input, makeStyles, Textarea, tokens } from '@fluentui/react-components';
import { AdminUiMessages, PublicUiMessages, SNACKBAR_MS, tagsAreWellFormed, UiMessages } from '@folio/shared';
import type { ArticleFields } from '@folio/shared';
import { useNotify } from '../../hooks/admin-services';
import { pickFilesWithInput, platformFileUrl, useAdminPlatform } from '../../platform';
import { fittingUploader, IMAGE_UPLOAD_PATHS, imageUploader } from '../api/image-upload';
import { useUploadLimits } from '../hooks/use-upload-limits';
import { AiPanel } from './ai-panel';
import { CoverField } from './cover-field';
import { MarkdownEditor } from './markdown-editor';

const useStyles = makeStyles({
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  grid: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 240px), 1fr))',
    gap: tokens.spacingHorizontalM,
    alignItems: 'start',
  },
});

export interface ArticleFormProps {
  value: ArticleFields;
  onChange: (patch: Partial<ArticleFields>) => void;
  /** Whether to flag the required fields (after a save attempt). */
  showRequired: boolean;
  editorHeight: string;
}

/** The article fields shared by the edit dialog and the full-page editor. */
export function ArticleForm({ value, onChange, showRequired, editorHeight }: ArticleFormProps) {
  const styles = useStyles();
  const notify = useNotify();
  const platform = useAdminPlatform();
  const tagsValid = tagsAreWellFormed(value.tags);
  const limits = useUploadLimits();
  const uploadImage = useMemo(
    () => fittingUploader(imageUploader(platform, IMAGE_UPLOAD_PATHS.body), limits),
    [platform, limits],
  );
  const uploadCover = useMemo(
    () => fittingUploader(imageUploader(platform, IMAGE_UPLOAD_PATHS.cover), limits),
    [platform, limits],
  );

  return (
    <div className={styles.form}>
      <Field
        label={AdminUiMessages.titleLabel}
        required
        validationMessage={showRequired && !value.title.trim() ? AdminUiMessages.titleRequired : undefined}
      >
        <Input value={value.title} onChange={(_, data) => onChange({ title: data.value })} />
      </Field>
      <div className={styles.grid}>
        <Field label={PublicUiMessages.categoryLabel}>
          <Input value={value.category} onChange={(_, data) => onChange({ category: data.value })} />
        </Field>
        <Field
          label={PublicUiMessages.tagsLabel}
          hint={tagsValid ? AdminUiMessages.tagsHint : undefined}
          validationMessage={tagsValid ? undefined : UiMessages.tagsInvalidField}
        >
          <Input value={value.tags} onChange={(_, data) => onChange({ tags: data.value })} />
        </Field>
      </div>
      <Field label={AdminUiMessages.summaryLabel}>
        <Textarea value={value.summary} rows={2} onChange={(_, data) => onChange({ summary: data.value })} />
      </Field>
      <CoverField
        value={value.cover}
        onChange={(cover) => onChange({ cover })}
        uploadCover={uploadCover}
        previewUrl={(cover) => platformFileUrl(platform, cover)}
        report={(message, intent) => notify(message, intent, SNACKBAR_MS.articles)}
        pickFiles={platform.pickFiles ?? pickFilesWithInput}
      />
      <AiPanel fields={value} onApply={onChange} />
      <Field
        label={AdminUiMessages.markdownBody}
        required
        validationMessage={showRequired && !value.content.trim() ? AdminUiMessages.bodyRequired : undefined}
      >
        <MarkdownEditor
          value={value.content}
          onChange={(content) => onChange({ content })}
          height={editorHeight}
          article={value}
          uploadImage={uploadImage}
        />
      </Field>
    </div>
  );
}
