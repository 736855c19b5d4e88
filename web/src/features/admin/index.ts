/** What a host program (the browser's BrowserAdmin, the desktop app) needs to mount the admin. */
export { AdminApp } from './AdminApp';
export type { AdminAppProps } from './AdminApp';
export { pickFilesWithInput } from './platform';
export type { AdminPlatform, Notification, NotifyIntent, PickFilesOptions, TokenStorage } from './platform';
