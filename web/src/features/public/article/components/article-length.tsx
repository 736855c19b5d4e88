import { useMemo } from 'react';
import { ClockRegular } from '@fluentui/react-icons/headless/svg/clock';
import { TextWordCountRegular } from '@fluentui/react-icons/headless/svg/text-word-count';
import { readingLengthOf, ReadingLengthMessages as M } from '@folio/shared';

/**
 * 字数 and 阅读时长 of an article, as two items of the page's meta row (server/API.md §E18).
 * Counted from the Markdown on the server and in the browser alike, so hydration keeps them.
 */
export function ArticleLength({ content, itemClassName }: { content: string; itemClassName?: string | undefined }) {
  const length = useMemo(() => readingLengthOf(content), [content]);
  return (
    <>
      <span className={itemClassName} data-testid="article-word-count">
        <TextWordCountRegular aria-hidden="true" />
        {M.wordCount(length.total)}
      </span>
      <span className={itemClassName} data-testid="article-reading-time">
        <ClockRegular aria-hidden="true" />
        {M.readingTime(length.minutes)}
      </span>
    </>
  );
}
