import { DocumentRegular } from '@fluentui/react-icons/headless/svg/document';
import { PublicUiMessages as M, CommonUiMessages } from '@folio/shared';
import { PageSection } from '../../../../components/page-section';
import { Link } from '../../routing/public-router';
import { scrollToId } from '../../../../lib/smooth-scroll';
import { useArticleList } from '../hooks/use-article-list';
import { ArticleCard } from './article-card';
import { ArticleFiltersBar } from './article-filters';
import { PaginationNav } from './pagination-nav';
import { MessageBar } from '../../../../components/ui/message-bar';
import { Skeleton, SkeletonItem } from '../../../../components/ui/skeleton';
import styles from './articles-section.module.css';

const SKELETON_CARDS = 6;

function SkeletonCard() {
  return (
    <Skeleton className={styles.skeleton} label={CommonUiMessages.loading} data-testid="article-skeleton">
      <SkeletonItem height={160} style={{ borderRadius: 0 }} />
      <SkeletonItem className={styles.skeletonLine} height={20} style={{ width: '30%' }} />
      <SkeletonItem className={styles.skeletonLine} height={24} />
      <SkeletonItem className={styles.skeletonLine} height={16} />
      <SkeletonItem className={styles.skeletonLine} height={16} style={{ width: '70%' }} />
    </Skeleton>
  );
}

/** The article list: filters, cards, pagination, skeletons, empty state and demo mode (docs/spec.md §2.2, §4.2). */
export function ArticlesSection() {
  const { filters, list, loading, demo, categories, tags, update, clear } = useArticleList();

  const changePage = (page: number) => {
    update({ page });
    scrollToId('articles');
  };

  return (
    <PageSection
      id="articles"
      title={M.navArticles}
      alternate
      actions={
        <Link className={styles.allLink} to="/articles" data-testid="all-articles-link">
          {M.viewAllArticles}
        </Link>
      }
    >
      {demo && (
        <MessageBar intent="info" className={styles.banner} data-testid="demo-banner">
          {CommonUiMessages.demoModeBanner}
        </MessageBar>
      )}
      <ArticleFiltersBar filters={filters} categories={categories} tags={tags} onChange={update} onClear={clear} />
      {loading ? (
        <ul className={styles.grid} aria-busy="true">
          {Array.from({ length: SKELETON_CARDS }, (_, index) => (
            <li key={index}>
              <SkeletonCard />
            </li>
          ))}
        </ul>
      ) : !list || list.articles.length === 0 ? (
        <div className={styles.empty} data-testid="articles-empty">
          <DocumentRegular className={styles.emptyIcon} aria-hidden="true" />
          {CommonUiMessages.noArticles}
        </div>
      ) : (
        <>
          <ul className={styles.grid}>
            {list.articles.map((article) => (
              <li key={article.id}>
                <ArticleCard article={article} />
              </li>
            ))}
          </ul>
          <PaginationNav page={filters.page} pages={list.pages} onChange={changePage} />
        </>
      )}
    </PageSection>
  );
}
