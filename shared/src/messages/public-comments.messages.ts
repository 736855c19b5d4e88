/**
 * The public article page's conversation (docs/spec.md §2.3): replies under a comment, the
 * owner's 作者 mark, the optional e-mail for reply notices and the threads beyond the first page.
 * What the server answers about it (回复的评论不存在, 评论已提交，待审核) is in
 * `CommentConversationMessages`.
 */
export const PublicCommentMessages = {
  reply: '回复',
  /** The reply button's accessible name: which comment it answers. */
  replyTo: (author: string) => `回复 ${author}`,
  /** Before a reply that answers another reply, then that reply's nickname. */
  answering: '回复 @',
  ownerMark: '作者',
  /** On this browser's own comment that waits for the owner's review. */
  heldMark: '待审核',
  heldNote: '仅你可见：博主审核通过后，其他读者才能看到这条评论。',
  email: '邮箱（选填，仅用于接收回复通知，不会公开）',
  replyContent: '回复内容',
  postReply: '发表回复',
  cancelReply: '取消',
  moreComments: '更多评论',
  loadingMoreComments: '加载中...',
} as const;
