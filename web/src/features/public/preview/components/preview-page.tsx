import { useEffect } from 'react';
import { PreviewLinkMessages as PM } from '@folio/shared';
import { formatDate } from '../../../../lib/format';
import { MessageBar } from '../../../../components/ui/message-bar';
import { ArticleScreen } from '../../article/components/article-page';
import { usePreview } from '../hooks/use-preview';
import styles from './preview-page.module.css';

/**
 * `/preview/{token}` (docs/spec.md §2.3, server/API.md §E17): an unpublished article as its page
 * will look, under a 预览 banner, without share button or comments.
 */
export default function PreviewPage({ token }: { token: string }) {
  const { expiresAt, ...state } = usePreview(token);
  const title = state.article?.title;

  useEffect(() => {
    // After the article page's own title effect, which knows nothing of previews.
    if (title) document.title = `${PM.titlePrefix}${title}`;
  }, [title]);

  const banner = expiresAt && (
    <MessageBar intent="warning" className={styles.banner} data-testid="preview-banner">
      <strong className={styles.label}>{PM.banner}</strong>
      {PM.bannerText(formatDate(expiresAt))}
    </MessageBar>
  );
  return <ArticleScreen {...state} previewBanner={banner || undefined} />;
}
