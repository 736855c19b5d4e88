import { z } from 'zod';
// Every module that builds a schema loads zod's Chinese messages and CSP-safe mode with it: the
// package is marked side-effect free except for that file, so a page that needs no schema loads no zod.
import './messages/zod-issues.js';
import { ServerMessages } from './messages/server.messages.js';

/**
 * What the desktop app's core modules, its IPC channel table and its screens share: limits,
 * draft states, the profile schema and every Chinese message the desktop shows.
 */

export const DESKTOP_LIMITS = {
  /** Local revisions kept per draft (the ring the draft screen restores from). */
  draftRevisions: 20,
  /** A new revision snapshot is taken when the last one is older than this. */
  draftRevisionIntervalMs: 60_000,
  /**
   * Longest wait between the first unsaved keystroke and its local save, also while typing goes on
   * (a throttle, not a debounce): with the disk write after it, a crash loses under a second.
   */
  draftSaveIntervalMs: 500,
  /** A local save that failed (disk full, main busy) is tried again after this. */
  draftSaveRetryMs: 2_000,
  /** Time-out of one HTTP call to the server, so a dead network reads as offline. */
  httpTimeoutMs: 15_000,
  /** Time-out of the connection screen's probe. */
  probeTimeoutMs: 5_000,
  profileName: 64,
  profileUsername: 128,
  serverUrl: 2048,
} as const;

/**
 * The app commands' keys, pressed with Ctrl (Cmd on macOS): the menu's accelerators and the
 * page's own key handling are both made from this, so they cannot disagree.
 */
export const DESKTOP_COMMAND_KEYS = { 'new-article': 'N', save: 'S', find: 'F' } as const;

/** The four visible states of a desktop draft (docs/spec.md §2.6). */
export const DRAFT_STATES = ['local', 'pending', 'synced', 'conflict'] as const;
export type DraftState = (typeof DRAFT_STATES)[number];
export const DRAFT_STATE_LABELS: Record<DraftState, string> = {
  local: '仅本地',
  pending: '待发布',
  synced: '已同步',
  conflict: '冲突',
};

export const DesktopMessages = {
  urlRequired: '请填写服务器地址',
  urlMalformed: '服务器地址格式不正确，请输入以 http:// 或 https:// 开头的完整地址',
  urlHasCredentials: '服务器地址中不能包含用户名或密码',
  serverTimeout: '服务器没有响应（连接超时），请检查地址和网络',
  serverUnreachable: '无法连接到服务器，请检查地址是否正确、服务器是否已启动',
  notFolio: '该地址有服务响应，但不是 Folio 服务器',
  wrongCredentials: '用户名或密码错误',
  loginLocked: '登录失败次数过多，请15分钟后再试',
  serverError: (status: number) => `服务器返回错误（HTTP ${status}）`,
  profileNameRequired: '请填写配置名称',
  profileNameTooLong: `配置名称不能超过${DESKTOP_LIMITS.profileName}个字符`,
  usernameRequired: '请填写用户名',
  profileNotFound: '服务器配置不存在',
  profileFileUnreadable: '服务器配置文件已损坏，已按空列表打开',

  encryptionUnavailable: '系统加密不可用，无法在本机保存登录状态',
  insecureStorage: '系统没有可用的密钥环，登录令牌只能以近似明文的方式保存在本机。确认后才会保存。',

  draftNotFound: '草稿不存在',
  revisionNotFound: '该历史版本不存在',
  draftNotConflicted: '该草稿没有冲突',
  draftNotSynced: '只有已同步的草稿可以移除',
  mergedTextRequired: '请填写合并后的正文',
  offlineQueued: '服务器暂时无法连接，草稿已保存为待发布，恢复连接后会自动发布',
  offlineWillSync: '服务器暂时无法连接，草稿已保存在本机，恢复连接后会自动同步到服务器（不会发布）',
  conflictDetected: '服务器上的文章在你编辑期间被修改过，请选择如何处理冲突',
  serverCopyDeleted: '服务器上的这篇文章已被删除或移入回收站',
  keptAsNewTitle: (title: string) => `${title}（本地副本）`,
  idempotencyMismatch: '发布请求与之前的请求不一致，请重试',

  importNoTitle: '缺少标题（将使用文件名）',
  importBodyEmpty: '正文为空',
  importImageMissing: (ref: string) => `图片不存在：${ref}`,
  importImageUnreadable: (ref: string) => `图片无法读取：${ref}`,
  importDuplicateTitle: '服务器上已有同名文章',
  importNotUtf8: '文件不是UTF-8编码',
  importTooLarge: '文件超过1MB',
  importFileUnreadable: '文件无法读取',
  importCancelled: '已取消',
  importImageUploadFailed: (ref: string, message: string) => `图片上传失败：${ref}（${message}）`,
  importCoverInvalid: '封面地址无效，已忽略',
  importUpdatedBeforeDate: ServerMessages.mdUpdatedBeforeDate,
  importDone: (imported: number, updated: number, skipped: number, failed: number) =>
    `导入完成：新增${imported}篇，更新${updated}篇，跳过${skipped}个，失败${failed}个`,
} as const;

/** A server profile as the connection screen saves it (the password is never part of it). */
export const serverProfileInputSchema = z.object({
  id: z.string().min(1).max(64).optional(),
  name: z
    .string({ error: DesktopMessages.profileNameRequired })
    .trim()
    .min(1, DesktopMessages.profileNameRequired)
    .max(DESKTOP_LIMITS.profileName, DesktopMessages.profileNameTooLong),
  url: z.string({ error: DesktopMessages.urlRequired }).trim().min(1, DesktopMessages.urlRequired).max(DESKTOP_LIMITS.serverUrl),
  username: z
    .string({ error: DesktopMessages.usernameRequired })
    .trim()
    .min(1, DesktopMessages.usernameRequired)
    .max(DESKTOP_LIMITS.profileUsername),
  remember: z.boolean().default(false),
});
export type ServerProfileInput = z.input<typeof serverProfileInputSchema>;
