/**
 * What the desktop says about its background sync: where a draft's words are on the server, the
 * 草稿箱 tab's count, and the toasts (and native notifications) of work finished in the background.
 */
export const DesktopSyncMessages = {
  /** Beside 已同步: the server holds this text as a draft readers do not see. */
  serverDraft: '服务器草稿',
  /** Beside 仅本地 for a published article: the text is the article's autosave, not yet what readers see. */
  autosavedOnServer: '已自动保存到服务器，发布后读者才能看到',
  draftsWaiting: (count: number) => `${count} 篇草稿需要处理`,
  publishedInBackground: (title: string) => `《${title}》已发布`,
  conflictInBackground: (title: string) => `《${title}》与服务器上的修改冲突，需要你处理`,
  openArticle: '打开文章',
  openConflict: '处理冲突',
} as const;
