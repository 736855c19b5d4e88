/**
 * The admin's 数据统计 screen (server/API.md §E23), in the browser and the desktop app: the range,
 * the totals, the live count and the charts with their tables. What the server answers is in
 * reader-stats.messages.ts.
 */
export const StatsUiMessages = {
  tab: '数据统计',
  title: '数据统计',
  intro:
    '公开页面的浏览量与访客，按天汇总。统计在你自己的服务器上完成：无 Cookie、不记录 IP、不用第三方服务；你登录后台时自己的浏览不计入。',

  rangeLabel: '统计范围',
  range7: '7 天',
  range30: '30 天',
  range90: '90 天',
  range365: '365 天',
  rangeCustom: '自定义',
  customFrom: '开始日期',
  customTo: '结束日期',
  applyCustom: '查看',
  customMissing: '请选择开始日期和结束日期',
  customReversed: '开始日期不能晚于结束日期',
  customTooLong: (maxDays: number) => `统计范围最多 ${maxDays} 天`,
  customFuture: '结束日期不能晚于今天',
  rangeShown: (from: string, to: string) => `${from} 至 ${to}（UTC）`,

  totalViews: '浏览量',
  totalVisitors: '访客',
  totalSubscribers: '订阅者',
  visitorsNow: '正在浏览',
  visitorsNowHint: '最近 5 分钟内的访客',
  totalsLabel: '汇总',

  loadFailed: '统计数据加载失败',
  retry: '重试',

  emptyTitle: '这段时间还没有访问数据',
  emptyBody:
    '读者打开公开页面（首页、文章、文章列表）时，页面向服务器发送一次很小的统计请求；关闭脚本的浏览器由页面里的一张 1 像素图片计数。无 Cookie、不记录 IP 和 User-Agent：访客按每天更换、从不写入磁盘的随机盐计算，磁盘上只保存每天的汇总数字。搜索引擎爬虫、预加载和已登录后台的你不计入。',

  dailyCaption: '每日浏览量与访客',
  pathsCaption: '热门页面',
  referrersCaption: '来源网站',
  referrersHint: '只列出从其他网站点进来的访问；直接打开和站内跳转不算来源。',
  devicesCaption: '设备',
  browsersCaption: '浏览器',

  columnDate: '日期',
  columnPage: '页面',
  columnReferrer: '来源',
  columnDevice: '设备',
  columnBrowser: '浏览器',
  columnViews: '浏览量',
  columnVisitors: '访客',

  showTable: '显示数据表',
  hideTable: '隐藏数据表',
  noRows: '暂无数据',

  landingPage: '首页',
  otherKey: '其他',
  devices: { desktop: '桌面', mobile: '手机', tablet: '平板' } as Readonly<Record<string, string>>,
} as const;
