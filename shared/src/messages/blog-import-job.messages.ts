/**
 * Moving a blog in (server/API.md §E21): what the server answers about an import job, its
 * options and the file, and what a job's report says of what it left out.
 */
export const BlogImportJobMessages = {
  started: '导入已开始',
  cancelling: '正在取消导入',
  alreadyRunning: '已有一个博客导入正在进行，请等它结束或先取消它',
  jobNotFound: '找不到这个导入任务（服务器只保留最近的几个）',
  jobFinished: '这个导入任务已经结束，无法取消',
  fileRequired: '请选择要导入的文件（表单字段 file）：WordPress 导出的 .xml、Ghost 导出的 .json 或静态博客源码的 .zip',
  fileTooLarge: (mb: number) => `导入文件不能超过 ${mb} MB`,
  fileEmpty: '导入文件是空的',
  formatUnknown: '无法识别这个文件：它不是 WordPress 导出的 WXR（.xml）、Ghost 导出的 JSON，也不是静态博客源码的 zip 压缩包',
  formatUnsupported: (format: string) => `这个服务器还不能导入 ${format} 格式的文件`,
  optionsNotJson: 'options 必须是 JSON 对象，例如 {"site_url":"https://old.example.com"}',
  siteUrlInvalid: 'site_url 必须是以 http:// 或 https:// 开头的完整网址，例如 https://old.example.com',
  pagesCategoryTooLong: (max: number) => `pages_category 不能超过 ${max} 个字符`,
  permalinkInvalid: 'permalink 必须是以 / 开头的路径模式，例如 /:year/:month/:title/，不超过 200 个字符',
  failedUnexpectedly: '导入失败，站点没有任何改变：服务器内部错误，请查看服务器日志',
  commitFailed: '导入失败，站点没有任何改变：写入数据目录失败',
  siteChanged: '导入期间站点的数据被修改了，请重新导入',
  skippedPages: '页面（没有指定页面分类）',
  skippedCommentOrphan: '评论所属的文章没有导入',
  skippedCommentEmpty: '评论内容为空',
  skippedTooLong: (max: number) => `正文超过 ${max} 个字符`,
  untitled: '无标题',
  anonymous: '匿名',
  coverDropped: (title: string, cover: string) => `《${title}》的封面地址无法使用，已去掉：${cover}`,
  redirectsCapped: (left: number, max: number) => `重定向已达 ${max} 条上限，另有 ${left} 条旧地址没有建立重定向`,
  redirectSkipped: (from: string, reason: string) => `旧地址 ${from} 没有建立重定向：${reason}`,
} as const;
