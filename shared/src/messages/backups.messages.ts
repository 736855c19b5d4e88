/**
 * Scheduled backups (server/API.md §E22): what the server answers about the settings, the runs,
 * the targets and a restore, and the mail that tells the owner a backup failed.
 */
export const BackupMessages = {
  urlInvalid: '地址必须是 http:// 或 https:// 开头的网址',
  targetIdInvalid: '目标编号只能包含字母、数字、- 和 _，最多 40 个字符',
  targetIdDuplicate: (id: string) => `目标编号 ${id} 重复了`,
  folderPathRequired: '请填写文件夹路径',
  bucketRequired: '请填写 Bucket',
  timeInvalid: '时间必须是 HH:MM 格式，例如 03:30',
  weekdayInvalid: '星期必须是 0（星期日）到 6（星期六）',
  weekdayRequired: '每周备份需要选择星期几',
  keepInvalid: '保留份数必须是 1 到 100 之间的整数',
  targetsTooMany: '备份目标最多 10 个',
  passphraseTooShort: '口令至少需要 8 个字符',
  targetRequired: '请指定备份目标',
  nameInvalid: '请指定要恢复的备份文件名',

  settingsSaved: '备份设置已保存',
  runStarted: '备份已开始',
  runAlreadyRunning: '已有一次备份正在进行，请等它结束',
  noTargets: '还没有设置备份目标，请先在备份设置里添加一个',
  targetNotFound: '备份目标不存在',
  backupNotFound: '在这个备份目标上找不到这份备份',
  targetKindUnavailable: '这个版本的服务器还不支持这种备份目标',

  restored: '已从备份恢复',
  passphraseRequired: '这份备份已加密，请输入口令',
  passphraseWrong: '口令不对，或者备份文件已损坏：没有做任何更改',
  archiveCorrupt: '备份文件已损坏或不完整，无法读取：没有做任何更改',
  safetyBackupFailed: (reason: string) => `恢复前的安全备份失败（${reason}），没有做任何更改`,

  folderNotDirectory: (folder: string) => `备份路径「${folder}」不是文件夹`,
  folderUnwritable: (code: string) => `无法写入备份文件夹（${code}）`,
  verifyMismatch: '上传后读回的备份与本地的 sha256 不一致',
  uploadFailed: (reason: string) => `上传失败：${reason}`,
  interrupted: '服务器在备份完成前停止了，这次备份没有完成',
  archiveFailed: (reason: string) => `生成备份文件失败：${reason}`,

  mailSubject: (site: string) => `[${site}] 备份失败`,
  mailBody: (at: string, failures: string) =>
    `${at} 开始的备份失败了，一分钟后的重试也失败了：\n\n${failures}\n\n请在管理后台的「备份」页面查看并修复备份目标。`,
} as const;
