import { useState } from 'react';
import { Button, Field, Input, makeStyles, Textarea, tokens } from '@fluentui/react-components';
import { ArrowUploadRegular, DismissRegular } from '@fluentui/react-icons';
import { AdminUiMessages, PublicUiMessages, SNACKBAR_MS, tagsAreWellFormed, UiMessages } from '@folio/shared';
import type { ArticleFields } from '@folio/shared';
import { errorMessage } from '../../../../lib/api-client';
import { useAdminApi, useNotify } from '../../hooks/admin-services';
import { pickFilesWithInput, platformFileUrl, useAdminPlatform } from '../../platform';
import { uploadCover } from '../api/articles.api';
import { AiPanel } from './ai-panel';
import { DEFAULT_COVER } from '../model/default-cover';
import { MarkdownEditor } from './markdown-editor';

const useStyles = makeStyles({
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  grid: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 240px), 1fr))',
    gap: tokens.spacingHorizontalM,
    alignItems: 'start',
  },
  cover: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: tokens.spacingHorizontalS },
  coverInput: { flex: 1, minWidth: '180px' },
  thumb: {
    width: '96px',
    height: '54px',
    objectFit: 'cover',
    borderRadius: tokens.borderRadiusMedium,
    border: `1px solid ${tokens.colorNeutralStroke2}`,
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
  const api = useAdminApi();
  const notify = useNotify();
  const platform = useAdminPlatform();
  const [uploading, setUploading] = useState(false);
  const tagsValid = tagsAreWellFormed(value.tags);

  const pickCover = async () => {
    const [file] = await (platform.pickFiles ?? pickFilesWithInput)({ accept: 'image/*' });
    if (!file) return;
    if (!file.type.startsWith('image/')) {
      notify(UiMessages.avatarUploadFailed(AdminUiMessages.imageOnly), 'error', SNACKBAR_MS.articles);
      return;
    }
    setUploading(true);
    try {
      const response = await uploadCover(api, file);
      onChange({ cover: response.data.url });
      notify(UiMessages.avatarUploaded, 'success', SNACKBAR_MS.articles);
    } catch (error) {
      notify(UiMessages.avatarUploadFailed(errorMessage(error, UiMessages.networkError)), 'error', SNACKBAR_MS.articles);
    } finally {
      setUploading(false);
    }
  };

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
      <Field label={AdminUiMessages.coverLabel}>
        <div className={styles.cover}>
          <img
            className={styles.thumb}
            src={value.cover ? platformFileUrl(platform, value.cover) : DEFAULT_COVER}
            alt={AdminUiMessages.coverPreview}
            onError={(event) => {
              if (event.currentTarget.src !== DEFAULT_COVER) event.currentTarget.src = DEFAULT_COVER;
            }}
          />
          <Input
            className={styles.coverInput}
            value={value.cover}
            placeholder={AdminUiMessages.coverPlaceholder}
            aria-label={AdminUiMessages.coverUrl}
            onChange={(_, data) => onChange({ cover: data.value })}
          />
          <Button icon={<ArrowUploadRegular />} onClick={() => void pickCover()} disabled={uploading}>
            {uploading ? AdminUiMessages.uploading : AdminUiMessages.uploadCover}
          </Button>
          {value.cover && (
            <Button
              appearance="subtle"
              icon={<DismissRegular />}
              aria-label={AdminUiMessages.removeCover}
              onClick={() => onChange({ cover: '' })}
            />
          )}
        </div>
      </Field>
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
        />
      </Field>
    </div>
  );
}
