import { lazy, Suspense } from 'react';
import { Route, Routes } from 'react-router-dom';
import { PublicUiMessages as M } from '@folio/shared';
import { Spinner } from '../../components/ui/spinner';
import { LandingPage } from './landing-page';
import { NotFoundView } from './layout/components/not-found-view';
import { PublicLayout } from './layout/components/public-layout';

// Its own chunk: Markdown, Prism (and, lazily, Mermaid) load only on article pages.
const ArticlePage = lazy(() => import('./article/components/article-page'));

/** Every public route inside the shared layout; unknown paths get the 404 view. */
export default function PublicRoutes() {
  return (
    <PublicLayout>
      <Routes>
        <Route index element={<LandingPage />} />
        <Route
          path="articles/:id"
          element={
            <Suspense fallback={<Spinner style={{ padding: '96px 0' }} label={M.loadingArticle} />}>
              <ArticlePage />
            </Suspense>
          }
        />
        <Route path="*" element={<NotFoundView />} />
      </Routes>
    </PublicLayout>
  );
}
