/**
 * What a host program (the browser's BrowserAdmin, the desktop app) needs to mount the admin.
 * AdminApp expects to sit inside a react-router Router (its routes are relative to `basePath`,
 * '/admin' by default) and a FluentProvider; everything platform-specific comes in `platform`.
 */
export { AdminApp } from './admin-app';
export type { AdminAppProps } from './admin-app';
export { pickFilesWithInput } from './platform';
export type { AdminPlatform, Notification, NotifyIntent, PickFilesOptions, TokenStorage } from './platform';
