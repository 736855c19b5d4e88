import { useEffect } from 'react';
import { DocumentRegular } from '@fluentui/react-icons/headless/svg/document';
import { RssRegular } from '@fluentui/react-icons/headless/svg/rss';
import {
  articleListFeedPath,
  articleListPagePath,
  articleListTitle,
  CommonUiMessages,
  PublicUiMessages as M,
  stripTags,
} from '@folio/shared';
import type { ArticleListScope } from '@folio/shared';
import { usePageReady } from '../../../../lib/use-page-ready';
import { ArticleCard } from '../../articles/components/article-card';
import gridStyles from '../../articles/components/articles-section.module.css';
import { NotFoundView } from '../../layout/components/not-found-view';
import { useSiteBlocks } from '../../layout/hooks/site-blocks-context';
import { Link } from '../../routing/public-router';
import { useArticleListPage } from '../hooks/use-article-list-page';
import { PaginationLinks } from './pagination-links';
import styles from './article-list-page.module.css';

/**
 * `/articles`, `/tags/{tag}` and `/categories/{category}` with their `/page/{n}`
 * (server/API.md §E16): the count, the landing page's cards 20 a page, and pagination as links.
 */
export function ArticleListPage({ scope, page }: { scope: ArticleListScope; page: number }) {
  const { list, loading, missing } = useArticleListPage(scope, page);
  const { home } = useSiteBlocks();
  const title = articleListTitle(scope);
  usePageReady();

  useEffect(() => {
    const heading = page > 1 ? M.pageOfList(title, page) : title;
    document.title = `${heading} - ${stripTags(home.title || M.siteNameFallback)}`;
  }, [title, page, home.title]);

  if (missing) return <NotFoundView />;
  return (
    <section className={styles.page} aria-labelledby="article-list-title" data-testid="article-list-page">
      <div className={styles.inner}>
        <header className={styles.header}>
          <h1 id="article-list-title" className={styles.title}>
            {title}
          </h1>
          <p className={styles.meta}>
            <span data-testid="article-list-total">{list ? M.articleTotal(list.total) : CommonUiMessages.loading}</span>
            {scope.kind !== 'all' && (
              <>
                <Link className={styles.metaLink} to="/articles">
                  {M.allArticles}
                </Link>
                <a className={styles.metaLink} href={articleListFeedPath(scope)}>
                  <RssRegular aria-hidden="true" />
                  RSS
                </a>
              </>
            )}
          </p>
        </header>
        {loading ? (
          <p className={styles.loading} aria-busy="true">
            {CommonUiMessages.loading}
          </p>
        ) : !list || list.articles.length === 0 ? (
          <div className={gridStyles.empty} data-testid="articles-empty">
            <DocumentRegular className={gridStyles.emptyIcon} aria-hidden="true" />
            {CommonUiMessages.noArticles}
          </div>
        ) : (
          <>
            <ul className={gridStyles.grid}>
              {list.articles.map((article) => (
                <li key={article.id}>
                  <ArticleCard article={article} headingLevel={2} />
                </li>
              ))}
            </ul>
            <PaginationLinks page={page} pages={list.pages} hrefOf={(to) => articleListPagePath(scope, to)} />
          </>
        )}
      </div>
    </section>
  );
}
