import { lazy, Suspense } from 'react';
import PublicRoutes from '../features/public/public-routes';
import { PublicRouter } from '../features/public/routing/public-router';
import { SnapshotProvider } from '../lib/page-snapshot';
import type { SnapshotHolder } from '../lib/page-snapshot';

// Admin code, with react-router, FluentProvider and its themes, is its own chunk: public pages
// never download it (they route with PublicRouter and take the theme from a stylesheet, see
// PublicRoot). The public router and the landing page are part of the main script, so `/`
// fetches its code in one round trip; the article, list and preview pages are chunks of their
// own (see public-routes.tsx), which the landing page never downloads.
const AdminRoot = lazy(() => import('./admin-root'));

const NO_SNAPSHOT: SnapshotHolder = { snapshot: null, consumed: true };

/** `/admin` and everything below it; the rest of the site is public. */
export const isAdminPath = (pathname: string): boolean => /^\/admin(\/|$)/.test(pathname);

/**
 * The whole web app. `url` is the request URL when rendering on the server (in the browser the
 * location comes from `window`); `snapshot` is the server-rendered page's data (see entry-server).
 */
export function App({ url, snapshot = NO_SNAPSHOT }: { url?: string; snapshot?: SnapshotHolder }) {
  const pathname = url === undefined ? window.location.pathname : new URL(url, 'http://localhost').pathname;
  return (
    <SnapshotProvider holder={snapshot}>
      <Suspense fallback={null}>
        {isAdminPath(pathname) ? (
          <AdminRoot />
        ) : (
          <PublicRouter url={url}>
            <PublicRoutes />
          </PublicRouter>
        )}
      </Suspense>
    </SnapshotProvider>
  );
}
