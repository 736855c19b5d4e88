import { Suspense, useEffect } from 'react';
import CodeMirror, { EditorView } from '@uiw/react-codemirror';
import { markdown } from '@codemirror/lang-markdown';
import { makeStyles, tokens } from '@fluentui/react-components';
import { AdminUiMessages, MARKDOWN_PREVIEW_DEBOUNCE_MS } from '@folio/shared';
import { MarkdownView } from '../../../../lib/markdown';
import { loadAllCodeLanguages } from '../../../../lib/markdown/prism-highlight';
import { useDebouncedValue } from '../../hooks/use-debounced-value';
import { useMediaQuery } from '../../../../lib/use-media-query';

const extensions = [markdown(), EditorView.lineWrapping];

const useStyles = makeStyles({
  split: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 320px), 1fr))',
    gap: tokens.spacingHorizontalM,
  },
  pane: {
    minWidth: 0,
    border: `1px solid ${tokens.colorNeutralStroke1}`,
    borderRadius: tokens.borderRadiusMedium,
    overflow: 'auto',
    backgroundColor: tokens.colorNeutralBackground1,
  },
  preview: { padding: tokens.spacingHorizontalM },
});

export interface MarkdownEditorProps {
  value: string;
  onChange: (value: string) => void;
  height: string;
}

/** CodeMirror for the body beside the public page's renderer, refreshed 300 ms after typing stops. */
export function MarkdownEditor({ value, onChange, height }: MarkdownEditorProps) {
  // Every grammar at once: an owner typing a fence should not wait for its language to load.
  useEffect(() => {
    void loadAllCodeLanguages();
  }, []);
  const styles = useStyles();
  const dark = useMediaQuery('(prefers-color-scheme: dark)');
  const preview = useDebouncedValue(value, MARKDOWN_PREVIEW_DEBOUNCE_MS);
  return (
    <div className={styles.split}>
      <div className={styles.pane} style={{ height }}>
        <CodeMirror
          value={value}
          height={height}
          theme={dark ? 'dark' : 'light'}
          extensions={extensions}
          onChange={onChange}
          aria-label={AdminUiMessages.markdownBody}
        />
      </div>
      <div className={`${styles.pane} ${styles.preview}`} style={{ height }} aria-label={AdminUiMessages.preview} role="region">
        {/* The preview waits for a language's grammar only until all of them are in (see the effect). */}
        <Suspense fallback={null}>
          <MarkdownView source={preview} />
        </Suspense>
      </div>
    </div>
  );
}
