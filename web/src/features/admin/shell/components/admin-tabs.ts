/** The admin menu of SPEC section 2, plus 评论管理 for the comments screen. */
export const ADMIN_TABS = [
  { path: 'content', label: '内容管理' },
  { path: 'skills', label: '技能管理' },
  { path: 'contacts', label: '联系方式' },
  { path: 'avatars', label: '头像管理' },
  { path: 'articles', label: '文章管理' },
  { path: 'comments', label: '评论管理' },
  { path: 'data', label: '数据管理' },
] as const;

/** The tab a pathname belongs to: '/admin' itself is the content editor. */
export function tabForPath(pathname: string, basePath: string): string {
  const rest = pathname.slice(basePath.length).replace(/^\/+/, '');
  const first = rest.split('/')[0] ?? '';
  return ADMIN_TABS.some((tab) => tab.path === first) ? first : 'content';
}
