import { createContext, useContext } from 'react';
import type { ComponentType } from 'react';
import type { AdminCommentNotice } from '@folio/shared';
import type { FetchLike } from '../../lib/api-client';

/** Where the admin keeps its bearer token: localStorage in the browser, the OS keychain on desktop. */
export interface TokenStorage {
  get(): string | null;
  set(token: string): void;
  clear(): void;
}

export interface PickFilesOptions {
  /** An `accept` list as for <input type="file">, e.g. 'image/*' or '.md,.markdown'. */
  accept: string;
  multiple?: boolean;
}

export type NotifyIntent = 'success' | 'error' | 'warning' | 'info';

export interface Notification {
  message: string;
  intent: NotifyIntent;
  /** How long the snackbar stays, from SNACKBAR_MS (docs/spec.md §9). */
  durationMs: number;
}

/**
 * The admin's live comment events (server/API.md §E12): the browser opens its own Socket.IO
 * connection for them; the desktop supplies them from its main process, as its renderer's origin
 * is refused by the server's origin check.
 */
export interface AdminCommentEvents {
  /** Each new visitor comment while the admin is open; returns the unsubscribe. */
  onCommentCreated(listener: (notice: AdminCommentNotice) => void): () => void;
  /** Counts may have changed (approve, delete, seen elsewhere, reconnect); returns the unsubscribe. */
  onCommentsChanged(listener: () => void): () => void;
  /**
   * Articles changed, drafts included (`admin_articles_changed`, server/API.md §E12.5), or the
   * connection came back; returns the unsubscribe. Absent where the platform does not relay it.
   */
  onArticlesChanged?(listener: () => void): () => void;
}

/**
 * What the admin screens need from the program that mounts them. The browser provides one
 * adapter (BrowserAdmin); the desktop app provides its own and mounts the same AdminApp.
 */
export interface AdminPlatform {
  /** Origin of the Folio server ('' for the same origin). */
  apiBaseUrl: string;
  /**
   * Where the server's root-relative files (covers, avatars) load from; `apiBaseUrl` when absent.
   * The desktop app serves them from its own origin (its CSP cannot list servers added later).
   */
  fileBaseUrl?: string;
  tokenStorage: TokenStorage;
  /** Native file picker; without it a hidden <input type="file"> is used. */
  pickFiles?: (options: PickFilesOptions) => Promise<File[]>;
  /** Native notifications; without it Fluent toasts are shown. */
  notify?: (notification: Notification) => void;
  /**
   * The `fetch` every admin API call goes through; the global `fetch` when absent. The desktop
   * app passes its bridge here so requests leave through the main process.
   */
  transport?: FetchLike;
  /**
   * Which client the admin's saves come from, sent as `X-Folio-Source` (server/API.md §E10) so an
   * article's history can say who wrote each version; 'browser' when absent.
   */
  saveSource?: 'browser' | 'desktop';
  /**
   * Every article is written on the editor page, never in the articles screen's quick dialog.
   * The desktop takes that page over with its own editor, which keeps every keystroke on disk;
   * a dialog with only 保存 would be the one place in the app where typing could be lost.
   */
  editArticlesOnPage?: boolean;
  /**
   * The live comment events; without it the admin connects its own Socket.IO client (same origin).
   * A platform that supplies them tells the owner of each new comment itself (the desktop: a
   * native notification or its own toast): the admin then only keeps its counts.
   */
  commentEvents?: AdminCommentEvents;
  /**
   * The platform's own part of the 备份 screen, shown above its settings: the desktop's copy of
   * the backups at home (server/API.md §E22). Absent in the browser.
   */
  backupsPanel?: ComponentType;
}

export const AdminPlatformContext = createContext<AdminPlatform | null>(null);

export function useAdminPlatform(): AdminPlatform {
  const platform = useContext(AdminPlatformContext);
  if (!platform) throw new Error('useAdminPlatform must be used inside <AdminApp>');
  return platform;
}

/** The default picker: a detached file input, so tests can answer it through the file chooser. */
export function pickFilesWithInput({ accept, multiple = false }: PickFilesOptions): Promise<File[]> {
  return new Promise((resolve) => {
    const input = document.createElement('input');
    input.type = 'file';
    input.accept = accept;
    input.multiple = multiple;
    input.addEventListener('change', () => resolve(Array.from(input.files ?? [])));
    input.addEventListener('cancel', () => resolve([]));
    input.click();
  });
}

/** A file path from the API (cover, avatar) as the URL this platform's <img> loads. */
export function platformFileUrl(platform: AdminPlatform, path: string): string {
  return resolveFileUrl(platform.fileBaseUrl ?? platform.apiBaseUrl, path);
}

/** Turns a root-relative file path from the API into a URL the <img> can load. */
export function resolveFileUrl(apiBaseUrl: string, path: string): string {
  if (!path) return '';
  if (/^https?:\/\//i.test(path)) return path;
  return `${apiBaseUrl}${path.startsWith('/') ? '' : '/'}${path}`;
}
