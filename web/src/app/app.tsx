import { lazy, Suspense } from 'react';
import { Route, Routes } from 'react-router-dom';
import { SnapshotProvider } from '../lib/page-snapshot';
import type { SnapshotHolder } from '../lib/page-snapshot';
import { AppProviders } from './app-providers';

// Admin code is its own chunk: public pages never download it.
const AdminRoutes = lazy(() => import('../features/admin/browser-admin'));
const PublicRoutes = lazy(() => import('../features/public/public-routes'));

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
