/**
 * Draft preview links (server/API.md §E17): what the server answers about them, what the
 * editors' panel shows and the banner a preview page carries.
 */
export const PreviewLinkMessages = {
  created: '预览链接已生成',
  revoked: '预览链接已撤销',
  daysInvalid: 'days 必须是 1 到 30 之间的整数（预览链接的有效天数）',
  articlePublished: '文章已发布，读者可以直接访问，无需预览链接',
  linkNotFound: '预览链接不存在或已被撤销',
  previewNotFound: '预览链接无效、已过期或已被撤销',

  button: '预览链接',
  panelTitle: '预览链接',
  panelHint: '拿到链接的人无需登录即可查看这篇文章最近一次保存的版本；未保存的修改不会出现在预览中。',
  create: '生成预览链接',
  creating: '正在生成…',
  copy: '复制',
  copied: '已复制',
  copyFailed: '复制失败，请手动选择链接复制',
  revoke: '撤销',
  revokeLabel: (expiresAt: string) => `撤销 ${expiresAt} 到期的预览链接`,
  close: '关闭',
  none: '还没有有效的预览链接',
  existing: '有效的预览链接',
  newLink: '新的预览链接（只显示这一次，请现在复制）',
  expiresAt: (when: string) => `有效期至 ${when}`,
  createdAt: (when: string) => `创建于 ${when}`,
  loadFailed: '读取预览链接失败',
  publishedHint: '文章已发布，无需预览链接。',

  banner: '预览',
  bannerText: (expiresAt: string) => `这是尚未发布的文章的预览，只有拿到链接的人能看到。链接有效期至 ${expiresAt}。`,
  titlePrefix: '预览：',
} as const;
