import { lazy, Suspense, useCallback, useMemo, useRef } from 'react';
import { Navigate, Route, Routes, useLocation, useNavigate } from 'react-router-dom';
import { Spinner, Toast, Toaster, ToastTitle, useId, useToastController } from '@fluentui/react-components';
import { REVISION_SOURCE_HEADER, UiMessages } from '@folio/shared';
import { createApiClient } from '../../lib/api-client';
import { AuthGuard } from './auth/components/auth-guard';
import { LoginPage } from './auth/components/login-page';
import { logout } from './auth/api/auth.api';
import { SessionContext } from './auth/hooks/session';
import { createSession } from './auth/model/session';
import { AvatarsPage } from './avatars/components/avatars-page';
import { BackupsPage } from './backups/components/backups-page';
import { CommentActivityOutlet } from './comments/live/comment-activity';
import { ContactsPage } from './contacts/components/contacts-page';
import { ContentPage } from './content/components/content-page';
import { DataPage } from './data/components/data-page';
import type { AdminServices, Notify } from './hooks/admin-services';
import { AdminServicesContext } from './hooks/admin-services';
import { createUnsavedChangesRegistry, UnsavedChangesContext } from './hooks/use-unsaved-changes';
import type { AdminPlatform } from './platform';
import { AdminPlatformContext } from './platform';
import { RedirectsPage } from './redirects/components/redirects-page';
import { AdminShell } from './shell/components/admin-shell';
import { SkillsPage } from './skills/components/skills-page';

// The article screens carry CodeMirror and the Markdown renderer: load them only when opened.
const ArticlesPage = lazy(() => import('./articles/components/articles-page'));
const ArticleEditorPage = lazy(() => import('./articles/components/article-editor-page'));
const CommentsPage = lazy(() => import('./comments/components/comments-page'));
const BlogImportPage = lazy(() => import('./blog-import/components/blog-import-page'));
// 数据统计 brings the chart library: only when opened.
const StatsPage = lazy(() => import('./stats/components/stats-page'));
const SubscribersPage = lazy(() => import('./subscribers/components/subscribers-page'));

export interface AdminAppProps {
  platform: AdminPlatform;
  /** The absolute path the admin routes are mounted under. */
  basePath?: string;
}

/** Every admin screen; the browser and the desktop app mount it with their own platform adapter. */
export function AdminApp({ platform, basePath = '/admin' }: AdminAppProps) {
  const navigate = useNavigate();
  const location = useLocation();
  const toasterId = useId('admin-toaster');
  const { dispatchToast } = useToastController(toasterId);
  // Refs keep the api client and session stable across navigations: useNavigate returns a new
  // function on every location change, and screens refetch whenever the client changes.
  const locationRef = useRef(location);
  locationRef.current = location;
  const navigateRef = useRef(navigate);
  navigateRef.current = navigate;

  const notify = useCallback<Notify>(
    (message, intent, durationMs) => {
      if (platform.notify) {
        platform.notify({ message, intent, durationMs });
        return;
      }
      dispatchToast(
        <Toast>
          <ToastTitle>{message}</ToastTitle>
        </Toast>,
        { intent, timeout: durationMs, position: 'top' },
      );
    },
    [platform, dispatchToast],
  );

  // The session only expires through the client's 401 handler, which is built before it.
  const expireRef = useRef<() => void>(() => undefined);
  const expire = useCallback(() => expireRef.current(), []);

  const api = useMemo(
    () =>
      createApiClient({
        baseUrl: platform.apiBaseUrl,
        fetch: platform.transport,
        getToken: () => platform.tokenStorage.get(),
        onUnauthorized: expire,
        writeHeaders: { [REVISION_SOURCE_HEADER]: platform.saveSource ?? 'browser' },
      }),
    [platform, expire],
  );

  const session = useMemo(
    () =>
      createSession({
        tokenStorage: platform.tokenStorage,
        basePath,
        currentLocation: () => locationRef.current,
        goTo: (path, state) => navigateRef.current(path, { replace: true, state }),
        revoke: () => logout(api),
      }),
    [platform, api, basePath],
  );
  expireRef.current = session.expire;

  const services = useMemo<AdminServices>(() => ({ api, notify, basePath }), [api, notify, basePath]);
  const unsavedChanges = useMemo(createUnsavedChangesRegistry, []);

  return (
    <AdminPlatformContext.Provider value={platform}>
      <AdminServicesContext.Provider value={services}>
        <SessionContext.Provider value={session}>
          <UnsavedChangesContext.Provider value={unsavedChanges}>
            <Toaster toasterId={toasterId} position="top" />
            <Suspense fallback={<Spinner label={UiMessages.loading} style={{ marginTop: '20vh' }} />}>
              <Routes>
                <Route path="login" element={<LoginPage />} />
                <Route element={<AuthGuard />}>
                  {/* The unread count and the new-comment toast follow the owner onto every signed-in screen, the editor included. */}
                  <Route element={<CommentActivityOutlet />}>
                    <Route path="articles/new" element={<ArticleEditorPage />} />
                    <Route path="articles/:id/edit" element={<ArticleEditorPage />} />
                    <Route element={<AdminShell />}>
                      <Route index element={<ContentPage />} />
                      <Route path="content" element={<ContentPage />} />
                      <Route path="stats" element={<StatsPage />} />
                      <Route path="skills" element={<SkillsPage />} />
                      <Route path="contacts" element={<ContactsPage />} />
                      <Route path="avatars" element={<AvatarsPage />} />
                      <Route path="articles" element={<ArticlesPage />} />
                      <Route path="comments" element={<CommentsPage />} />
                      <Route path="subscribers" element={<SubscribersPage />} />
                      <Route path="redirects" element={<RedirectsPage />} />
                      <Route path="blog-import" element={<BlogImportPage />} />
                      <Route path="data" element={<DataPage />} />
                      <Route path="backups" element={<BackupsPage />} />
                    </Route>
                  </Route>
                </Route>
                <Route path="*" element={<Navigate to={basePath} replace />} />
              </Routes>
            </Suspense>
          </UnsavedChangesContext.Provider>
        </SessionContext.Provider>
      </AdminServicesContext.Provider>
    </AdminPlatformContext.Provider>
  );
}
