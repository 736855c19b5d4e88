/**
 * What the desktop adds to the admin's new-comment words (`AdminCommentMessages.newComment`, ...)
 * in its native notification and toast: a reply is named as one.
 */
export const DesktopCommentMessages = {
  replied: (author: string, articleTitle: string) => `${author} 回复了《${articleTitle}》的评论`,
  repliedPending: (author: string, articleTitle: string) => `${author} 回复了《${articleTitle}》的评论（待审核）`,
} as const;
