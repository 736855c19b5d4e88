import { lazy, Suspense } from 'react';
import { PublicUiMessages as M } from '@folio/shared';
import { Spinner } from '../../components/ui/spinner';
import { LandingPage } from './landing-page';
import { NotFoundView } from './layout/components/not-found-view';
import { PublicLayout } from './layout/components/public-layout';
import { PublicRoot } from './layout/components/public-root';
import { useLocation } from './routing/public-router';

// Its own chunk: Markdown, Prism (and, lazily, Mermaid) load only on article pages.
const ArticlePage = lazy(() => import('./article/components/article-page'));

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
  if (pathname === '/') return <LandingPage />;
  const articleId = articleIdOf(pathname);
  if (articleId === undefined) return <NotFoundView />;
  return (
    <Suspense fallback={<Spinner style={{ padding: '96px 0' }} label={M.loadingArticle} />}>
      <ArticlePage idParam={articleId} />
    </Suspense>
  );
}

/** Every public page inside the shared layout: `/`, `/articles/{id}`, and the 404 view for any other path. */
export default function PublicRoutes() {
  return (
    <PublicRoot>
      <PublicLayout>
        <PublicPage />
      </PublicLayout>
    </PublicRoot>
  );
}
