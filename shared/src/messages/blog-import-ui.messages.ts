/**
 * The admin's 导入博客 screen (server/API.md §E21), in the browser and the desktop app: the form,
 * the progress of each phase and the report. What the server itself answers is not here.
 */
export const BlogImportUiMessages = {
  tab: '导入博客',
  title: '导入博客',
  intro:
    '从 WordPress、Ghost 或静态博客（Hexo、Hugo、Jekyll）搬进 Folio：文章、评论和图片一起导入，旧文章和旧图片的地址自动跳转到新地址。同一个文件再导入一次不会重复添加。',

  fileLabel: '导出文件',
  chooseFile: '选择文件',
  chooseAnotherFile: '换一个文件',
  noFile: '还没有选择文件',
  fileHint:
    'WordPress 的导出文件（.xml，后台“工具 → 导出”）、Ghost 的导出文件（.json，“Settings → Labs → Export”），或 Hexo、Hugo、Jekyll 源码目录打成的 .zip。格式按文件内容识别，与文件名和扩展名无关。',
  fileSize: (size: string) => `大小 ${size}`,

  siteUrl: '原站地址',
  siteUrlPlaceholder: 'https://old.example.com',
  siteUrlHint:
    '旧博客的网址。用来补全 Ghost 导出里的 __GHOST_URL__ 和正文中的相对链接（例如 /wp-content/uploads/… 的图片），也用来识别哪些链接是旧站自己的地址。',
  pagesCategory: '页面导入到分类',
  pagesCategoryPlaceholder: '例如：页面',
  pagesCategoryHint: 'WordPress 的页面（关于我、留言板等）作为文章导入到这个分类；留空则不导入页面，报告会列出跳过了几篇。',
  permalink: '固定链接格式',
  permalinkPlaceholder: '/:year/:month/:title/',
  permalinkHint:
    '只用于静态博客：旧文章地址的格式，用来让旧地址跳转到新文章。留空则读取站点配置（Hexo 的 _config.yml、Hugo 的 permalinks），Jekyll 用它的默认格式。',

  start: '开始导入',
  uploading: '正在上传…',
  fileRequired: '请先选择要导入的文件',
  startFailed: '导入没有开始',
  nothingChanged: '网站没有任何改动。',

  runningTitle: '正在导入',
  runningFile: (name: string) => `文件：${name}`,
  progressLabel: '导入进度',
  phases: {
    reading: '读取',
    articles: '文章',
    comments: '评论',
    images: '图片',
    redirects: '重定向',
  },
  phaseCount: (done: number | string, total: number | string) => `${done} / ${total}`,
  phaseWaiting: '等待',
  phaseWorking: '进行中',
  phaseDone: '完成',
  runningHint: '可以离开这个页面，导入会在服务器上继续；回到这里能看到进度和结果。',
  cancel: '取消',
  cancelTitle: '取消导入？',
  cancelBody: '已经读取和下载的内容都会丢弃，网站不会有任何改动。',
  cancelConfirm: '取消导入',
  cancelKeep: '继续导入',
  cancelling: '正在取消…',
  cancelFailed: '取消失败',
  progressFailed: '读取导入进度失败，正在重试…',

  succeeded: '导入完成',
  succeededSummary: (articles: number, pages: number, comments: number) =>
    `导入了 ${articles} 篇文章、${pages} 个页面、${comments} 条评论。`,
  nothingNew: '这个文件里的内容之前都已导入过，这次没有新增任何文章、页面或评论。',
  somePresent: (articles: number, comments: number) =>
    `${articles} 篇文章和 ${comments} 条评论之前已经导入过，这次没有重复添加。`,
  failed: '导入失败',
  cancelled: '已取消，网站没有任何改动',
  format: {
    wordpress: 'WordPress（WXR）',
    ghost: 'Ghost',
    'static-site': '静态博客（Hexo、Hugo、Jekyll）',
  },
  formatDetected: (format: string) => `识别为 ${format}`,

  countsTitle: '导入的内容',
  countKind: '类别',
  countImported: '新导入',
  countPresent: '之前已导入',
  countArticles: '文章',
  countPages: '页面',
  countComments: '评论',
  countNotApplicable: '—',

  skippedTitle: '跳过的内容',
  skippedNone: '没有跳过任何内容。',
  skippedReason: (reason: string, count: number) => `${reason}：${count} 项`,
  skippedExamples: (examples: string) => `例如：${examples}`,

  imagesTitle: '图片',
  imagesFetched: '从网上下载',
  imagesFromArchive: '取自压缩包',
  imagesFailed: '失败（保留原地址）',
  imagesFailedList: (count: number) => `下载失败的 ${count} 张图片`,

  redirectsTitle: '重定向',
  redirectsMade: (count: number) => `建立了 ${count} 条重定向：旧地址会 301 永久跳转到新地址，可以在“重定向”页修改。`,
  redirectsNone: '没有建立重定向。',
  redirectsList: (count: number) => `查看 ${count} 条重定向`,
  redirectArrow: '→',
  andMore: (count: number) => `还有 ${count} 条未列出`,

  warningsTitle: '提醒',
  importAnother: '再导入一个文件',
  viewArticles: '查看文章',
} as const;
