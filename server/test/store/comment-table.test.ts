import { describe, expect, it } from 'vitest';
import { CommentTable, RECENT_COMMENT_BYTES, estimateCommentBytes } from '../../src/store/comment-table.js';
import type { CollectionFile, CommentRecord } from '../../src/store/records.js';

const comment = (id: number, articleId: number, content = `评论 ${id}`): CommentRecord => ({
  id,
  article_id: articleId,
  author: '读者',
  email: '',
  content,
  ip_address: '',
  user_agent: '',
  created_at: '2026-11-26T00:00:00.000Z',
});

/** A user agent as long as the longest a client sent before its length was bounded. */
const USER_AGENT_UNITS = 15_500;

/** `count` comments of one article, each with a 15.5 KB user agent. */
const heavy = (articleId: number, fromId: number, count: number): CommentRecord[] =>
  Array.from({ length: count }, (_, index) => ({
    ...comment(fromId + index, articleId),
    user_agent: 'M'.repeat(USER_AGENT_UNITS),
  }));

/** Comment files on a pretend disk, counting how often each is read. */
function fakeDisk(files: Record<number, CommentRecord[]>) {
  const reads = new Map<number, number>();
  const read = (articleId: number): CollectionFile<CommentRecord> | null => {
    reads.set(articleId, (reads.get(articleId) ?? 0) + 1);
    const items = files[articleId];
    return items ? { next_id: 1, items } : null;
  };
  return { files, reads, read };
}

/** A table opened on the disk's files, as the store opens it. */
function openTable(disk: ReturnType<typeof fakeDisk>): CommentTable {
  const table = new CommentTable(disk.read);
  for (const [articleId, items] of Object.entries(disk.files)) table.load(Number(articleId), { next_id: 1, items });
  table.settle();
  disk.reads.clear();
  return table;
}

