import { useState } from 'react';
import { Button } from '@fluentui/react-components';
import { HistoryRegular } from '@fluentui/react-icons';
import { AdminUiMessages as M } from '@folio/shared';
import type { AdminArticleDetail, ArticleStatus } from '@folio/shared';
import { useMediaQuery } from '../../../../lib/use-media-query';
import { ArticleHistoryDrawer } from './article-history-drawer';

export interface ArticleHistoryButtonProps {
  /** The article in the editor; null for a new one, which has no history yet. */
  articleId: number | null;
  /** The revision the editor holds; the history is fetched again when it changes. */
  revision: number | undefined;
  /** A version was restored: the editor takes the article as the server now has it. */
  onRestored: (article: AdminArticleDetail) => void;
  status?: ArticleStatus;
  /** A version was put in the editor's autosave, for a published article to be checked first. */
  onRestoredIntoEditor?: (article: AdminArticleDetail) => void;
}

/** 历史版本 in the editor's bar, opening the history drawer. */
export function ArticleHistoryButton({
  articleId,
  revision,
  onRestored,
  status,
  onRestoredIntoEditor,
}: ArticleHistoryButtonProps) {
  const [open, setOpen] = useState(false);
  const narrow = useMediaQuery('(max-width: 599px)');
  if (articleId === null) return null;
  return (
    <>
      <Button appearance="subtle" icon={<HistoryRegular />} aria-label={M.history} onClick={() => setOpen(true)}>
        {narrow ? null : M.history}
      </Button>
      <ArticleHistoryDrawer
        open={open}
        onClose={() => setOpen(false)}
        articleId={articleId}
        revision={revision}
        onRestored={onRestored}
        status={status}
        onRestoredIntoEditor={onRestoredIntoEditor}
      />
    </>
  );
}
