import { describe, expect, it } from 'vitest';
import { ArticleChangeTracker } from '../../src/store/article-changes.js';
import type { ArticleRecord } from '../../src/store/records.js';
import { buildArticleRecord } from '../support/article-record.js';

/** A tracker over records 1..count, and the array it watches. */
function trackerOver(count: number) {
  const items = Array.from({ length: count }, (_, index) => buildArticleRecord(index + 1));
  return { items, tracker: new ArticleChangeTracker(items) };
}

const idsOf = (records: readonly ArticleRecord[]) => records.map((record) => record.id);

describe('ArticleChangeTracker', () => {
  it('finds nothing to write when nothing changed', () => {
    const { items, tracker } = trackerOver(3);
    expect(tracker.take(items)).toMatchObject({ put: [], delete: [] });
  });

  it('writes records pushed since the last commit, and only those', () => {
    const { items, tracker } = trackerOver(3);
    items.push(buildArticleRecord(4), buildArticleRecord(5));
    const changes = tracker.take(items);
    expect(idsOf(changes.put)).toEqual([4, 5]);
    changes.settle();
    items.push(buildArticleRecord(6));
    expect(idsOf(tracker.take(items).put)).toEqual([6]);
  });

  it('writes the records a mutation returned, alone, in an array or as a property of its result', () => {
    const { items, tracker } = trackerOver(6);
    tracker.noteResult(items[0]);
    tracker.noteResult([items[1], items[2]]);
    tracker.noteResult({ status: 'updated', article: items[3] });
    tracker.noteResult({ moved: [items[4]] });
    // Copies and look-alikes are not the stored records.
    tracker.noteResult({ ...items[5] });
    tracker.noteResult({ id: 6 });
    expect(idsOf(tracker.take(items).put)).toEqual([1, 2, 3, 4, 5]);
  });

  it('finds removed and replaced records by id when the array is replaced (a purge, an import)', () => {
    const { items, tracker } = trackerOver(4);
    const imported = buildArticleRecord(2, { title: '导入的' });
    const next = [items[0]!, imported, items[3]!, buildArticleRecord(7)];
    const changes = tracker.take(next);
    expect(idsOf(changes.put)).toEqual([2, 7]);
    expect(changes.delete).toEqual([3]);
    changes.settle();
    // The new array is the baseline now.
    next.push(buildArticleRecord(8));
    expect(tracker.take(next)).toMatchObject({ put: [buildArticleRecord(8)], delete: [] });
  });

  it('notices records removed from the array in place, and writes the removal', () => {
    const { items, tracker } = trackerOver(4);
    items.splice(1, 1);
    items.push(buildArticleRecord(5));
    const changes = tracker.take(items);
    expect(changes.delete).toEqual([2]);
    expect(idsOf(changes.put)).toEqual([5]);
  });

  it('takes the same changes again after a commit that failed, with those made since', () => {
    const { items, tracker } = trackerOver(3);
    tracker.noteResult(items[0]);
    items.push(buildArticleRecord(4));
    const failed = tracker.take(items);
    failed.retry();
    tracker.noteResult(items[1]);
    expect(idsOf(tracker.take(items).put)).toEqual([1, 2, 4]);
  });

  it('leaves records pushed after a commit took its changes to the next one', () => {
    const { items, tracker } = trackerOver(2);
    items.push(buildArticleRecord(3));
    const first = tracker.take(items);
    items.push(buildArticleRecord(4));
    first.settle();
    expect(idsOf(tracker.take(items).put)).toEqual([4]);
  });
});
