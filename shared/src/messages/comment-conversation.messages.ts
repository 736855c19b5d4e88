import { LIMITS } from '../constants.js';
import { COMMENT_SETTINGS_LIMITS } from '../types.js';

/**
 * What the server answers about the conversation under articles (server/API.md §E12): replies,
 * held comments, the owner's replies, moderation settings and blocked addresses.
 */
export const CommentConversationMessages = {
  parentMissing: '回复的评论不存在',
  postedPending: '评论已提交，待审核',
  addressBlocked: '此地址已被禁止评论',
  approved: '已通过',
  replyPosted: '回复已发布',
  replyContentRequired: '回复内容不能为空',
  replyContentTooLong: `回复内容不能超过${LIMITS.commentContent}个字符`,
  settingsSaved: '评论设置已保存',
  moderationInvalid: '审核方式只能是 none（不审核）、first（首次评论需审核）或 all（全部需审核）',
  blockedWordsInvalid: '屏蔽词必须是文字列表',
  blockedWordsTooMany: `屏蔽词不能超过${COMMENT_SETTINGS_LIMITS.entries}个`,
  blockedWordTooLong: `单个屏蔽词不能超过${COMMENT_SETTINGS_LIMITS.entryChars}个字符`,
  blockedAddressesInvalid: '禁止的地址必须是文字列表',
  blockedAddressesTooMany: `禁止的地址不能超过${COMMENT_SETTINGS_LIMITS.entries}个`,
  blockedAddressTooLong: `单个禁止的地址不能超过${COMMENT_SETTINGS_LIMITS.entryChars}个字符`,
  markedSeen: '已标记为已读',
  /** A backup comment's `status` (after the field path, like the other import messages). */
  commentStatusInvalid: '只能是 published 或 pending',
  /** A backup comment's `held_reason`. */
  commentHeldReasonInvalid: '只能是 first、blocked_word 或 all',
} as const;
