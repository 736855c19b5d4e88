import type { ArticleRecord } from '../../src/store/records.js';

/** An article record as the store keeps it: a published article, unchanged since its creation. */
export const buildArticleRecord = (id: number, overrides: Partial<ArticleRecord> = {}): ArticleRecord => ({
  id,
  slug: `wen-zhang-${id}`,
  title: `文章 ${id}`,
  category: '',
  tags: [],
  summary: '',
  cover: '',
  created_at: '2025-01-01T00:00:00Z',
  updated_at: '2025-01-01T00:00:00Z',
  deleted_at: null,
  status: 'published',
  publish_at: '2025-01-01T00:00:00Z',
  body_rev: 1,
  revision: 1,
  ...overrides,
});
