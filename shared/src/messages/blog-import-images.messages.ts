/**
 * Moving a blog in (server/API.md §E21): why an image of the old blog was not brought over. Each
 * one stands in the report beside the image's address, which the article keeps.
 */
export const BlogImportImageMessages = {
  notWebAddress: '不是 http 或 https 地址，未抓取',
  invalidAddress: '图片地址无效',
  relativeWithoutSite: '相对地址，但不知道原站地址（导入时请填写原站网址）',
  privateAddress: '私有地址：图片地址指向内网、本机或保留地址，未抓取（如需抓取请设置 IMPORT_ALLOW_PRIVATE_HOSTS=true）',
  hostNotFound: '域名无法解析',
  connectionFailed: (code: string) => (code ? `连接失败（${code}）` : '连接失败'),
  timedOut: (seconds: number) => `超时：${seconds} 秒内没有下载完`,
  tooLarge: (mb: number) => `太大：超过 ${mb} MB`,
  httpStatus: (status: number) => `HTTP ${status}`,
  tooManyRedirects: (max: number) => `重定向超过 ${max} 次`,
  redirectWithoutLocation: '重定向没有给出新地址',
  notAnImage: '不是图片',
  archiveUnreadable: '压缩包里的这张图片读不出来',
} as const;
