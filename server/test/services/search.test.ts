import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import type { ArticleBodies } from '../../src/services/article-search.js';
import { ArticleSearchIndex, normalizeQuery } from '../../src/services/article-search.js';
import type { ArticleRecord } from '../../src/store/records.js';
import { buildArticleRecord } from '../support/article-record.js';

let nextId = 1;
const buildRecord = (overrides: Partial<ArticleRecord> = {}): ArticleRecord => buildArticleRecord(nextId++, overrides);

/** Bodies as the store gives them: every `set` moves the id's version; `reads` lists each body read. */
class MemoryBodies implements ArticleBodies {
  readonly reads: number[] = [];
  private readonly texts = new Map<number, string>();
  private readonly versions = new Map<number, number>();
  private nextVersion = 1;

  constructor(entries: Iterable<[number, string]> = []) {
    for (const [id, text] of entries) this.set(id, text);
  }

  set(id: number, text: string): void {
    this.texts.set(id, text);
    this.versions.set(id, this.nextVersion++);
  }

  get(id: number): string | undefined {
    return this.texts.get(id);
  }

  body(id: number): string {
    this.reads.push(id);
    return this.texts.get(id) ?? '';
  }

  bodyVersion(id: number): number {
    return this.versions.get(id) ?? 0;
  }
}

function indexWith(bodies: MemoryBodies): ArticleSearchIndex {
  return new ArticleSearchIndex(bodies);
}

const ids = (articles: ArticleRecord[]) => articles.map((article) => article.id);

