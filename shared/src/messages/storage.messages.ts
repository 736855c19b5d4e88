/** What the admin is told of the data directory's health (server/API.md §E15). */
export const StorageMessages = {
  commitFailedDiskFull: '保存失败：磁盘已满，这次更改没有保存。请腾出磁盘空间后重试。',
  commitFailed: (code: string) => `保存失败：数据目录无法写入（${code}），这次更改没有保存。`,
  compactionFailedDiskFull: '后台整理文章索引失败：磁盘已满。文章日志会继续变大，直到整理成功。',
  compactionFailed: (code: string) => `后台整理文章索引失败（${code}）。文章日志会继续变大，直到整理成功。`,
  bannerFailingTitle: '数据目录写入失败',
  bannerRefusingTitle: '数据目录无法写入，所有保存都被拒绝',
  bannerRefusingBody: '请检查磁盘并腾出空间：下一次保存会再试；仍然失败时请重启服务器。',
  bannerLowSpaceTitle: '磁盘空间不足',
  bannerLowSpace: (free: string) => `数据目录所在的磁盘只剩 ${free}，之后的保存可能失败。`,
  bannerLastFailure: (at: string, message: string) => `${at}：${message}`,
} as const;
