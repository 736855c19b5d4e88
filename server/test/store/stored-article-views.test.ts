import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ArticlesRepository } from '../../src/store/articles.repository.js';
import type { ArticleRecord } from '../../src/store/records.js';
import { Store } from '../../src/store/store.js';
import { StoredArticleViews } from '../../src/store/stored-article-views.js';
import { buildArticleRecord } from '../support/article-record.js';

const isScheduled = (record: ArticleRecord) => record.status === 'scheduled';
const drawing = { source: 'graph TD; A-->B', width: 10, height: 10, light: 'a'.repeat(64), dark: 'b'.repeat(64) };

describe('StoredArticleViews', () => {
  it('answers from the records as commits write them, without asking every article again', () => {
    const items = [
      buildArticleRecord(1),
      buildArticleRecord(2, { status: 'scheduled' }),
      buildArticleRecord(3, { diagrams: [drawing] }),
    ];
    let reads = 0;
    const views = new StoredArticleViews(() => {
      reads += 1;
      return items;
    });
    views.rebuild();
    expect([...views.idsWhere(isScheduled)]).toEqual([2]);
    expect([...views.diagramFiles()]).toEqual([drawing.light, drawing.dark]);
    const readsBefore = reads;

    const scheduled: ArticleRecord = { ...items[0]!, status: 'scheduled' };
    const published: ArticleRecord = { ...items[1]!, status: 'published' };
    const apply = views.capture([scheduled, published]);
    // Changed again before the commit ended: the view takes the record as the commit wrote it.
    scheduled.status = 'draft';
    expect([...views.idsWhere(isScheduled)]).toEqual([2]);
    apply([3]);
    expect([...views.idsWhere(isScheduled)]).toEqual([1]);
    expect([...views.diagramFiles()]).toEqual([]);
    expect(reads).toBe(readsBefore);
  });
});

describe('the publishing timer’s next time', () => {
  let dataDir: string;
  beforeEach(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'folio-views-'));
  });
  afterEach(() => rm(dataDir, { recursive: true, force: true }));

  it('follows scheduling, publishing, binning and purging, and a restart', async () => {
    const store = await Store.open(dataDir);
    const articles = new ArticlesRepository(store);
    const fields = { title: '标题', category: '', tags: [], summary: '', cover: '', content: '# 正文' };
    const first = await articles.create({ ...fields, status: 'scheduled', publish_at: '2031-01-01T00:00:00Z' });
    const second = await articles.create(fields);
    expect(articles.nextScheduledAt()).toBe('2031-01-01T00:00:00Z');
    await articles.update(second.id, { status: 'scheduled', publish_at: '2030-06-01T00:00:00Z' });
    expect(articles.nextScheduledAt()).toBe('2030-06-01T00:00:00Z');
    await articles.moveToBin([second.id]);
    expect(articles.nextScheduledAt()).toBe('2031-01-01T00:00:00Z');
    await articles.purge([second.id]);
    expect(articles.nextScheduledAt()).toBe('2031-01-01T00:00:00Z');
    expect(new ArticlesRepository(await Store.open(dataDir)).nextScheduledAt()).toBe('2031-01-01T00:00:00Z');
    await articles.update(first.id, { status: 'published' });
    expect(articles.nextScheduledAt()).toBeUndefined();
  });
});
