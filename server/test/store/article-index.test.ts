import { appendFile, mkdtemp, readFile, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { compactionThreshold } from '../../src/store/article-index.js';
import type { ArticleFields } from '../../src/store/articles.repository.js';
import { ArticlesRepository } from '../../src/store/articles.repository.js';
import { DiagramsRepository } from '../../src/store/diagrams.repository.js';
import { Store } from '../../src/store/store.js';

let dataDir: string;

beforeEach(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'folio-article-index-'));
});
afterEach(() => rm(dataDir, { recursive: true, force: true }));

const buildArticle = (overrides: Partial<ArticleFields> = {}): ArticleFields => ({
  title: '标题',
  category: '笔记',
  tags: ['Go'],
  summary: '摘要',
  cover: '',
  content: '# 正文',
  ...overrides,
});

const logNames = async () => (await readdir(dataDir)).filter((name) => /^articles\.\d+\.log$/.test(name)).sort();
const readText = (name: string) => readFile(path.join(dataDir, name), 'utf8');
const snapshotOnDisk = async () =>
  JSON.parse(await readText('articles.json')) as { log_generation: number; next_id: number; items: { id: number }[] };

/** The article index as a fresh start reads it back. */
async function reopenedArticles() {
  const reopened = await Store.open(dataDir);
  await reopened.flush();
  return reopened.state.articles;
}

describe('article index on disk', () => {
  it('writes records serialised ahead of their commit as they are when it comes, a field set meanwhile included', async () => {
    const store = await Store.open(dataDir);
    const first = await new ArticlesRepository(store).create(buildArticle({ title: '模板' }));
    // New records as a blog import makes them before its one mutation (backup.repository.ts).
    const newRecord = (id: number, title: string) => ({ ...structuredClone(first), id, slug: `article-${id}`, title });
    const kept = newRecord(first.id + 1, '提前序列化的');
    const changed = newRecord(first.id + 2, '提前序列化后又改过的');
    for (const record of [kept, changed]) await store.writeBody(record.id, record.body_rev, '# 正文');
    store.serializeArticlesAhead([kept, changed]);
    changed.title = '提交前改过的标题';
    await store.mutate(['articles'], (state) => {
      state.articles.items.push(kept, changed);
      state.articles.next_id = changed.id + 1;
    });

    const [log] = await logNames();
    const last = JSON.parse((await readText(log ?? '')).trimEnd().split('\n').at(-1) ?? '') as {
      next_id: number;
      put: { id: number; title: string }[];
    };
    expect(last.next_id).toBe(changed.id + 1);
    expect(last.put.map(({ title }) => title)).toEqual(['提前序列化的', '提交前改过的标题']);
    expect((await reopenedArticles()).items.map(({ title }) => title)).toEqual(['模板', '提前序列化的', '提交前改过的标题']);
  });

  it('stores a save as one line appended to the log, leaving articles.json as it was', async () => {
    const store = await Store.open(dataDir);
    const articles = new ArticlesRepository(store);
    const created = await Promise.all([1, 2, 3].map((n) => articles.create(buildArticle({ title: `第 ${n} 篇` }))));
    const snapshotBefore = await readText('articles.json');
    const [log] = await logNames();
    const linesBefore = (await readText(log ?? '')).split('\n').length;

    await articles.update(created[1]!.id, { title: '改过的标题' });

    expect(await readText('articles.json')).toBe(snapshotBefore);
    const lines = (await readText(log ?? '')).trimEnd().split('\n');
    expect(lines.length).toBe(linesBefore);
    const last = JSON.parse(lines.at(-1) ?? '') as { next_id: number; put: { id: number; title: string }[] };
    expect(last.put.map(({ id, title }) => ({ id, title }))).toEqual([{ id: created[1]!.id, title: '改过的标题' }]);
    expect(last.next_id).toBe(4);
  });

  it('reads back after a restart every kind of change the repositories make', async () => {
    const store = await Store.open(dataDir);
    const articles = new ArticlesRepository(store);
    const first = await articles.create(buildArticle({ title: '一', content: '```mermaid\ngraph TD; A-->B\n```' }));
    const second = await articles.create(buildArticle({ title: '二' }));
    const third = await articles.create(buildArticle({ title: '三' }));
    await articles.update(first.id, { summary: '新摘要', tags: ['Rust', 'Go'] });
    await articles.update(second.id, { content: '# 第二版正文' });
    await articles.moveToBin([second.id, third.id]);
    await articles.restore(second.id);
    await articles.purge([third.id]);
    const drawing = await new DiagramsRepository(store).save(first.id, {
      source: 'graph TD; A-->B',
      width: 100,
      height: 40,
      lightSvg: '<svg xmlns="http://www.w3.org/2000/svg"><text>light</text></svg>',
      darkSvg: '<svg xmlns="http://www.w3.org/2000/svg"><text>dark</text></svg>',
    });
    expect(drawing.status).toBe('saved');
    // A bulk replacement of the records, as a backup import makes.
    const replaced = store.state.articles.items.map((article) =>
      article.id === second.id ? { ...article, title: '导入的标题', revision: article.revision + 1 } : article,
    );
    await store.replace({ articles: { next_id: store.state.articles.next_id, items: replaced } });

    const expected = structuredClone(store.state.articles);
    const reopened = await reopenedArticles();
    expect(reopened).toEqual(expected);
    expect(reopened.items.map((article) => article.title)).toEqual(['一', '导入的标题']);
    expect(reopened.items[0]?.diagrams).toHaveLength(1);
    expect(reopened.next_id).toBe(4);
  });

  it('never hands out an id twice after a purge and a restart', async () => {
    const store = await Store.open(dataDir);
    const articles = new ArticlesRepository(store);
    const created = await articles.create(buildArticle());
    await articles.moveToBin([created.id]);
    await articles.purge([created.id]);
    const reopened = await Store.open(dataDir);
    const next = await new ArticlesRepository(reopened).create(buildArticle());
    expect(next.id).toBe(created.id + 1);
  });
});

