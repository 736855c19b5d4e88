import { useDeferredValue, useMemo } from 'react';
import { makeStyles, tokens } from '@fluentui/react-components';
import { readingLengthOf, ReadingLengthMessages as M } from '@folio/shared';

const useStyles = makeStyles({
  counter: {
    alignSelf: 'flex-end',
    color: tokens.colorNeutralForeground3,
    fontSize: tokens.fontSizeBase200,
    lineHeight: tokens.lineHeightBase200,
    fontVariantNumeric: 'tabular-nums',
  },
});

/**
 * 字数 and 阅读时长 of the body being written, counted as the article page counts them
 * (server/API.md §E18). Counted from a deferred copy of the text, so typing never waits for it.
 */
export function ReadingLengthCounter({ content }: { content: string }) {
  const styles = useStyles();
  const deferred = useDeferredValue(content);
  const length = useMemo(() => readingLengthOf(deferred), [deferred]);
  return (
    <div className={styles.counter} data-testid="editor-reading-length" aria-live="off">
      {M.editorCounter(length.total, length.minutes)}
    </div>
  );
}
