import { Suspense, useCallback, useEffect, useMemo, useRef } from 'react';
import type { ReactNode } from 'react';
import CodeMirror, { EditorState, EditorView } from '@uiw/react-codemirror';
import { markdown } from '@codemirror/lang-markdown';
import { search } from '@codemirror/search';
import { Button, FieldContextProvider, makeStyles, mergeClasses, Switch, tokens } from '@fluentui/react-components';
import { ImageAddRegular } from '@fluentui/react-icons';
import {
  AdminUiMessages,
  EditorSearchPhrases,
  ImageInsertMessages,
  MARKDOWN_PREVIEW_DEBOUNCE_MS,
  tagsFromCommaString,
} from '@folio/shared';
import { ArticleHeading, ArticleSummary, articleSheetClass } from '../../../../components/article/article-sheet';
import { MarkdownView } from '../../../../lib/markdown';
import { loadAllCodeLanguages } from '../../../../lib/markdown/prism-highlight';
import { previewScrollTopFor } from '../../../../lib/markdown/scroll-sync';
import { useDebouncedValue } from '../../hooks/use-debounced-value';
import { useMediaQuery } from '../../../../lib/use-media-query';
import { useStoredToggle } from '../../../../lib/use-stored-toggle';
import { pickFilesWithInput } from '../../platform';
import type { UploadImage } from '../api/image-upload';
import { useImageInsert } from '../hooks/use-image-insert';
import { markdownFormatKeys } from '../model/markdown-keys';
import { ImageUploadStatus } from './image-upload-status';
import { ReadingLengthCounter } from './reading-length-counter';

// search() here, not added when Ctrl+F first opens the panel: a re-render that reconfigures the
// editor keeps only its own setup, and would close a panel opened on top of it. In Chinese.
const extensions = [
  markdown(),
  EditorView.lineWrapping,
  search(),
  EditorState.phrases.of(EditorSearchPhrases),
  markdownFormatKeys,
];
/** Focus mode: nothing around the text. */
const TEXT_ONLY_SETUP = { lineNumbers: false, foldGutter: false, highlightActiveLine: false, highlightActiveLineGutter: false };

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS, minWidth: 0 },
  toolbar: { display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: tokens.spacingHorizontalM },
  toolbarStart: { minWidth: 0, display: 'flex', alignItems: 'center' },
  toolbarEnd: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: tokens.spacingHorizontalS },
  split: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 320px), 1fr))',
    gap: tokens.spacingHorizontalM,
  },
  pane: {
    position: 'relative',
    minWidth: 0,
    border: `1px solid ${tokens.colorNeutralStroke1}`,
    borderRadius: tokens.borderRadiusMedium,
    overflow: 'auto',
    boxSizing: 'border-box',
    backgroundColor: tokens.colorNeutralBackground1,
  },
  preview: { padding: tokens.spacingHorizontalM },
  // The text alone (focus mode): no frame around it.
  bare: { border: 'none', backgroundColor: 'transparent' },
});

/** The article around the body, for a preview in the site's style. */
export interface PreviewArticle {
  title: string;
  category: string;
  tags: string;
  summary: string;
}

export interface MarkdownEditorProps {
  value: string;
  onChange: (value: string) => void;
  height: string;
  /** Shown above the body when the preview takes the site's style. */
  article?: PreviewArticle;
  /** Only the text, without the preview, the toolbar or line numbers (the desktop's focus mode). */
  textOnly?: boolean;
  /** The caller's controls at the start of the toolbar row, beside the preview's switch. */
  toolbarStart?: ReactNode;
  /**
   * Uploads an image pasted, dropped or picked with 插入图片 and resolves with its URL; without it
   * the editor says it cannot upload (the desktop with no server).
   */
  uploadImage?: UploadImage;
}

/** Where the editor's top edge is in the source: a 0-based line, with the fraction of it scrolled past. */
function topSourceLine(view: EditorView): number {
  const height = Math.max(0, view.scrollDOM.getBoundingClientRect().top - view.documentTop);
  const block = view.lineBlockAtHeight(height);
  const line = view.state.doc.lineAt(block.from).number - 1;
  return line + (block.height > 0 ? Math.min(1, (height - block.top) / block.height) : 0);
}

/**
 * CodeMirror for the body beside the public page's renderer, refreshed 300 ms after typing stops.
 * The preview follows the editor's scrolling by source line, and can take the public article
 * page's own look (the choice is remembered).
 */
