import { BrowserRouter, Route, Routes } from 'react-router-dom';
import BrowserAdmin from '../features/admin/browser-admin';
import { AppProviders } from './app-providers';

/**
 * The browser admin inside react-router and FluentProvider: its own chunk, so public pages never
 * load either. The admin's routes are relative to `/admin`, as AdminApp expects.
 */
export default function AdminRoot() {
  return (
    <BrowserRouter>
      <AppProviders>
        <Routes>
          <Route path="/admin/*" element={<BrowserAdmin />} />
        </Routes>
      </AppProviders>
    </BrowserRouter>
  );
}
