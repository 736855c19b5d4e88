/**
 * Why a WebDAV or S3 backup target failed (server/API.md §E22), in the owner's words: each names
 * the problem and what to check, since the run's result is all the owner sees of it.
 */
export const BackupTargetMessages = {
  webdavAuthFailed: 'WebDAV 认证失败（401）：用户名或密码不对。',
  webdavForbidden: 'WebDAV 拒绝访问（403）：这个账号不能写入该目录。',
  webdavNotFound: (path: string) => `WebDAV 上找不到 ${path}（404）：请检查地址。`,
  webdavInsufficientStorage: 'WebDAV 空间不足（507）：请在存储服务上腾出空间后重试。',
  webdavStatus: (status: number) => `WebDAV 服务器返回错误 ${status}。`,
  s3KeyInvalid: 'S3 密钥错误：Access Key 或 Secret Key 不对。',
  s3AccessDenied: 'S3 拒绝访问：这对密钥没有读写该 Bucket 的权限。',
  s3NoSuchBucket: (bucket: string) => `S3 上没有名为 ${bucket} 的 Bucket：请检查名称和 Region。`,
  s3EntityTooLarge: 'S3 拒绝了这个大小的文件。',
  s3Status: (code: string) => `S3 服务返回错误 ${code}。`,
  secretMissing: '还没有设置密码或密钥。',
  connectionRefused: (host: string) => `无法连接 ${host}：连接被拒绝，服务没有运行或端口不对。`,
  hostNotFound: (host: string) => `找不到主机 ${host}：请检查地址。`,
  timedOut: (host: string) => `连接 ${host} 超时：服务没有回应。`,
  connectionLost: (host: string, code: string) => `与 ${host} 的连接中断（${code}）。`,
  sourceChanged: '备份文件在上传时变了大小，这次上传作废。',
  notFolioBackup: (name: string) => `${name} 不是 Folio 的备份，不会删除或覆盖。`,
  backupNotFound: (name: string) => `目标上找不到备份 ${name}。`,
} as const;
