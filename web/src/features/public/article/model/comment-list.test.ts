import { describe, expect, it } from 'vitest';
import { COMMENTS_PAGE_SIZE } from '@folio/shared';
import type { PublicComment } from '@folio/shared';
import { withOwnComments } from './comment-list';

const comment = (id: number, minute = id): PublicComment => ({
  id,
  article_id: 1,
  author: `读者${id}`,
  content: `评论${id}`,
  created_at: `2026-01-05T10:${String(minute).padStart(2, '0')}:00.000Z`,
});

describe('withOwnComments', () => {
  it('puts a posted comment the page missed in its place, newest first, and counts it', () => {
    const page = withOwnComments({ comments: [comment(3), comment(1)], total: 2 }, [comment(2)]);
    expect(page.comments.map((shown) => shown.id)).toEqual([3, 2, 1]);
    expect(page.total).toBe(3);
  });

  it('does not add a posted comment the page already holds', () => {
    const fetched = { comments: [comment(2), comment(1)], total: 2 };
    expect(withOwnComments(fetched, [comment(2)])).toEqual(fetched);
  });

  it('keeps the page at its size', () => {
    const full = Array.from({ length: COMMENTS_PAGE_SIZE }, (_, index) => comment(COMMENTS_PAGE_SIZE - index));
    const page = withOwnComments({ comments: full, total: 30 }, [comment(50)]);
    expect(page.comments).toHaveLength(COMMENTS_PAGE_SIZE);
    expect(page.comments[0]?.id).toBe(50);
    expect(page.total).toBe(31);
  });
});
