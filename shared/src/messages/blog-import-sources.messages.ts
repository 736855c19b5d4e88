/**
 * Wording of the Ghost and static-site readers of a blog import (server/API.md §E21): why a file
 * is refused as a whole, why a post was left out, and what the owner should know.
 */
export const BlogImportSourceMessages = {
  zipUnreadable: '压缩包无法读取：文件已损坏或不是 zip 文件',
  zipUnsafePath: (entry: string) => `压缩包中的路径不安全（会跳出解压目录），已拒绝整个文件：${entry}`,
  zipTooManyEntries: (max: number) => `压缩包中的文件超过 ${max} 个，已拒绝`,
  zipTooLarge: (maxMb: number) => `压缩包解压后超过 ${maxMb} MB（可能是压缩炸弹），已拒绝`,
  zipSuspiciousRatio: (entry: string) => `压缩包中的文件压缩比异常（可能是压缩炸弹），已拒绝：${entry}`,
  zipEntryBroken: (entry: string) => `压缩包中的文件已损坏，无法解压：${entry}`,
  zipNoMarkdown: '压缩包中没有 Markdown 文章（.md 或 .markdown 文件）',

  skipListPage: 'Hugo 列表页（_index.md），不是文章',
  skipOutsidePosts: '不在文章目录中的 Markdown 文件（主题、说明文件等）',
  skipMarkdownTooLarge: (maxMb: number) => `Markdown 文件超过 ${maxMb} MB`,
  skipNotUtf8: 'Markdown 文件不是 UTF-8 编码',
  fileNote: (file: string, note: string) => `${file}：${note}`,

  ghostTooLarge: (maxMb: number) => `Ghost 导出文件超过 ${maxMb} MB，已拒绝`,
  ghostNotJson: 'Ghost 导出文件不是有效的 JSON',
  ghostNoPosts: '不是 Ghost 导出文件：找不到 db[0].data.posts',
  skipGhostMobiledoc: '正文只有 Mobiledoc 格式（不支持；请用 Ghost 5 或更新版本重新导出，导出会带 html）',
  skipGhostNoBody: '文章没有正文（html 和 lexical 都没有）',
  skipGhostBrokenLexical: '文章的 Lexical 正文无法解析',
  ghostSiteUrlUnknown:
    '不知道旧站地址：__GHOST_URL__ 已改为站内路径（/content/images/…），图片无法从旧站抓取；请填写旧站地址后重新导入',
  ghostEmailOnly: (title: string) => `仅以邮件发送、未在网站发布的文章按草稿导入：${title}`,
} as const;
