/** Comment mail (server/API.md §E13): what the mails say, and the server's answers about them. */
export const MailMessages = {
  ownerSubject: (title: string) => `《${title}》有新评论`,
  ownerSubjectPending: (title: string) => `《${title}》有新评论（待审核）`,
  ownerIntro: (author: string, title: string) => `${author} 评论了《${title}》：`,
  ownerReplyIntro: (author: string, title: string, parentAuthor: string) => `${author} 在《${title}》回复了 ${parentAuthor}：`,
  ownerPending: '这条评论正在等待审核：通过后读者才能看到它。',
  ownerCommentLink: (url: string) => `查看评论：${url}`,
  ownerAdminLink: (url: string) => `管理评论：${url}`,

  replySubject: (author: string, title: string) => `${author} 回复了你在《${title}》的评论`,
  replyGreeting: (author: string) => `${author}，你好：`,
  replyIntro: (author: string, title: string) => `${author} 回复了你在《${title}》下的评论。`,
  replyYourComment: '你的评论：',
  replyText: '回复：',
  replyLink: (url: string) => `查看回复：${url}`,
  replyUnsubscribe: (url: string) => `不想再收到回复通知？点此退订（无需登录）：${url}`,
  replyFooter: '这封邮件由网站自动发送，请勿直接回复。',

  unsubscribed: '已退订：此邮箱不会再收到评论回复通知。',
  unsubscribeTitle: '退订评论回复通知',
  unsubscribeInvalid: '退订链接无效或不完整',
  mailNotFound: '邮件不存在',
  mailDismissed: '已移除',
} as const;