export function MarkdownEditor({
  value,
  onChange,
  height,
  article,
  textOnly = false,
  toolbarStart,
  uploadImage,
}: MarkdownEditorProps) {
  // Every grammar at once: an owner typing a fence should not wait for its language to load.
  useEffect(() => {
    void loadAllCodeLanguages();
  }, []);
  const styles = useStyles();
  const dark = useMediaQuery('(prefers-color-scheme: dark)');
  const preview = useDebouncedValue(value, MARKDOWN_PREVIEW_DEBOUNCE_MS);
  const [siteStyle, setSiteStyle] = useStoredToggle('folio.preview.siteStyle', false);
  const viewRef = useRef<EditorView | null>(null);
  const previewRef = useRef<HTMLDivElement>(null);
  const images = useImageInsert(uploadImage);
  const allExtensions = useMemo(() => [...extensions, images.extension], [images.extension]);

  const syncPreview = useCallback(() => {
    const view = viewRef.current;
    const pane = previewRef.current;
    if (!view || !pane) return;
    const scroller = view.scrollDOM;
    // The last lines may be too few to fill the editor: its end is the preview's end.
    if (scroller.scrollTop + scroller.clientHeight >= scroller.scrollHeight - 2) pane.scrollTop = pane.scrollHeight;
    else pane.scrollTop = previewScrollTopFor(pane, topSourceLine(view), view.state.doc.lines);
  }, []);

  // A new rendering moves the blocks: put the editor's line back at the top of the preview.
  useEffect(() => {
    const frame = requestAnimationFrame(syncPreview);
    return () => cancelAnimationFrame(frame);
  }, [preview, siteStyle, syncPreview]);

  const body = <MarkdownView source={preview} sourceLines />;
  return (
    <div className={styles.root}>
      {!textOnly && (
        // The editor sits inside the form's 正文 field: without this the switch would take that
        // field's label, its required mark and its validation as its own.
        <FieldContextProvider value={undefined}>
          <div className={styles.toolbar}>
            <div className={styles.toolbarStart}>{toolbarStart}</div>
            <div className={styles.toolbarEnd}>
              <Button
                appearance="subtle"
                icon={<ImageAddRegular />}
                onClick={() => void pickFilesWithInput({ accept: 'image/*', multiple: true }).then(images.insertAtCursor)}
              >
                {ImageInsertMessages.insertImage}
              </Button>
              <Switch
                checked={siteStyle}
                label={AdminUiMessages.previewSiteStyle}
                onChange={(_, data) => setSiteStyle(data.checked)}
              />
            </div>
          </div>
        </FieldContextProvider>
      )}
      <div className={styles.split} data-markdown-panes>
        <div className={mergeClasses(styles.pane, textOnly && styles.bare)} style={{ height }}>
          <CodeMirror
            value={value}
            height={height}
            theme={dark ? 'dark' : 'light'}
            extensions={allExtensions}
            basicSetup={textOnly ? TEXT_ONLY_SETUP : undefined}
            onChange={onChange}
            onCreateEditor={(view) => {
              viewRef.current = view;
              images.attachView(view);
              view.scrollDOM.addEventListener('scroll', syncPreview, { passive: true });
            }}
            aria-label={AdminUiMessages.markdownBody}
          />
          <ImageUploadStatus uploads={images.uploads} problem={images.problem} onDismissProblem={images.dismissProblem} />
        </div>
        {!textOnly && (
          <div
            ref={previewRef}
            className={mergeClasses(styles.pane, !siteStyle && styles.preview)}
            style={{ height }}
            aria-label={AdminUiMessages.preview}
            role="region"
            data-testid="markdown-preview"
          >
            {/* The preview waits for a language's grammar only until all of them are in (see the effect). */}
            <Suspense fallback={null}>
              {siteStyle ? (
                <div className={articleSheetClass} data-site-style="true">
                  {article && (
                    <>
                      <ArticleHeading
                        title={article.title}
                        category={article.category}
                        tags={tagsFromCommaString(article.tags)}
                      />
                      <ArticleSummary summary={article.summary} />
                    </>
                  )}
                  {body}
                </div>
              ) : (
                body
              )}
            </Suspense>
          </div>
        )}
      </div>
      {article && <ReadingLengthCounter content={value} />}
    </div>
  );
}
