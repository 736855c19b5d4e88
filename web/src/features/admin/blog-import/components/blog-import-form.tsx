import { useId, useState } from 'react';
import type { FormEvent } from 'react';
import {
  Button,
  Field,
  Input,
  makeStyles,
  mergeClasses,
  MessageBar,
  MessageBarBody,
  MessageBarTitle,
  Text,
  tokens,
} from '@fluentui/react-components';
import { ArrowUploadRegular, DocumentRegular } from '@fluentui/react-icons';
import { BlogImportUiMessages as M } from '@folio/shared';
import type { BlogImportJob } from '@folio/shared';
import { errorMessage } from '../../../../lib/api-client';
import { usePageStyles } from '../../components/page.styles';
import { useAdminApi } from '../../hooks/admin-services';
import { pickFilesWithInput, useAdminPlatform } from '../../platform';
import { startBlogImport } from '../api/blog-import.api';
import type { BlogImportFields } from '../model/import-job';
import { importOptionsFrom } from '../model/import-job';
import { formatFileSize } from '../model/file-size';

/** Any file: the server tells WXR, Ghost JSON and a zip apart by content; this only helps the picker. */
const ACCEPT = '.xml,.json,.zip,application/xml,text/xml,application/json,application/zip';

const useStyles = makeStyles({
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL, maxWidth: '720px' },
  file: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS },
  fileRow: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: tokens.spacingHorizontalM, minWidth: 0 },
  fileName: { overflowWrap: 'anywhere', minWidth: 0 },
  hint: { color: tokens.colorNeutralForeground3 },
  required: { color: tokens.colorPaletteRedForeground1 },
});

export interface BlogImportFormProps {
  /** The import started: the job as the server answered, and the file's name to show. */
  onStarted(job: BlogImportJob, fileName: string): void;
}

/** The file and the three options of 导入博客, and 开始导入 (server/API.md §E21). */
export function BlogImportForm({ onStarted }: BlogImportFormProps) {
  const styles = useStyles();
  const page = usePageStyles();
  const api = useAdminApi();
  const platform = useAdminPlatform();
  const ids = { label: useId(), hint: useId(), chosen: useId() };
  const [file, setFile] = useState<File | null>(null);
  const [fields, setFields] = useState<BlogImportFields>({ siteUrl: '', pagesCategory: '', permalink: '' });
  const [fileMissing, setFileMissing] = useState(false);
  const [uploading, setUploading] = useState(false);
  const [startError, setStartError] = useState<string | null>(null);

  const chooseFile = async () => {
    const [picked] = await (platform.pickFiles ?? pickFilesWithInput)({ accept: ACCEPT });
    if (!picked) return;
    setFile(picked);
    setFileMissing(false);
    setStartError(null);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!file) {
      setFileMissing(true);
      return;
    }
    setUploading(true);
    setStartError(null);
    try {
      onStarted(await startBlogImport(api, file, importOptionsFrom(fields)), file.name);
    } catch (error) {
      setStartError(errorMessage(error, M.startFailed));
      setUploading(false);
    }
  };

  const field = (key: keyof BlogImportFields) => ({
    value: fields[key],
    onChange: (_: unknown, data: { value: string }) => setFields((current) => ({ ...current, [key]: data.value })),
    disabled: uploading,
  });

  return (
    <form className={mergeClasses(page.card, styles.form)} onSubmit={(event) => void submit(event)} noValidate>
      <div className={styles.file} role="group" aria-labelledby={ids.label} aria-describedby={ids.hint}>
        <Text id={ids.label} weight="semibold">
          {M.fileLabel}
        </Text>
        <div className={styles.fileRow}>
          <Button icon={<DocumentRegular />} onClick={() => void chooseFile()} disabled={uploading} aria-describedby={ids.chosen}>
            {file ? M.chooseAnotherFile : M.chooseFile}
          </Button>
          <Text id={ids.chosen} className={styles.fileName} data-testid="blog-import-file">
            {file ? `${file.name}（${M.fileSize(formatFileSize(file.size))}）` : M.noFile}
          </Text>
        </div>
        {fileMissing && (
          <Text role="alert" className={styles.required}>
            {M.fileRequired}
          </Text>
        )}
        <Text id={ids.hint} size={200} className={styles.hint}>
          {M.fileHint}
        </Text>
      </div>
      <Field label={M.siteUrl} hint={M.siteUrlHint}>
        <Input type="url" inputMode="url" placeholder={M.siteUrlPlaceholder} {...field('siteUrl')} />
      </Field>
      <Field label={M.pagesCategory} hint={M.pagesCategoryHint}>
        <Input placeholder={M.pagesCategoryPlaceholder} {...field('pagesCategory')} />
      </Field>
      <Field label={M.permalink} hint={M.permalinkHint}>
        <Input placeholder={M.permalinkPlaceholder} {...field('permalink')} />
      </Field>
      {startError && (
        <MessageBar intent="error" role="alert">
          <MessageBarBody>
            <MessageBarTitle>{M.startFailed}</MessageBarTitle>
            {startError} {M.nothingChanged}
          </MessageBarBody>
        </MessageBar>
      )}
      <div className={page.row}>
        <Button type="submit" appearance="primary" icon={<ArrowUploadRegular />} disabled={uploading}>
          {uploading ? M.uploading : M.start}
        </Button>
      </div>
    </form>
  );
}
