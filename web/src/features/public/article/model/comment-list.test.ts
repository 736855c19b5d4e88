import { describe, expect, it } from 'vitest';
import { buildComment } from './build-comment';
import { hasMoreThreads, withOwnComments } from './comment-list';

const comment = (id: number, parentId: number | null = null) => buildComment(id, id, parentId);

describe('withOwnComments', () => {
  it('adds a posted comment or reply the page missed and counts it', () => {
    const page = withOwnComments({ comments: [comment(3), comment(1)], total: 2 }, [comment(2), comment(4, 1)]);
    expect(page.comments.map((shown) => shown.id)).toEqual([3, 1, 2, 4]);
    expect(page.total).toBe(4);
  });

  it('does not add a posted comment the page already holds', () => {
    const fetched = { comments: [comment(2), comment(1)], total: 2 };
    expect(withOwnComments(fetched, [comment(2)])).toBe(fetched);
  });
});

describe('hasMoreThreads', () => {
  it('is true while the article has comments the loaded threads do not hold', () => {
    expect(hasMoreThreads({ comments: [comment(2), comment(3, 2)], total: 3 })).toBe(true);
    expect(hasMoreThreads({ comments: [comment(2), comment(3, 2)], total: 2 })).toBe(false);
    expect(hasMoreThreads(withOwnComments({ comments: [comment(2)], total: 1 }, [comment(5, 2)]))).toBe(false);
  });
});
