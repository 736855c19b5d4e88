import { describe, expect, it } from 'vitest';
import { CommentTable } from '../../src/store/comment-table.js';
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

  it('lets the least recently read articles go, and reads them again when asked', () => {
    // Two articles of 15,000 comments each: more than the table keeps of recently read ones.
    const big = (articleId: number, from: number) =>
      Array.from({ length: 15_000 }, (_, index) => comment(from + index, articleId));
    const disk = fakeDisk({ 1: big(1, 1), 2: big(2, 15_001) });
    const table = openTable(disk);
    expect(table.forArticle(1)).toHaveLength(15_000);
    expect(table.forArticle(2)).toHaveLength(15_000);
    expect(table.forArticle(1)).toHaveLength(15_000);
    expect(disk.reads.get(1)).toBe(2);
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