describe('ArticleSearchIndex', () => {
  it('matches Chinese without spaces and English case-insensitively, in every field', () => {
    const bodies = new MemoryBodies();
    const title = buildRecord({ title: 'java 安全管理器' });
    const tag = buildRecord({ tags: ['Spring', '信息安全'] });
    const summary = buildRecord({ summary: '聊聊安全' });
    const body = buildRecord();
    bodies.set(body.id, '# 标题\n\n正文里提到 **安全** 与 JAVA');
    const unrelated = buildRecord({ title: '无关' });
    const index = indexWith(bodies);
    const all = [title, tag, summary, body, unrelated];

    expect(ids(index.search(all, '安全'))).toEqual([title.id, tag.id, summary.id, body.id]);
    expect(ids(index.search(all, 'Java'))).toEqual([title.id, body.id]);
    expect(ids(index.search(all, '  SPRING '))).toEqual([tag.id]);
    expect(ids(index.search(all, '管理器'))).toEqual([title.id]);
  });

  it('takes the characters of a query literally in bodies (C++, Node.js, [x], a*b)', () => {
    const bodies = new MemoryBodies();
    const cpp = buildRecord();
    bodies.set(cpp.id, '先学 C++，再学 Node.JS 的 [x] 与 a*b');
    const lookalike = buildRecord();
    bodies.set(lookalike.id, 'Cxx 和 nodeXjs 与 x 和 aab');
    const index = indexWith(bodies);
    for (const query of ['c++', 'NODE.js', '[x]', 'a*b', '+']) {
      expect(ids(index.search([cpp, lookalike], query)), query).toEqual([cpp.id]);
    }
  });

  it('ranks a title match first even when another article matches in several lower fields', () => {
    const everywhereButTitle = buildRecord({ tags: ['Rust'], summary: 'Rust 入门' });
    const titleOnly = buildRecord({ title: 'Rust 所有权' });
    const index = indexWith(new MemoryBodies([[everywhereButTitle.id, 'Rust Rust Rust']]));
    expect(ids(index.search([everywhereButTitle, titleOnly], 'rust'))).toEqual([titleOnly.id, everywhereButTitle.id]);
  });

  it('keeps the input order (newest first) within one rank', () => {
    const newer = buildRecord({ title: 'Go 并发' });
    const older = buildRecord({ title: 'Go 入门' });
    const index = indexWith(new MemoryBodies());
    expect(ids(index.search([newer, older], 'go'))).toEqual([newer.id, older.id]);
  });

  it('does not match across tag boundaries', () => {
    const record = buildRecord({ tags: ['ab', 'cd'] });
    const index = indexWith(new MemoryBodies());
    expect(index.search([record], 'bc')).toEqual([]);
    expect(index.search([record], 'ab,cd')).toEqual([]);
  });

  it('returns everything for an empty or blank query', () => {
    const records = [buildRecord(), buildRecord()];
    const index = indexWith(new MemoryBodies());
    expect(index.search(records, '   ')).toEqual(records);
    expect(normalizeQuery(undefined)).toBe('');
  });

  it('sees a changed body, title, tags or summary on the next search without being told', () => {
    const bodies = new MemoryBodies();
    const record = buildRecord({ title: '旧标题' });
    bodies.set(record.id, '旧正文');
    const index = indexWith(bodies);
    expect(index.search([record], '旧正文')).toHaveLength(1);

    bodies.set(record.id, '新正文');
    expect(index.search([record], '旧正文')).toEqual([]);
    expect(index.search([record], '新正文')).toHaveLength(1);

    record.title = '新标题';
    record.tags = ['新标签'];
    record.summary = '新摘要';
    expect(index.search([record], '旧标题')).toEqual([]);
    for (const term of ['新标题', '新标签', '新摘要']) expect(index.search([record], term)).toHaveLength(1);
  });

  it('keeps no body: once indexed, it reads only the bodies the signature cannot rule out', () => {
    const bodies = new MemoryBodies();
    const records = Array.from({ length: 50 }, (_, index) => {
      const record = buildRecord();
      bodies.set(record.id, index === 7 ? '这里讲缓存失效与一致性' : `第 ${index} 篇：路由与组件的写法`);
      return record;
    });
    const index = indexWith(bodies);
    index.warm(records);
    bodies.reads.length = 0;

    expect(ids(index.search(records, '缓存失效'))).toEqual([records[7]?.id]);
    expect(bodies.reads).toEqual([records[7]?.id]);
    bodies.reads.length = 0;
    expect(index.search(records, '数据库迁移')).toEqual([]);
    expect(bodies.reads).toEqual([]);
  });

  it('finds exactly what a plain substring scan finds, over long mixed-script bodies', () => {
    // A deterministic generator, so a failure is reproducible.
    let state = 7;
    const random = () => {
      state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
      return state / 2 ** 32;
    };
    const alphabet = [...'安全管理器性能优化数据库组件状态渲染abcdefgXYZ 0123-_\n'];
    const text = (length: number) => Array.from({ length }, () => alphabet[Math.floor(random() * alphabet.length)]).join('');
    const bodies = new MemoryBodies();
    const records = Array.from({ length: 60 }, () => {
      const record = buildRecord({ title: '', summary: '' });
      bodies.set(record.id, text(200 + Math.floor(random() * 20_000)));
      return record;
    });
    const index = indexWith(bodies);
    const queries = [
      '安全',
      '性能优化',
      'XYZ',
      'ab',
      'z',
      '0123',
      '器性',
      'abcdefg',
      ...Array.from({ length: 40 }, () => text(2 + Math.floor(random() * 4))),
    ];
    for (const query of queries) {
      const needle = query.trim().toLowerCase();
      if (!needle) continue;
      const expected = records
        .filter((record) => (bodies.get(record.id) ?? '').toLowerCase().includes(needle))
        .map((record) => record.id);
      expect(ids(index.search(records, query)), JSON.stringify(query)).toEqual(expected);
    }
  });

  /**
   * Bytes of ArrayBuffers the process holds after full collections: where the body filters live.
   * V8 frees the memory of collected ArrayBuffers in the background, hence the turns in between.
   */
  const arrayBufferBytes = async () => {
    setFlagsFromString('--expose-gc');
    const gc = runInNewContext('gc') as () => void;
    for (let turn = 0; turn < 3; turn += 1) {
      gc();
      await new Promise((resolve) => setImmediate(resolve));
    }
    return process.memoryUsage().arrayBuffers;
  };
  /** A body of 3,000 characters that repeats one sentence, as prose repeats most of its character pairs. */
  const repetitiveBody = (n: number) => `第${n}篇。${'缓存要先测量再动手，别猜。'.repeat(230)}`;

  it('sizes each body filter to its distinct character pairs, not its length', async () => {
    const bodies = new MemoryBodies();
    const records = Array.from({ length: 2000 }, (_, n) => {
      const record = buildRecord({ title: `第${n}篇`, summary: '' });
      bodies.set(record.id, repetitiveBody(n));
      return record;
    });
    const index = indexWith(bodies);
    const before = await arrayBufferBytes();
    index.warm(records);
    // Sized by length (four to eight bits a character) these filters took 4 MB.
    expect((await arrayBufferBytes()) - before).toBeLessThan(1.5 * 1024 * 1024);
    expect(ids(index.search(records, '第1999篇'))).toEqual([records[1999]?.id]);
  });

  it('gives back the filters of replaced bodies, and finds the new text after moving the rest', async () => {
    let state = 11;
    const alphabet = [
      ...'安全管理器性能优化数据库组件状态渲染缓存测量动手一致性失效路由写法abcdefghijklmnopqrstuvwxyz0123456789',
    ];
    const randomText = (length: number) =>
      Array.from({ length }, () => {
        state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
        return alphabet[state % alphabet.length];
      }).join('');
    const bodies = new MemoryBodies();
    const records = Array.from({ length: 300 }, () => buildRecord({ title: '', summary: '' }));
    const index = indexWith(bodies);
    const before = await arrayBufferBytes();
    for (let round = 0; round < 12; round += 1) {
      for (const record of records) bodies.set(record.id, `${randomText(3000)}第${round}轮修改`);
      expect(ids(index.search(records, `第${round}轮修改`))).toHaveLength(records.length);
      expect(index.search(records, `第${round - 1}轮修改`)).toEqual([]);
    }
    // Each round's filters take about 0.7 MB: kept all, twelve rounds would hold 8 MB.
    expect((await arrayBufferBytes()) - before).toBeLessThan(4 * 1024 * 1024);
  });

  it('searches titles only for the admin list', () => {
    const inTitle = buildRecord({ title: 'Docker 部署' });
    const inBody = buildRecord({ title: '别的' });
    const index = indexWith(new MemoryBodies([[inBody.id, 'docker']]));
    expect(ids(index.searchTitles([inTitle, inBody], 'DOCKER'))).toEqual([inTitle.id]);
  });
});

describe('ArticleSearchIndex.warmInBackground', () => {
  it('reads every body in batches, and stops between batches once its signal is aborted', async () => {
    const articles = Array.from({ length: 120 }, () => buildRecord());
    const bodies = new MemoryBodies();
    const read = bodies.reads;
    const index = new ArticleSearchIndex(bodies);
    await index.warmInBackground(articles);
    expect(read).toHaveLength(120);

    read.length = 0;
    const closing = new AbortController();
    const others = Array.from({ length: 120 }, () => buildRecord());
    const warming = index.warmInBackground(others, closing.signal);
    // The first batch runs at once; the abort lands before the next turn of the event loop.
    closing.abort();
    await warming;
    expect(read.length).toBeGreaterThan(0);
    expect(read.length).toBeLessThan(120);
  });
});
