import { z } from 'zod';

/**
 * Whether the RSS feeds carry each article whole or only its excerpt (server/API.md §E18): the
 * owner's choice of 订阅源 全文 or 摘要, full text unless chosen otherwise.
 */
export interface FeedSettings {
  feed_full_text: boolean;
}

export const DEFAULT_FEED_SETTINGS: Readonly<FeedSettings> = { feed_full_text: true };

/** The site block that keeps the choice, so backups carry it as they carry every block (server/API.md §5). */
export const FEED_SETTINGS_BLOCK = 'feed';
/** Its key in that block: `"true"` or `"false"`, as block values are text. */
export const FEED_FULL_TEXT_KEY = 'full_text';

export const FeedSettingsMessages = {
  saved: '订阅源设置已保存',
  fullTextInvalid: 'feed_full_text 只能是 true（全文）或 false（摘要）',
  sectionTitle: '订阅源',
  fullText: '全文',
  excerptOnly: '摘要',
  hint: '全文：RSS 中每篇文章附带完整正文；摘要：只附带摘要。',
  loadFailed: '订阅源设置加载失败',
  saveFailed: '订阅源设置保存失败',
} as const;

/** `PUT /api/admin/settings/feed` (server/API.md §E18). */
export const feedSettingsSchema = z.object(
  { feed_full_text: z.boolean({ error: FeedSettingsMessages.fullTextInvalid }) },
  { error: FeedSettingsMessages.fullTextInvalid },
);
