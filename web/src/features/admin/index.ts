/**
 * What a host program (the browser's BrowserAdmin, the desktop app) needs to mount the admin.
 * AdminApp expects to sit inside a react-router Router (its routes are relative to `basePath`,
 * '/admin' by default) and a FluentProvider; everything platform-specific comes in `platform`
 * (including `transport`, the fetch every admin call goes through).
 */
export { AdminApp } from './admin-app';
export type { AdminAppProps } from './admin-app';
export { pickFilesWithInput, resolveFileUrl } from './platform';
export type { AdminCommentEvents, AdminPlatform, Notification, NotifyIntent, PickFilesOptions, TokenStorage } from './platform';
export { ApiError, createApiClient, errorMessage, isAbortError } from '../../lib/api-client';
export type {
  ApiClient,
  ApiClientOptions,
  ApiResponse,
  EnvelopeResponse,
  FetchLike,
  HttpMethod,
  RequestOptions,
} from '../../lib/api-client';
export { createArticle, getArticle, listArticles, updateArticle } from './articles/api/articles.api';
export { drawDiagramsOfArticles } from './articles/model/draw-diagrams';
export { IMAGE_UPLOAD_PATHS, imageUploader } from './articles/api/image-upload';
export type { UploadImage } from './articles/api/image-upload';
export { CoverField } from './articles/components/cover-field';
export { PreviewLinksButton } from './articles/components/preview-links-panel';
export type { PreviewLinksButtonProps } from './articles/components/preview-links-panel';
export { SlugField } from './articles/components/slug-field';
export type { SlugFieldProps } from './articles/components/slug-field';
export type { Notify } from './hooks/admin-services';
export { createSaveThrottle } from './articles/model/save-throttle';
export type { SaveThrottle } from './articles/model/save-throttle';
export { SideBySideDiff } from './components/side-by-side-diff';
export type { SideBySideDiffLabels, SideBySideDiffProps } from './components/side-by-side-diff';
