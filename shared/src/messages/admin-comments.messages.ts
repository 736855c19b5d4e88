/**
 * The admin's comment page as a conversation (docs/spec.md §2.5): held comments, the owner's
 * replies, 评论设置, mail status, the unread count and the new-comment toast. What the server
 * answers about them is in `CommentConversationMessages`.
 */
export const AdminCommentMessages = {
  filterLabel: '按状态筛选',
  filterAll: '全部',
  filterPending: '待审核',
  pendingBadge: '待审核',
  /** Why a comment waits for review, beside its 待审核 badge. */
  heldReason: {
    first: '首次评论，等待审核',
    blocked_word: '含有屏蔽词',
    all: '当前设置为全部审核',
  },
  ownerMark: '作者',
  answering: '回复 @',
  onArticle: (title: string) => `评论于《${title}》`,
  approve: '通过',
  approveOf: (author: string) => `通过 ${author} 的评论`,
  reply: '回复',
  replyTo: (author: string) => `回复 ${author}`,
  replyLabel: (author: string) => `回复 ${author} 的内容`,
  replyPlaceholder: '写下回复，Ctrl+Enter 发送',
  sendReply: '发送',
  sending: '发送中...',
  approveFailed: (message: string) => `操作失败: ${message}`,
  deleteWithReplies: (count: number) => `确定要删除这条评论吗？它的 ${count} 条回复会一起删除。此操作不可撤销。`,
  pendingEmpty: '没有待审核的评论',

  settings: '评论设置',
  settingsTitle: '评论设置',
  moderation: '评论审核',
  moderationNone: '不审核',
  moderationFirst: '首次评论需审核',
  moderationAll: '全部审核',
  moderationHint: '作者的回复不需要审核。',
  blockedWords: '屏蔽词',
  blockedWordsHint: '每行一个；含有屏蔽词的评论会等待审核（不区分大小写）。',
  blockedAddresses: '屏蔽地址',
  blockedAddressesHint: '每行一个：IP、IP 前缀（如 203.0.113.）、邮箱或 @域名；来自这些地址的评论会被拒绝。',
  settingsLoadFailed: (message: string) => `获取评论设置失败: ${message}`,

  mailNotConfigured: '邮件通知未配置：新评论和回复不会发邮件。',
  mailNotConfiguredHow: '在服务器的环境变量中设置 SMTP_URL、MAIL_FROM 和 OWNER_EMAIL 后重启即可开启。',
  mailNoOwner: '未设置 OWNER_EMAIL：新评论不会发邮件通知你，访客仍会收到回复通知。',
  mailNoOwnerHow: '在服务器的环境变量中设置 OWNER_EMAIL 后重启即可收到新评论邮件。',
  mailFailedTitle: (count: number) => `${count} 封邮件发送失败`,
  mailFailedItem: (to: string, subject: string) => `发给 ${to}：${subject}`,
  mailFailedReason: (reason: string, attempts: number) => `原因：${reason}（已尝试 ${attempts} 次）`,

  unreadBadge: (count: number) => `${count} 条新评论`,
  newComment: (author: string, title: string) => `${author} 评论了《${title}》`,
  newPendingComment: (author: string, title: string) => `${author} 评论了《${title}》（待审核）`,
  openComments: '查看评论',
} as const;
