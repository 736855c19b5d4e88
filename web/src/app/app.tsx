import { lazy, Suspense } from 'react';
import { Route, Routes } from 'react-router-dom';
import PublicRoutes from '../features/public/public-routes';
import { SnapshotProvider } from '../lib/page-snapshot';
import type { SnapshotHolder } from '../lib/page-snapshot';
import { AppProviders } from './app-providers';

// Admin code is its own chunk: public pages never download it. The public routes are part of
// the main script, so a public page fetches its code in one round trip (no lazy chunk to wait for
// after the main script has run); the admin downloads them too, which costs it little.
const AdminRoutes = lazy(() => import('../features/admin/browser-admin'));

const NO_SNAPSHOT: SnapshotHolder = { snapshot: null, consumed: true };

/** The whole web app; `snapshot` is the server-rendered page's data (see entry-server). */
export function App({ snapshot = NO_SNAPSHOT }: { snapshot?: SnapshotHolder }) {
  return (
    <AppProviders>
      <SnapshotProvider holder={snapshot}>
        <Suspense fallback={null}>
          <Routes>
            <Route path="/admin/*" element={<AdminRoutes />} />
            <Route path="/*" element={<PublicRoutes />} />
          </Routes>
        </Suspense>
      </SnapshotProvider>
    </AppProviders>
  );
}
