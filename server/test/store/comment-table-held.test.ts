import { describe, expect, it } from 'vitest';
import { CommentTable } from '../../src/store/comment-table.js';
import type { CollectionFile, CommentRecord } from '../../src/store/records.js';

const comment = (id: number, articleId: number, extra: Partial<CommentRecord> = {}): CommentRecord => ({
  id,
  article_id: articleId,
  author: '读者',
  email: '',
  content: `评论 ${id}`,
  ip_address: '',
  user_agent: '',
  created_at: '2026-11-26T00:00:00.000Z',
  ...extra,
});

/** A table opened on these files without reading any of them again: counts come from loading alone. */
function opened(files: Record<number, CommentRecord[]>): { table: CommentTable; reads: () => number } {
  let reads = 0;
  const table = new CommentTable((articleId): CollectionFile<CommentRecord> | null => {
    reads += 1;
    const items = files[articleId];
    return items ? { next_id: 1, items } : null;
  });
  for (const [articleId, items] of Object.entries(files)) table.load(Number(articleId), { next_id: 1, items });
  table.settle();
  return { table, reads: () => reads };
}

describe('the counts readers see', () => {
  it('leave held comments out from the start, without reading a file', () => {
    const { table, reads } = opened({
      1: [comment(1, 1), comment(2, 1, { status: 'pending' }), comment(3, 1, { is_owner: true, parent_id: 1 })],
      2: [comment(4, 2, { status: 'pending' })],
    });
    expect([table.countFor(1), table.visibleCountFor(1), table.visibleCountFor(2), table.heldCount]).toEqual([3, 2, 0, 2]);
    // Owner replies never count as a visitor's.
    expect(table.visitorCountFrom(1)).toBe(3);
    expect(table.visitorCountFrom(4)).toBe(1);
    expect(reads()).toBe(0);
  });

  it('follow approvals, removals, a purge and a later record of the same id', () => {
    const { table } = opened({
      1: [comment(1, 1, { status: 'pending' }), comment(2, 1, { status: 'pending' })],
      // A damaged directory: id 2 again, shown this time; the later record wins, as put does.
      3: [comment(2, 1, { content: '后来的' })],
    });
    expect([table.visibleCountFor(1), table.heldCount]).toEqual([1, 1]);
    table.put({ ...comment(1, 1), status: 'published' });
    expect([table.visibleCountFor(1), table.heldCount]).toEqual([2, 0]);
    table.put(comment(5, 1, { status: 'pending' }));
    expect([table.countFor(1), table.visibleCountFor(1), table.heldCount]).toEqual([3, 2, 1]);
    table.remove(5);
    expect([table.visibleCountFor(1), table.heldCount]).toEqual([2, 0]);
    table.put(comment(6, 1, { status: 'pending' }));
    table.removeArticle(1);
    expect([table.countFor(1), table.visibleCountFor(1), table.heldCount]).toEqual([0, 0, 0]);
  });
});

describe('looking for a comment across the site', () => {
  it('reads one article at a time, stops at the first found, and keeps none of them', () => {
    const { table, reads } = opened({ 1: [comment(1, 1, { author: '老朋友' })], 2: [comment(2, 2)], 3: [comment(3, 3)] });
    expect(table.some((found) => found.author === '老朋友')).toBe(true);
    expect(reads()).toBe(1);
    expect(table.some((found) => found.author === '没人')).toBe(false);
    expect(reads()).toBe(4);
    expect(table.keptBytes).toBe(0);
  });
});
