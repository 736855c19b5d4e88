import {
  AddressMessages,
  AdminUiMessages,
  BackupScreenMessages,
  BlogImportUiMessages,
  StatsUiMessages,
  SubscriberMessages,
} from '@folio/shared';

/** The admin menu of docs/spec.md §2.4, plus 数据统计 (server/API.md §E23), 评论管理 for the comments screen and 重定向 (server/API.md §E19), 导入博客 (server/API.md §E21) and 备份 (server/API.md §E22). */
export const ADMIN_TABS = [
  { path: 'content', label: AdminUiMessages.tabContent },
  { path: 'stats', label: StatsUiMessages.tab },
  { path: 'skills', label: AdminUiMessages.tabSkills },
  { path: 'contacts', label: AdminUiMessages.tabContacts },
  { path: 'avatars', label: AdminUiMessages.tabAvatars },
  { path: 'articles', label: AdminUiMessages.tabArticles },
  { path: 'comments', label: AdminUiMessages.tabComments },
  // Readers subscribed by mail (server/API.md §E23.12).
  { path: 'subscribers', label: SubscriberMessages.screenTitle },
  { path: 'redirects', label: AddressMessages.redirectsTab },
  { path: 'blog-import', label: BlogImportUiMessages.tab },
  { path: 'data', label: AdminUiMessages.tabData },
  { path: 'backups', label: BackupScreenMessages.tab },
] as const;

/** The tab a pathname belongs to: '/admin' itself is the content editor. */
export function tabForPath(pathname: string, basePath: string): string {
  const rest = pathname.slice(basePath.length).replace(/^\/+/, '');
  const first = rest.split('/')[0] ?? '';
  return ADMIN_TABS.some((tab) => tab.path === first) ? first : 'content';
}
