import { useMemo, useRef } from 'react';
import type { ReactNode } from 'react';
import { Button, Field, Input, makeStyles, mergeClasses, Text, Textarea, tokens } from '@fluentui/react-components';
import { ChevronDownRegular, ChevronRightRegular, FullScreenMinimizeRegular } from '@fluentui/react-icons';
import { DesktopUiMessages as M, tagsAreWellFormed, tagsFromCommaString, UiMessages } from '@folio/shared';
import type { ArticleFields } from '@folio/shared';
import { useNotifyMessage } from '../app/desktop-notify';
import { useDesktopPlatform } from '../app/desktop-platform';
import { useDesktopSession } from '../app/desktop-session';
import { CoverField, IMAGE_UPLOAD_PATHS, imageUploader, MarkdownEditor, resolveFileUrl, useStoredToggle } from '../web-admin';
import { draftImageUpload } from './draft-image-upload';
import { useFillHeight } from './use-fill-height';

const useStyles = makeStyles({
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  details: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  detailsToggle: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS, minWidth: 0 },
  detailsGist: {
    color: tokens.colorNeutralForeground3,
    minWidth: 0,
    overflow: 'hidden',
    textOverflow: 'ellipsis',
    whiteSpace: 'nowrap',
  },
  grid: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 220px), 1fr))',
    gap: tokens.spacingHorizontalM,
    alignItems: 'start',
  },
  // Focus mode: the text alone over the whole window, in a centred column of reading width.
  focus: {
    position: 'fixed',
    inset: 0,
    zIndex: 100,
    padding: `${tokens.spacingVerticalXXL} ${tokens.spacingHorizontalL}`,
    boxSizing: 'border-box',
    backgroundColor: tokens.colorNeutralBackground1,
  },
  exitFocus: { position: 'fixed', top: tokens.spacingVerticalS, right: tokens.spacingHorizontalS, opacity: 0.6 },
  focusColumn: {
    width: '100%',
    maxWidth: '760px',
    margin: '0 auto',
    // On the window's own background: CodeMirror's dark theme paints a box of its own otherwise.
    '& .cm-editor': { fontSize: '17px', backgroundColor: 'transparent !important' },
    '& .cm-content': { lineHeight: 1.8 },
  },
});

/** What the folded fields hold, in a line, so folding them hides nothing silently. */
function detailsGist(value: ArticleFields): string {
  const tags = tagsFromCommaString(value.tags);
  return [value.category, tags.join('、'), value.summary && M.summary, value.cover && M.columnCover].filter(Boolean).join(' · ');
}

export interface DraftFormProps {
  value: ArticleFields;
  onChange: (patch: Partial<ArticleFields>) => void;
  /** Only the text, over the whole window. */
  focus?: boolean;
  /** Fields that are not the draft's own (the server's 链接名), last among those that fold away. */
  moreDetails?: ReactNode;
  onExitFocus?: () => void;
}

/**
 * The article fields of a draft with the admin's Markdown editor, which gets the rest of the
 * window: 分类/标签/摘要/封面 fold away (the choice is remembered) and focus mode leaves only the text.
 */
export function DraftForm({ value, onChange, focus = false, onExitFocus, moreDetails }: DraftFormProps) {
  const styles = useStyles();
  const tagsValid = tagsAreWellFormed(value.tags);
  const [detailsOpen, setDetailsOpen] = useStoredToggle('folio.editor.detailsOpen', false);
  // Malformed tags stay in view: their error cannot hide behind a fold.
  const showDetails = detailsOpen || !tagsValid;
  const editorWrapper = useRef<HTMLDivElement>(null);
  const editorHeight = useFillHeight(editorWrapper, focus ? 32 : 16);
  const platform = useDesktopPlatform();
  const { online } = useDesktopSession();
  const notify = useNotifyMessage();
  // Through the bridge to the active server. Offline a body image is kept with the draft on this
  // disk (draft-image-upload.ts); a cover waits for the server: its field says so.
  const uploader = online && platform ? platform : null;
  const uploadImage = useMemo(() => draftImageUpload(platform, online), [platform, online]);
  const uploadCover = useMemo(() => (uploader ? imageUploader(uploader, IMAGE_UPLOAD_PATHS.cover) : undefined), [uploader]);
  return (
    <div className={mergeClasses(styles.form, focus && styles.focus)} data-testid={focus ? 'focus-mode' : undefined}>
      {!focus && (
        <Field label={M.title}>
          <Input value={value.title} onChange={(_, data) => onChange({ title: data.value })} />
        </Field>
      )}
      {!focus && showDetails && (
        <div className={styles.details}>
          <div className={styles.grid}>
            <Field label={M.category}>
              <Input value={value.category} onChange={(_, data) => onChange({ category: data.value })} />
            </Field>
            <Field
              label={M.tags}
              validationState={tagsValid ? 'none' : 'error'}
              validationMessage={tagsValid ? undefined : UiMessages.tagsInvalidField}
            >
              <Input value={value.tags} onChange={(_, data) => onChange({ tags: data.value })} />
            </Field>
          </div>
          <CoverField
            label={M.columnCover}
            value={value.cover}
            onChange={(cover) => onChange({ cover })}
            uploadCover={uploadCover}
            previewUrl={(cover) => (platform ? resolveFileUrl(platform.fileBaseUrl ?? platform.apiBaseUrl, cover) : cover)}
            report={notify}
          />
          <Field label={M.summary}>
            <Textarea
              value={value.summary}
              resize="vertical"
              rows={2}
              onChange={(_, data) => onChange({ summary: data.value })}
            />
          </Field>
          {moreDetails}
        </div>
      )}
      {focus && (
        <Button
          className={styles.exitFocus}
          appearance="subtle"
          icon={<FullScreenMinimizeRegular />}
          aria-label={M.exitFocusMode}
          title={M.exitFocusMode}
          onClick={onExitFocus}
        />
      )}
      <div ref={editorWrapper} className={focus ? styles.focusColumn : undefined}>
        <MarkdownEditor
          value={value.content}
          onChange={(content) => onChange({ content })}
          height={editorHeight}
          article={value}
          textOnly={focus}
          uploadImage={uploadImage}
          toolbarStart={
            // Below the fields it unfolds, in the row the preview's switch already takes.
            <div className={styles.detailsToggle}>
              <Button
                appearance="subtle"
                size="small"
                icon={showDetails ? <ChevronDownRegular /> : <ChevronRightRegular />}
                aria-expanded={showDetails}
                title={showDetails ? M.hideDetails : M.showDetails}
                disabled={!tagsValid}
                onClick={() => setDetailsOpen(!detailsOpen)}
              >
                {M.articleDetails}
              </Button>
              {!showDetails && (
                <Text size={200} className={styles.detailsGist}>
                  {detailsGist(value)}
                </Text>
              )}
            </div>
          }
        />
      </div>
    </div>
  );
}