describe('article log at start-up', () => {
  async function writeTwoArticles(): Promise<void> {
    const store = await Store.open(dataDir);
    const articles = new ArticlesRepository(store);
    await articles.create(buildArticle({ title: '一' }));
    await articles.create(buildArticle({ title: '二' }));
    await store.flush();
  }

  it.each([
    ['a line cut short', '{"next_id":9,"put":[{"id":3,"tit'],
    ['a line whose end reached the disk but not its middle', `{"next_id":9,"put":[\0\0\0\0\0\0\0\0]}\n`],
  ])('drops a last line a kill tore (%s) and appends after the last whole one', async (_case, tail) => {
    await writeTwoArticles();
    const [log] = await logNames();
    const intactBytes = (await stat(path.join(dataDir, log ?? ''))).size;
    await appendFile(path.join(dataDir, log ?? ''), tail);

    const store = await Store.open(dataDir);
    expect(store.state.articles.items.map((article) => article.title)).toEqual(['一', '二']);
    expect((await stat(path.join(dataDir, log ?? ''))).size).toBe(intactBytes);
    const third = await new ArticlesRepository(store).create(buildArticle({ title: '三' }));

    expect((await reopenedArticles()).items.map((article) => [article.id, article.title])).toEqual([
      [1, '一'],
      [2, '二'],
      [third.id, '三'],
    ]);
  });

  it('refuses to start on a log damaged before its last line, naming the file', async () => {
    await writeTwoArticles();
    const [log] = await logNames();
    const lines = (await readText(log ?? '')).split('\n');
    lines[0] = '{"next_id":2,"put":[{"id":1';
    await writeFile(path.join(dataDir, log ?? ''), lines.join('\n'));
    await expect(Store.open(dataDir)).rejects.toThrow(`${log} is damaged`);
  });

  it('replays the old log and the new one when a kill stopped a snapshot before it was in place', async () => {
    await writeTwoArticles();
    const { log_generation: generation } = await snapshotOnDisk();
    // The state a kill leaves mid-compaction: the commits after the copy went to the next log,
    // and the new snapshot never replaced articles.json.
    const record = { ...(await reopenedArticles()).items[0]!, title: '新日志里的标题', revision: 7 };
    await writeFile(path.join(dataDir, `articles.${generation + 1}.log`), `${JSON.stringify({ next_id: 3, put: [record] })}\n`);
    await writeFile(path.join(dataDir, '.articles.json.0a1b2c.tmp'), '{"log_generation":');

    const store = await Store.open(dataDir);
    expect(store.state.articles.items.map((article) => [article.title, article.revision])).toEqual([
      ['新日志里的标题', 7],
      ['二', 1],
    ]);
    expect((await readdir(dataDir)).filter((name) => name.endsWith('.tmp'))).toEqual([]);
    // New commits go to the newest log.
    await new ArticlesRepository(store).update(2, { title: '又改了' });
    expect(await readText(`articles.${generation + 1}.log`)).toContain('又改了');
  });

  it('takes a snapshot without a log generation (format 3) as the whole index, and drops logs beside it', async () => {
    const seeded = await Store.open(dataDir);
    const record = await new ArticlesRepository(seeded).create(buildArticle({ title: '旧格式' }));
    await seeded.flush();
    for (const name of await logNames()) await rm(path.join(dataDir, name));
    // articles.json as a server before the logs wrote it, and a log that is not its.
    const legacy = { next_id: 3, items: [structuredClone(record)] };
    await writeFile(path.join(dataDir, 'articles.json'), `${JSON.stringify(legacy)}\n`);
    await writeFile(path.join(dataDir, 'articles.4.log'), `${JSON.stringify({ next_id: 9, put: [{ ...record, id: 8 }] })}\n`);

    const store = await Store.open(dataDir);
    expect(store.state.articles).toEqual(legacy);
    expect(await logNames()).toEqual([]);
    expect((await snapshotOnDisk()).log_generation).toBeGreaterThan(4);
  });

  it('refuses to start when articles.json is gone but logs are there', async () => {
    await writeTwoArticles();
    await rm(path.join(dataDir, 'articles.json'));
    await expect(Store.open(dataDir)).rejects.toThrow(/articles\.json is missing but article logs are there/);
  });
});