describe('CommentTable', () => {
  it('adds a new article’s comments as one group, as putting them one by one does', () => {
    const held = { ...comment(12, 7), status: 'pending' as const };
    const owner = { ...comment(13, 7), is_owner: true };
    const group = [comment(11, 7), held, owner];
    const one = openTable(fakeDisk({ 1: [comment(1, 1)] }));
    for (const record of group) one.put(record);
    const whole = openTable(fakeDisk({ 1: [comment(1, 1)] }));
    whole.putNewGroup(7, group);

    for (const table of [one, whole]) {
      expect(table.forArticle(7)).toEqual(group);
      expect(table.countFor(7)).toBe(3);
      expect(table.visibleCountFor(7)).toBe(2);
      expect(table.heldCount).toBe(1);
      expect(table.visitorCountFrom(1)).toBe(3);
      expect(table.next_id).toBe(14);
      expect(table.fileOf(7)?.items).toEqual(group);
      expect(table.takeChanged()).toEqual([7]);
    }
  });

  it('adds a group one comment at a time when its article has comments or an id is taken', () => {
    const table = openTable(fakeDisk({ 1: [comment(1, 1)] }));
    table.putNewGroup(1, [comment(2, 1)]);
    expect(table.forArticle(1).map(({ id }) => id)).toEqual([1, 2]);
    // Id 2 moves to article 3, as put moves a comment whose article changed.
    table.putNewGroup(3, [comment(2, 3), comment(4, 3)]);
    expect(table.forArticle(1).map(({ id }) => id)).toEqual([1]);
    expect(table.forArticle(3).map(({ id }) => id)).toEqual([2, 4]);
    expect(table.size).toBe(3);
  });

  it('holds counts at start and reads an article’s comments from its file when first asked, then keeps them', () => {
    const disk = fakeDisk({ 1: [comment(1, 1), comment(2, 1)], 2: [comment(3, 2)] });
    const table = openTable(disk);
    expect(table.size).toBe(3);
    expect(table.countFor(1)).toBe(2);
    expect(table.next_id).toBe(4);
    expect(disk.reads.size).toBe(0);
    expect(table.forArticle(1).map((item) => item.id)).toEqual([1, 2]);
    expect(table.find(2)?.content).toBe('评论 2');
    expect(disk.reads.get(1)).toBe(1);
    expect(table.forArticle(3)).toEqual([]);
    expect(disk.reads.get(3)).toBeUndefined();
  });

  it('lets the least recently read articles go once their comments pass the byte budget, and reads them again when asked', () => {
    // Three articles of 100 comments with a 15.5 KB user agent: over 3 MB each, so two fit in 8 MB.
    const disk = fakeDisk({ 1: heavy(1, 1, 100), 2: heavy(2, 101, 100), 3: heavy(3, 201, 100) });
    const table = openTable(disk);
    for (const articleId of [1, 2, 3]) expect(table.forArticle(articleId)).toHaveLength(100);
    expect(table.keptBytes).toBeLessThanOrEqual(RECENT_COMMENT_BYTES);
    expect(table.keptBytes).toBeGreaterThan(RECENT_COMMENT_BYTES / 2);
    expect(table.forArticle(2)).toHaveLength(100);
    expect(table.forArticle(3)).toHaveLength(100);
    expect([disk.reads.get(2), disk.reads.get(3)]).toEqual([1, 1]);
    expect(table.forArticle(1)).toHaveLength(100);
    expect(disk.reads.get(1)).toBe(2);
  });

  it('keeps many articles of ordinary comments', () => {
    const files = Object.fromEntries(
      Array.from({ length: 20 }, (_, index) => {
        const articleId = index + 1;
        return [articleId, Array.from({ length: 500 }, (_, n) => comment(articleId * 1000 + n, articleId))];
      }),
    );
    const disk = fakeDisk(files);
    const table = openTable(disk);
    for (let round = 0; round < 2; round += 1) {
      for (let articleId = 1; articleId <= 20; articleId += 1) expect(table.forArticle(articleId)).toHaveLength(500);
    }
    expect([...disk.reads.values()].every((reads) => reads === 1)).toBe(true);
  });

  it('does not keep an article whose comments alone are over the budget', () => {
    const disk = fakeDisk({ 1: heavy(1, 1, 300) });
    const table = openTable(disk);
    expect(table.forArticle(1)).toHaveLength(300);
    expect(table.keptBytes).toBe(0);
    expect(table.forArticle(1)).toHaveLength(300);
    expect(disk.reads.get(1)).toBe(2);
  });

  it('estimates a comment by its text, two bytes per UTF-16 unit, plus the object', () => {
    const small = estimateCommentBytes(comment(1, 1));
    expect(small).toBeGreaterThan(100);
    expect(small).toBeLessThan(400);
    expect(estimateCommentBytes(heavy(1, 1, 1)[0] as CommentRecord)).toBeGreaterThan(2 * USER_AGENT_UNITS);
  });

  it('keeps a change in memory until it is committed, however much else is read meanwhile', () => {
    const big = Array.from({ length: 25_000 }, (_, index) => comment(index + 10, 2));
    const disk = fakeDisk({ 1: [comment(1, 1)], 2: big });
    const table = openTable(disk);
    table.put(comment(table.takeNextId(), 1, '新评论'));
    table.remove(1);
    expect(table.forArticle(2)).toHaveLength(25_000);
    // The disk still has the old file: the table answers from memory, not from it.
    expect(table.forArticle(1).map((item) => item.content)).toEqual(['新评论']);
    expect(table.takeChanged()).toEqual([1]);
    const written = table.fileOf(1);
    expect(written?.items.map((item) => item.content)).toEqual(['新评论']);
    // A commit that failed keeps it; one that succeeded lets it be read from the written file.
    table.markChanged([1]);
    table.committed([1]);
    expect(table.forArticle(1).map((item) => item.content)).toEqual(['新评论']);
    table.takeChanged();
    disk.files[1] = written?.items ?? [];
    table.committed([1]);
    expect(table.find(1)).toBeUndefined();
    expect(table.countFor(1)).toBe(1);
  });

  it('puts a comment found in another article’s file, or a second record of an id, where it belongs', () => {
    const disk = fakeDisk({
      1: [comment(1, 1), comment(2, 2, '放错了文件'), comment(3, 1, '旧的 3')],
      2: [comment(4, 2)],
      3: [comment(3, 3, '新的 3')],
    });
    const table = openTable(disk);
    expect(table.size).toBe(4);
    expect(table.forArticle(1).map((item) => item.id)).toEqual([1]);
    expect(table.forArticle(2).map((item) => [item.id, item.content])).toEqual([
      [4, '评论 4'],
      [2, '放错了文件'],
    ]);
    expect(table.find(3)?.content).toBe('新的 3');
    expect([table.countFor(1), table.countFor(2), table.countFor(3)]).toEqual([1, 2, 1]);
    // Each of them is rewritten by the next commit.
    expect(table.takeChanged().sort()).toEqual([1, 2, 3]);
    expect(table.fileOf(1)?.items.map((item) => item.id)).toEqual([1]);
  });

  it('removes an article’s comments, its file going with the next commit', () => {
    const disk = fakeDisk({ 1: [comment(1, 1), comment(2, 1)], 2: [comment(3, 2)] });
    const table = openTable(disk);
    table.removeArticle(1);
    expect(table.size).toBe(1);
    expect(table.find(1)).toBeUndefined();
    expect(table.forArticle(1)).toEqual([]);
    expect(table.takeChanged()).toEqual([1]);
    expect(table.fileOf(1)).toBeNull();
    expect(table.all().map((item) => item.id)).toEqual([3]);
  });
});
