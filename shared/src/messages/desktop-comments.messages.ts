/**
 * What the desktop says when a visitor comments while it runs: the native notification (window
 * in the background) and the toast (window in front), both of which open the comment page.
 */
export const DesktopCommentMessages = {
  /** The notification's title: who wrote, on which article. */
  commented: (author: string, articleTitle: string) => `${author} 评论了《${articleTitle}》`,
  replied: (author: string, articleTitle: string) => `${author} 回复了《${articleTitle}》的评论`,
  /** Before the excerpt of a comment held for review, so the owner knows it waits for them. */
  pendingMark: '【待审核】',
  openComments: '查看评论',
} as const;
