import { useCallback } from 'react';
import { SNACKBAR_MS, CommonUiMessages } from '@folio/shared';
import { useNotify } from '../../../../components/notify';
import { articleUrl, shareLink } from '../../../../lib/share';

/** Shares an article link (native sheet, else copy and '链接已复制到剪贴板'). */
export function useShareArticle(): (title: string, article: { id: number; slug?: string | undefined }) => Promise<void> {
  const notify = useNotify();
  return useCallback(
    async (title: string, article: { id: number; slug?: string | undefined }) => {
      const url = articleUrl(article);
      try {
        if ((await shareLink(title, url)) === 'copied') notify(CommonUiMessages.linkCopied, { timeout: SNACKBAR_MS.articles });
      } catch {
        notify(url, { intent: 'info', timeout: SNACKBAR_MS.articles });
      }
    },
    [notify],
  );
}
