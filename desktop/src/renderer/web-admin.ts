/**
 * Everything the desktop renderer takes from web/: the admin feature and the shared pieces of its
 * look. One module, so the desktop's dependency on web/ is visible in one place.
 */
export { AdminApp, createApiClient, drawDiagramsOfArticles, pickFilesWithInput } from '@folio/web/admin';
export type { AdminPlatform, FetchLike, Notification } from '@folio/web/admin';
// The admin's building blocks below are not part of its public entry; the desktop screens reuse
// them so they look exactly like the admin's own pages.
export { AppProviders } from '../../../web/src/app/app-providers';
export { PageHeader } from '../../../web/src/features/admin/components/page-header';
export { EmptyState } from '../../../web/src/features/admin/components/empty-state';
export { ConfirmDialog } from '../../../web/src/features/admin/components/confirm-dialog';
export { usePageStyles } from '../../../web/src/features/admin/components/page.styles';
export { formatDateTime } from '../../../web/src/lib/format';
export { MarkdownEditor } from '../../../web/src/features/admin/articles/components/markdown-editor';
export { useMediaQuery } from '../../../web/src/lib/use-media-query';
