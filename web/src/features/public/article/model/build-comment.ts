import type { PublicComment } from '@folio/shared';

/** A visitor's comment for the model's tests, made `minute` minutes into the hour, answering `parentId`. */
export const buildComment = (id: number, minute = id, parentId: number | null = null): PublicComment => ({
  id,
  article_id: 1,
  author: `读者${id}`,
  content: `评论${id}`,
  created_at: `2026-01-05T10:${String(minute).padStart(2, '0')}:00.000Z`,
  parent_id: parentId,
  is_owner: false,
});
