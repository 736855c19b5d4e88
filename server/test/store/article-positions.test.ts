import { describe, expect, it } from 'vitest';
import { ArticlePositions } from '../../src/store/article-positions.js';
import type { ArticleRecord } from '../../src/store/records.js';
import { buildArticleRecord } from '../support/article-record.js';

const recordsUpTo = (count: number) => Array.from({ length: count }, (_, index) => buildArticleRecord(index + 1));

/** The array behind a proxy that counts how many of its records a lookup reads. */
function counted(items: ArticleRecord[]) {
  const reads = { count: 0 };
  const proxy = new Proxy(items, {
    get(target, key, receiver) {
      if (typeof key === 'string' && /^\d+$/.test(key)) reads.count += 1;
      return Reflect.get(target, key, receiver) as unknown;
    },
  });
  return { proxy, reads };
}

describe('ArticlePositions', () => {
  it('finds an article by id reading a record or two, however many the site holds', () => {
    const positions = new ArticlePositions();
    const { proxy, reads } = counted(recordsUpTo(20_000));
    positions.find(proxy, 1);
    reads.count = 0;
    expect(positions.find(proxy, 12_345)?.id).toBe(12_345);
    expect(positions.find(proxy, 20_000)?.id).toBe(20_000);
    expect(reads.count).toBeLessThanOrEqual(4);
  });

  it('finds records pushed since, indexing only them', () => {
    const positions = new ArticlePositions();
    const items = recordsUpTo(1000);
    const { proxy, reads } = counted(items);
    positions.find(proxy, 1);
    items.push(buildArticleRecord(1001), buildArticleRecord(1002));
    reads.count = 0;
    expect(positions.find(proxy, 1002)?.id).toBe(1002);
    expect(reads.count).toBeLessThanOrEqual(6);
  });

  it('follows an array replaced (a purge, an import) and records removed or moved in place', () => {
    const positions = new ArticlePositions();
    const items = recordsUpTo(5);
    expect(positions.find(items, 4)?.id).toBe(4);
    const purged = items.filter((record) => record.id !== 2);
    expect(positions.find(purged, 2)).toBeUndefined();
    expect(positions.find(purged, 4)).toBe(purged[2]);
    purged.splice(0, 1);
    expect(positions.find(purged, 4)).toBe(purged[1]);
    expect(positions.find(purged, 1)).toBeUndefined();
    const replacement = buildArticleRecord(9);
    purged[0] = replacement;
    expect(positions.find(purged, 9)).toBe(replacement);
    expect(positions.find(purged, 3)).toBeUndefined();
  });

  it('answers with the record now at the place, when one was replaced by a copy with the same id', () => {
    const positions = new ArticlePositions();
    const items = recordsUpTo(3);
    positions.find(items, 2);
    const copy = { ...items[1]!, title: '导入的标题' };
    items[1] = copy;
    expect(positions.find(items, 2)).toBe(copy);
  });
});
