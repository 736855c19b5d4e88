/**
 * Subscription by mail (server/API.md §E23.10): the public form, the mails a subscriber gets, the
 * pages their links open, and the admin's 订阅者 screen.
 */
export const SubscriberMessages = {
  // The public form.
  formTitle: '订阅新文章',
  formHint: '有新文章时发邮件通知你；随时可一键退订。',
  formLabel: '邮箱',
  formPlaceholder: 'you@example.com',
  formSubmit: '订阅',
  formSending: '提交中…',
  checkYourInbox: '请查收确认邮件',
  formFailed: '提交失败，请稍后重试',

  // What the server answers.
  emailInvalid: '请输入有效的邮箱地址',
  notOpen: '本站未配置邮件，暂不能订阅',
  subscriberNotFound: '订阅者不存在',
  removed: '已移除订阅者',
  linkTitleConfirm: '订阅确认',
  confirmed: '订阅成功：有新文章时会发邮件通知此邮箱。',
  linkExpired: '链接已失效：请回到网站重新订阅。',
  linkTitleUnsubscribe: '退订新文章通知',
  unsubscribed: '已退订：此邮箱不会再收到新文章通知。',
  unsubscribeInvalid: '退订链接无效或不完整',
  backToSite: '返回网站',

  // The mails.
  confirmSubject: '请确认订阅新文章通知',
  confirmIntro: '有人用这个邮箱订阅了本站的新文章通知。',
  confirmAsk: '如果是你，请在 48 小时内打开下面的链接确认（无需登录）：',
  confirmIgnore: '如果不是你，忽略这封邮件即可：不确认，此邮箱不会收到任何通知。',
  articleSubject: (title: string) => `新文章：${title}`,
  articleRead: (url: string) => `阅读全文：${url}`,
  articleReadButton: '阅读全文',
  articleUnsubscribe: (url: string) => `不想再收到新文章通知？点此一键退订：${url}`,
  articleUnsubscribeLink: '一键退订',
  footer: '这封邮件由网站自动发送，请勿直接回复。',

  // The admin's 订阅者 screen.
  screenTitle: '订阅者',
  mailOff: '未配置邮件，访客无法订阅。设置 SMTP_URL、MAIL_FROM 和 PUBLIC_URL 后，文章页和首页才会显示订阅表单。',
  columnEmail: '邮箱',
  columnSince: '订阅时间',
  columnConfirmed: '已确认',
  confirmedYes: '是',
  confirmedNo: '否（等待确认）',
  exportCsv: '导出 CSV',
  remove: '移除',
  removeTitle: '移除订阅者',
  removeConfirm: (email: string) => `确定移除 ${email}？此邮箱将不再收到新文章通知。`,
  cancel: '取消',
  empty: '还没有订阅者',
  count: (confirmed: number, total: number) => `已确认 ${confirmed} 人，共 ${total} 人`,
  loadFailed: '订阅者加载失败',

  // The editor's publish option.
  notifySubscribers: '通知订阅者',
  skipNotify: '不通知订阅者',
  notifyInvalid: 'notify_subscribers 应为 true 或 false',
  notifyHint: '首次发布时给已确认的订阅者发一封新文章邮件',
} as const;
