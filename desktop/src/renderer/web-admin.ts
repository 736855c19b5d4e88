/**
 * Everything the desktop renderer takes from web/: the admin feature and the shared pieces of its
 * look. One module, so the desktop's dependency on web/ is visible in one place.
 */
export {
  AdminApp,
  createApiClient,
  createSaveThrottle,
  CoverField,
  drawDiagramsOfArticles,
  IMAGE_UPLOAD_PATHS,
  imageUploader,
  pickFilesWithInput,
  PreviewLinksButton,
  resolveFileUrl,
  SideBySideDiff,
  SlugField,
} from '@folio/web/admin';
export type {
  AdminCommentEvents,
  AdminPlatform,
  ApiClient,
  FetchLike,
  Notification,
  Notify,
  SaveThrottle,
  SideBySideDiffLabels,
  UploadImage,
} from '@folio/web/admin';
// The admin's building blocks below are not part of its public entry; the desktop screens reuse
// them so they look exactly like the admin's own pages (web/package.json exports each of them).
export { AppProviders } from '@folio/web/app-providers';
export { PageHeader } from '@folio/web/admin/components/page-header';
export { EmptyState } from '@folio/web/admin/components/empty-state';
export { ConfirmDialog } from '@folio/web/admin/components/confirm-dialog';
export { usePageStyles } from '@folio/web/admin/page-styles';
export { formatDateTime } from '@folio/web/lib/format';
export { MarkdownEditor } from '@folio/web/admin/markdown-editor';
export { useMediaQuery } from '@folio/web/lib/use-media-query';
export { useStoredToggle } from '@folio/web/lib/use-stored-toggle';
