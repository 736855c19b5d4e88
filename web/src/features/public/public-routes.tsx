import { lazy, Suspense } from 'react';
import { CommonUiMessages, parseArticleListPath, previewTokenOfPath, PublicUiMessages as M } from '@folio/shared';
import { Spinner } from '../../components/ui/spinner';
import { LandingPage } from './landing-page';
import { NotFoundView } from './layout/components/not-found-view';
import { PublicLayout } from './layout/components/public-layout';
import { PublicRoot } from './layout/components/public-root';
import { useLocation } from './routing/public-router';
import { usePageViewBeacon } from './stats/page-view-beacon';

// Its own chunk: Markdown, Prism (and, lazily, Mermaid) load only on article pages.
const ArticlePage = lazy(() => import('./article/components/article-page'));
// Its own small chunk beside the article page's, whose page it shows under a banner.
const PreviewPage = lazy(() => import('./preview/components/preview-page'));
// Its own chunk too: the landing page's script carries only what `/` renders (its budget is in
// build/bench/page-weight.ts). A server-rendered list page keeps its HTML while the chunk loads.
const ArticleListPage = lazy(() =>
  import('./article-lists/components/article-list-page').then((module) => ({ default: module.ArticleListPage })),
);

/** The `{id}` of `/articles/{id}` (a trailing slash allowed), decoded; `undefined` for any other path. */
function articleIdOf(pathname: string): string | undefined {
  const encoded = /^\/articles\/([^/]+)\/?$/.exec(pathname)?.[1];
  if (encoded === undefined) return undefined;
  try {
    return decodeURIComponent(encoded);
  } catch {
    return encoded;
  }
}

function PublicPage() {
  const { pathname } = useLocation();
  usePageViewBeacon();
  if (pathname === '/') return <LandingPage />;
  const previewToken = previewTokenOfPath(pathname);
  if (previewToken !== undefined) {
    return (
      <Suspense fallback={<Spinner style={{ padding: '96px 0' }} label={M.loadingArticle} />}>
        <PreviewPage token={previewToken} />
      </Suspense>
    );
  }
  // Before the article: `/articles/page/{n}` is a list page, never an article (server/API.md §E16).
  const listPage = parseArticleListPath(pathname);
  if (listPage) {
    return (
      <Suspense fallback={<Spinner style={{ padding: '96px 0' }} label={CommonUiMessages.loading} />}>
        <ArticleListPage key={pathname} scope={listPage.scope} page={listPage.page} />
      </Suspense>
    );
  }
  const articleId = articleIdOf(pathname);
  if (articleId === undefined) return <NotFoundView />;
  return (
    <Suspense fallback={<Spinner style={{ padding: '96px 0' }} label={M.loadingArticle} />}>
      <ArticlePage idParam={articleId} />
    </Suspense>
  );
}

/**
 * Every public page inside the shared layout: `/`, `/articles/{id}`, the article list pages, and
 * the 404 view for any other path.
 */
export default function PublicRoutes() {
  return (
    <PublicRoot>
      <PublicLayout>
        <PublicPage />
      </PublicLayout>
    </PublicRoot>
  );
}
