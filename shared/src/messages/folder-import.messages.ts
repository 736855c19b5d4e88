import { DEFAULT_MAX_IMAGE_MB } from '../constants.js';

/**
 * Wording of the desktop's folder import (本地导入) for what a picked folder may hold besides
 * clean posts: site-root image links, image types the server refuses, broken links the owner
 * accepts, unreadable front matter, titles repeated inside the folder, several categories.
 */
export const FolderImportMessages = {
  rootImageMissing: (ref: string) => `在所选文件夹中找不到图片：${ref}`,
  imageUnsupported: (ref: string) => `不支持的图片格式（只支持 JPEG、PNG、GIF、WebP），导入时跳过该图片：${ref}`,
  imageTooLarge: (ref: string) => `图片超过${DEFAULT_MAX_IMAGE_MB}MB，导入时跳过该图片：${ref}`,
  brokenLinksNotAccepted: (refs: string) => `图片不存在，且未确认保留失效链接：${refs}`,
  brokenLinkKept: (ref: string) => `图片不存在，已保留失效链接：${ref}`,
  frontMatterBroken: '头信息（front matter）无法解析：只导入正文，标题和日期取自文件名',
  sameTitleInFolder: (others: string) => `所选文件中还有同名文章：${others}`,
  categoriesAsTags: (categories: string) => `只能有一个分类，其余分类作为标签导入：${categories}`,

  acceptBrokenLinks: '保留失效链接，仍然导入',
  sameTitleInFolderBadge: '文件夹内同名',
} as const;
