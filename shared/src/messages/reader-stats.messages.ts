/**
 * Reader statistics (server/API.md §E23): what the server answers about a page-view hit and a
 * statistics report it was asked for badly.
 */
export const ReaderStatsMessages = {
  hitTooLarge: (maxBytes: number) => `统计请求过大：最多 ${maxBytes} 字节`,
  hitInvalid: '统计请求无效：应为 JSON 对象 { "path": "/…", "referrer": "…" }',
  dateInvalid: (name: string) => `${name} 日期无效：应为 YYYY-MM-DD 格式的有效日期`,
  rangeReversed: '起始日期不能晚于结束日期',
  rangeTooLong: (maxDays: number) => `统计范围最多 ${maxDays} 天`,
  otherKey: '其他',
  backupStatsTooManyKeys: (max: number) => `reader_stats 中某一天的某项统计超过 ${max} 条`,
} as const;
