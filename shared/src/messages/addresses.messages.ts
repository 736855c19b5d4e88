/**
 * Article addresses and the owner's redirects (server/API.md §E19): what the server answers about
 * them and what the editors' slug field and the admin's 重定向 screen show.
 */
export const AddressMessages = {
  slugRequired: '链接名不能为空',
  slugNotString: '链接名必须是字符串',
  slugTooLong: (max: number) => `链接名不能超过${max}个字符`,
  slugCharacters: '链接名只能由小写英文字母、数字和连字符（-）组成，且不能以连字符开头或结尾',
  slugDigitsOnly: '链接名不能全是数字：纯数字的地址 /articles/{编号} 留给文章编号',
  slugReserved: (slug: string) => `链接名不能是 ${slug}：这个地址是站点自己的页面`,
  slugTaken: (slug: string) => `链接名 ${slug} 已被另一篇文章使用（回收站中的文章也算）`,
  articleSlugNotFound: '文章不存在',

  redirectsNotList: 'redirects 必须是数组：[{ "from": "/旧路径", "to": "/新路径", "status": 301 }]',
  redirectsTooMany: (max: number) => `重定向不能超过 ${max} 条`,
  redirectNotObject: (n: number) => `第 ${n} 条重定向必须是对象：{ "from", "to", "status" }`,
  redirectFromInvalid: (n: number) =>
    `第 ${n} 条重定向的 from 必须是本站的路径：以 / 开头（不能以 // 开头），不含空白、控制字符、反斜杠、? 或 #（只有首页的旧查询地址如 /?p=123 可以带 ?），不超过 1000 个字符`,
  redirectFromReserved: (n: number, from: string) =>
    `第 ${n} 条重定向的 from（${from}）是 Folio 自己的地址（首页、/admin、/api、/uploads、/socket.io 或 /preview），不能重定向`,
  redirectToInvalid: (n: number) =>
    `第 ${n} 条重定向的 to 必须是本站的路径（以 / 开头，不能以 // 开头）或 http(s):// 开头的完整网址，不含空白和控制字符，不超过 2000 个字符`,
  redirectStatusInvalid: (n: number) => `第 ${n} 条重定向的 status 只能是 301（永久）或 302（临时）`,
  redirectDuplicate: (n: number, first: number, from: string) => `第 ${n} 条重定向的 from（${from}）与第 ${first} 条重复`,
  redirectLoop: (chain: string) => `重定向形成循环：${chain}`,
  redirectsSaved: '重定向已保存',

  slugLabel: '链接名',
  slugSave: '保存链接名',
  slugHint: '只能用小写英文字母、数字和连字符；留空则按标题自动生成',
  slugAddress: (address: string) => `文章地址：${address}`,
  slugAutomatic: '保存时按标题生成（中文转为拼音）',
  slugChangedHint: (oldAddress: string) => `修改后，旧地址 ${oldAddress} 会永久跳转到新地址`,

  redirectsTab: '重定向',
  redirectsTitle: '重定向',
  redirectsIntro:
    '把旧地址（例如从别的博客搬来时的 /2020/05/hello-world/）转到新地址。只在 Folio 自己没有这个页面时生效；修改文章链接名时，旧地址会自动出现在这里。',
  redirectsEmpty: '还没有重定向',
  redirectFrom: '旧路径',
  redirectTo: '新地址',
  redirectStatus: '类型',
  redirectPermanent: '301 永久',
  redirectTemporary: '302 临时',
  redirectFromPlaceholder: '/2020/05/hello-world/',
  redirectToPlaceholder: '/articles/hello-world',
  redirectAdd: '添加一条',
  redirectRemove: (n: number) => `删除第 ${n} 条`,
  redirectsSave: '保存',
  redirectsSaving: '正在保存…',
  redirectsLoadFailed: '读取重定向失败',
  redirectsSaveFailed: '保存重定向失败',
  redirectsUnsaved: '有未保存的修改',
} as const;
