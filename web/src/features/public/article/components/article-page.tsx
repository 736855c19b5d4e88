import { useEffect } from 'react';
import type { ReactNode } from 'react';
import { Link, useNavigate } from '../../routing/public-router';
import { ArrowLeftRegular } from '@fluentui/react-icons/headless/svg/arrow-left';
import { CalendarRegular } from '@fluentui/react-icons/headless/svg/calendar';
import { EyeRegular } from '@fluentui/react-icons/headless/svg/eye';
import { ShareRegular } from '@fluentui/react-icons/headless/svg/share';
import { PublicUiMessages as M, CommonUiMessages, readersDateOf } from '@folio/shared';
import { MarkdownView } from '../../../../lib/markdown';
import { ARTICLE_IMAGE_SIZES, imageFactsFor } from '../../../../lib/images/picture';
import { ResponsivePicture } from '../../../../lib/images/responsive-picture';
import { formatDate } from '../../../../lib/format';
import { coverSrc } from '../../articles/model/cover';
import { useShareArticle } from '../../articles/hooks/use-share-article';
import { NotFoundView } from '../../layout/components/not-found-view';
import { useArticle } from '../hooks/use-article';
import type { ArticleState } from '../hooks/use-article';
import { CommentsSection } from './comments-section';
import { SubscribeForm } from '../../subscribe/components/subscribe-form';
import { ArticleLength } from './article-length';
import { usePageReady } from '../../../../lib/use-page-ready';
import { ArticleHeading, ArticleSummary } from '../../../../components/article/article-sheet';
import { Button } from '../../../../components/ui/button';
import { MessageBar } from '../../../../components/ui/message-bar';
import { Spinner } from '../../../../components/ui/spinner';
import styles from './article-page.module.css';

/**
 * `/articles/{slug}` (or `/articles/{id}`, shown at its slug address once loaded,
 * server/API.md §E19): the article with its Markdown body, share button and comments (docs/spec.md §2.3).
 */
export default function ArticlePage({ idParam }: { idParam: string }) {
  const state = useArticle(idParam);
  const slug = state.article?.slug;
  useEffect(() => {
    // The address bar alone: the router's location stays, so the article is not fetched (nor counted) again.
    if (slug && slug !== idParam && !state.demo) {
      window.history.replaceState(window.history.state, '', `/articles/${slug}${window.location.search}${window.location.hash}`);
    }
  }, [slug, idParam, state.demo]);
  return <ArticleScreen {...state} />;
}

export interface ArticleScreenProps extends ArticleState {
  /**
   * Set on a preview of an unpublished article (docs/spec.md §2.3, server/API.md §E17): shown
   * above it, and the page has no share button and no comments, which only a published one takes.
   */
  previewBanner?: ReactNode;
}

/** An article's page as readers see it, whatever its data came from (the public API or a preview link). */
export function ArticleScreen({ article, loading, demo, notFound, previewBanner }: ArticleScreenProps) {
  const navigate = useNavigate();
  const share = useShareArticle();
  usePageReady();

  useEffect(() => {
    if (article) document.title = article.title;
  }, [article]);

  const back = () => {
    // Back within the site when the visitor came from it, else to the article list.
    if (window.history.state && (window.history.state as { idx?: number }).idx) navigate(-1);
    else navigate('/#articles');
  };

  if (loading) {
    return (
      <div className={`${styles.page} ${styles.loading}`}>
        <Spinner label={M.loadingArticle} />
      </div>
    );
  }
  if (!article || notFound) {
    return (
      <>
        {demo && (
          <div className={styles.page}>
            <MessageBar intent="info">{CommonUiMessages.demoModeBanner}</MessageBar>
          </div>
        )}
        <NotFoundView message={CommonUiMessages.articleMissing} />
      </>
    );
  }

  const cover = coverSrc(article.cover);
  return (
    <article className={styles.page} data-testid="article-page">
      <Button className={styles.back} appearance="subtle" icon={<ArrowLeftRegular />} onClick={back}>
        {M.back}
      </Button>
      {demo && (
        <MessageBar intent="info" className={styles.banner} data-testid="demo-banner">
          {CommonUiMessages.demoModeBanner}
        </MessageBar>
      )}
      {previewBanner}
      <ArticleHeading title={article.title} category={article.category} tags={article.tags} ChipLink={Link} />
      <div className={styles.meta}>
        <span className={styles.metaItem}>
          <CalendarRegular aria-hidden="true" />
          <time dateTime={readersDateOf(article)}>{formatDate(readersDateOf(article))}</time>
        </span>
        {article.views > 0 && (
          <span className={styles.metaItem}>
            <EyeRegular aria-hidden="true" />
            {M.views(article.views)}
          </span>
        )}
        <span className={styles.lineBreak} aria-hidden="true" />
        <ArticleLength content={article.content} itemClassName={styles.metaItem} />
        {!previewBanner && (
          <Button className={styles.share} icon={<ShareRegular />} onClick={() => void share(article.title, article)}>
            {M.share}
          </Button>
        )}
      </div>
      <ArticleSummary summary={article.summary} />
      {cover && (
        <ResponsivePicture
          className={styles.cover}
          src={cover}
          alt={M.defaultCoverAlt(article.title)}
          image={imageFactsFor(cover, article.images)}
          sizes={ARTICLE_IMAGE_SIZES}
          priority
        />
      )}
      <MarkdownView source={article.content} diagrams={article.diagrams} images={article.images} eagerLeadImage={!cover} />
      {!previewBanner && !demo && <SubscribeForm placement="article" />}
      {!previewBanner && (
        <CommentsSection articleId={article.id} count={article.comment_count} initial={article.comment_threads} demo={demo} />
      )}
    </article>
  );
}
