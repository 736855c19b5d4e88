/**
 * Moving a blog in from WordPress (server/API.md §E21): what the WXR reader says of the file and
 * of what it left out.
 */
export const BlogImportWordPressMessages = {
  notWxr: '这不是 WordPress 导出的 WXR 文件：找不到带 WordPress 命名空间（xmlns:wp）的 <rss><channel>',
  brokenXml: (line: number, column: number, reason: string) =>
    `WXR 文件在第 ${line} 行第 ${column} 列处损坏，不是完整的 XML（${reason}），没有导入任何内容`,
  noChannel: '这个 WXR 文件没有 <channel>，里面没有可导入的内容',
  skippedTrash: '回收站中的文章',
  skippedAutoDraft: '自动草稿',
  skippedPostType: (type: string) => `不是文章或页面（${type}）`,
  skippedStatus: (status: string) => `无法识别的文章状态（${status}）`,
  skippedSpam: '垃圾评论',
  skippedCommentTrash: '回收站中的评论',
  skippedPingback: 'Pingback 和 Trackback',
  untitled: '（无标题）',
  anonymous: '匿名',
  tagDropped: (tag: string, posts: number) =>
    `标签「${tag}」不符合 Folio 的标签规则（只能有中文、字母、数字、下划线、连字符和空格，至多 32 个字），已从 ${posts} 篇文章中去掉`,
  tagsCapped: (posts: number, max: number) => `${posts} 篇文章的标签超过 ${max} 个（或合起来太长），多出的已去掉`,
  localDatesAsUtc: (posts: number) => `${posts} 篇文章或评论没有 GMT 时间，文件也没有说博客的时区，它们的本地时间按 UTC 读取`,
  coverMissing: (title: string, id: string) => `文章「${title}」的特色图片（附件 ${id}）不在导出文件中`,
} as const;