describe('article log compaction', () => {
  it('folds the log into a new snapshot once it passes the threshold, in the background, and drops the old log', async () => {
    const store = await Store.open(dataDir);
    const articles = new ArticlesRepository(store);
    const created = await articles.create(buildArticle());
    const { log_generation: firstGeneration } = await snapshotOnDisk();
    const threshold = compactionThreshold((await stat(path.join(dataDir, 'articles.json'))).size);
    // Long summaries make long lines: a few dozen saves pass the threshold.
    const summary = '长'.repeat(20_000);
    let saves = 0;
    while ((await snapshotOnDisk()).log_generation === firstGeneration) {
      await articles.update(created.id, { summary: `${summary}${saves}` });
      await store.flush();
      saves += 1;
      expect(saves).toBeLessThan(Math.ceil(threshold / summary.length) + 5);
    }
    expect(saves).toBeGreaterThan(1);
    const snapshot = await snapshotOnDisk();
    expect(snapshot.log_generation).toBe(firstGeneration + 1);
    expect(snapshot.items).toHaveLength(1);
    // The old log is gone; the next commit starts the log that follows the new snapshot.
    expect(await logNames()).toEqual([]);

    await articles.update(created.id, { title: '压缩之后' });
    expect(await logNames()).toEqual([`articles.${firstGeneration + 1}.log`]);
    const reopened = await reopenedArticles();
    expect(reopened.items[0]?.title).toBe('压缩之后');
    expect(reopened.items[0]?.summary).toBe(`${summary}${saves - 1}`);
  });
});
