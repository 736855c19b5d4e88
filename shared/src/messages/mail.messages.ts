/** Comment mail (server/API.md §E13): what the mails say, and the server's answers about them. */
export const MailMessages = {
  ownerSubject: (title: string) => `《${title}》有新评论`,
  ownerSubjectPending: (title: string) => `《${title}》有新评论（待审核）`,
  ownerIntro: (author: string, title: string) => `${author} 评论了《${title}》：`,
  ownerReplyIntro: (author: string, title: string, parentAuthor: string) => `${author} 在《${title}》回复了 ${parentAuthor}：`,
  ownerPending: '这条评论正在等待审核：通过后读者才能看到它。',
  ownerCommentLink: (url: string) => `查看评论：${url}`,
  ownerAdminLink: (url: string) => `管理评论：${url}`,

  // No visitor's words in a subject: a nickname there would let anyone write the first line a stranger reads.
  replySubject: (title: string) => `你在《${title}》的评论有了新回复`,
  replyGreeting: (author: string) => `${author}，你好：`,
  replyIntro: (author: string, title: string) => `${author} 回复了你在《${title}》下的评论。`,
  replyYourComment: '你的评论：',
  replyText: '回复：',
  replyLink: (url: string) => `查看回复：${url}`,
  replyUnsubscribe: (url: string) => `不想再收到回复通知？点此退订（无需登录）：${url}`,
  replyFooter: '这封邮件由网站自动发送，请勿直接回复。',

  confirmSubject: (title: string) => `请确认是否接收《${title}》的评论回复通知`,
  confirmIntro: (title: string) => `有人在《${title}》发表评论时留下了这个邮箱。`,
  confirmAsk: '如果是你，并希望有人回复你的评论时收到邮件通知，请打开下面的链接确认（无需登录）：',
  confirmIgnore: '如果不是你，忽略这封邮件即可：不确认，此邮箱就不会收到任何回复通知。',
  confirmUnsubscribe: (url: string) => `不想再收到本站的邮件？点此退订：${url}`,
  confirmed: '已确认：有人回复你的评论时，会发邮件通知此邮箱。',
  confirmTitle: '确认评论回复通知',
  confirmInvalid: '确认链接无效或不完整',

  digestSubject: (count: number) => `博客又有 ${count} 条新评论（汇总）`,
  digestIntro: (perHour: number, count: number) =>
    `这一小时里已逐条通知了 ${perHour} 条评论；为免邮件太多，之后的 ${count} 条汇总在这封邮件里：`,
  digestEntry: (author: string, title: string, pending: boolean) =>
    `${author} 评论了《${title}》${pending ? '（待审核）' : ''}：`,
  digestMore: (count: number) => `另有 ${count} 条未列出，请到管理后台查看。`,
  outboxFull: '发件箱已满（等待发送的邮件超过上限），最早的邮件未发送即被丢弃',

  unsubscribed: '已退订：此邮箱不会再收到评论回复通知。',
  unsubscribeTitle: '退订评论回复通知',
  unsubscribeInvalid: '退订链接无效或不完整',
  mailNotFound: '邮件不存在',
  mailDismissed: '已移除',
} as const;
