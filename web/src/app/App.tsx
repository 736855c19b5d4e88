import { lazy, Suspense } from 'react';
import { Route, Routes } from 'react-router-dom';
import { AppProviders } from './AppProviders';

// Admin code is its own chunk: public pages never download it.
const AdminRoutes = lazy(() => import('../features/admin/BrowserAdmin'));
const PublicRoutes = lazy(() => import('../features/public/PublicRoutes'));

export function App() {
  return (
    <AppProviders>
      <Suspense fallback={null}>
        <Routes>
          <Route path="/admin/*" element={<AdminRoutes />} />
          <Route path="/*" element={<PublicRoutes />} />
        </Routes>
      </Suspense>
    </AppProviders>
  );
}
