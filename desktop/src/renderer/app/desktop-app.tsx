import { lazy, Suspense } from 'react';
import { Navigate, Route, Routes } from 'react-router-dom';
import { Spinner } from '@fluentui/react-components';
import { UiMessages } from '@folio/shared';
import { AdminApp } from '../web-admin';
import { ConnectionPage } from '../connection/connection-page';
import { OfflineAdmin } from '../drafts/offline-admin';
import { DesktopFrame } from './desktop-frame';
import { useDesktopPlatform } from './desktop-platform';
import { useDesktopSession } from './desktop-session';
import { useDrawingAfterSync } from './use-diagram-drawing';
import { useMenuCommands, useQuitFlush } from './use-menu-commands';

// The editor and conflict screens carry CodeMirror and the diff: load them only when opened.
const DraftsPage = lazy(() => import('../drafts/drafts-page'));
const DraftEditorPage = lazy(() => import('../drafts/draft-editor-page'));
const ImportPage = lazy(() => import('../import/import-page'));
const ArticleDraftRoute = lazy(() => import('../drafts/article-draft-route'));

/** The admin, or, while the server cannot be reached, the local mirror instead of an error page. */
function AdminArea() {
  const { status, online } = useDesktopSession();
  const platform = useDesktopPlatform();
  // Right after a reload (Ctrl+R) main has not answered yet: wait for it rather than send a
  // signed-in owner to 连接. The route itself survives the reload in the URL's hash.
  if (!status) return <Spinner label={UiMessages.loading} style={{ marginTop: '20vh' }} />;
  if (!status.signedIn || !platform) return <Navigate to="/connection" replace />;
  if (!online) return <OfflineAdmin />;
  // A new key per profile: switching servers starts the admin afresh (lists, caches, session check).
  return <AdminApp key={status.profile?.id ?? 'none'} platform={platform} basePath="/admin" />;
}

function Home() {
  const { status } = useDesktopSession();
  if (!status) return <Spinner label={UiMessages.loading} style={{ marginTop: '20vh' }} />;
  return <Navigate to={status.signedIn ? '/admin' : '/connection'} replace />;
}

/** Every desktop route inside the desktop bar; the admin's own routes live under /admin. */
export function DesktopApp() {
  useMenuCommands();
  useQuitFlush();
  useDrawingAfterSync();
  return (
    <DesktopFrame>
      <Suspense fallback={<Spinner label={UiMessages.loading} style={{ marginTop: '20vh' }} />}>
        <Routes>
          <Route index element={<Home />} />
          <Route path="connection" element={<ConnectionPage />} />
          {/* The admin's login page is replaced by the connection screen, which signs in through main. */}
          <Route path="admin/login" element={<Navigate to="/connection" replace />} />
          {/* The admin's article editor is the draft editor: one editor, saved locally as you type. */}
          <Route path="admin/articles/new" element={<Navigate to="/drafts/new" replace />} />
          <Route path="admin/articles/:articleId/edit" element={<ArticleDraftRoute />} />
          <Route path="admin/*" element={<AdminArea />} />
          <Route path="drafts" element={<DraftsPage />} />
          <Route path="drafts/:draftId" element={<DraftEditorPage />} />
          <Route path="import" element={<ImportPage />} />
          <Route path="*" element={<Navigate to="/" replace />} />
        </Routes>
      </Suspense>
    </DesktopFrame>
  );
}
