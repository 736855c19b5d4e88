/**
 * Images put into the body editor (pasted, dropped or picked with 插入图片) and the cover field
 * (picked, dropped or pasted), in both editors: the placeholder, the progress line, the refusals.
 */
export const ImageInsertMessages = {
  insertImage: '插入图片',
  /** The text held at the cursor while a file uploads; `marker` tells several uploads apart. */
  placeholder: (name: string, marker: string) => `![上传中 ${name}… ${marker}]()`,
  progress: (name: string, percent: number) => `${name} ${percent}%`,
  uploadingCount: (count: number) => `正在上传 ${count} 张图片：`,
  failed: (name: string, reason: string) => `图片 ${name} 上传失败：${reason}`,
  notImage: (name: string) => `${name} 不是图片，只能插入图片`,
  noServer: '未连接服务器（离线），无法上传图片，联网后再插入',
  dismiss: '关闭提示',
  coverDropHint: '可拖入或粘贴图片',
  coverFailed: (reason: string) => `封面上传失败：${reason}`,
  coverUploaded: '封面已上传',
  /** The desktop kept an image with an offline draft, and its file is gone when the draft syncs. */
  keptImageMissing: (name: string) => `本机保存的图片 ${name} 已不存在，请删除该图片链接或重新插入图片`,
} as const;
