import { promises as fsPromises } from 'node:fs';
import { mkdir, mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BackupRepository } from '../../src/store/backup.repository.js';
import type { ImportPlan } from '../../src/store/backup.repository.js';
import { Journal } from '../../src/store/journal.js';
import { Store } from '../../src/store/store.js';
import { serializeCollection } from '@folio/shared/durable-file';

let dataDir: string;

beforeEach(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'folio-journal-many-'));
});
afterEach(async () => {
  vi.restoreAllMocks();
  await rm(dataDir, { recursive: true, force: true });
});

const ARTICLES = 40;

/** A blog import's plan as the job makes it (server/API.md §E21): every article new, two comments each. */
function importPlan(store: Store): ImportPlan {
  const firstArticle = store.state.articles.next_id;
  const firstComment = store.state.comments.next_id;
  const time = '2024-01-05T08:00:00Z';
  const articles = Array.from({ length: ARTICLES }, (_, n) => ({
    id: firstArticle + n,
    slug: `imported-${n}`,
    title: `导入的第 ${n} 篇`,
    category: '',
    tags: [],
    summary: '',
    cover: '',
    content: `# 第 ${n} 篇`,
    views: undefined,
    status: 'published' as const,
    publish_at: time,
    created_at: time,
    updated_at: time,
    import_source: `wordpress:old.example.com:${n}`,
  }));
  const comments = articles.flatMap((article, n) =>
    [0, 1].map((k) => ({
      id: firstComment + 2 * n + k,
      article_id: article.id,
      author: '读者',
      email: '',
      content: `第 ${k} 条评论`,
      created_at: time,
      parent_id: k === 1 ? firstComment + 2 * n : null,
      status: 'published' as const,
      import_source: `${article.import_source}#${k}`,
    })),
  );
  return { articles, comments, allNew: true };
}

const commentsDir = () => path.join(dataDir, 'comments');
const isCommentTemp = (file: string) => path.dirname(file) === commentsDir() && file.endsWith('.tmp');

describe('a journalled commit of many files', () => {
  it('writes several files at once and syncs their directory once, not once a file', async () => {
    const store = await Store.open(dataDir);
    const realOpen = fsPromises.open.bind(fsPromises);
    const realRename = fsPromises.rename.bind(fsPromises);
    let writing = 0;
    let mostAtOnce = 0;
    let commentDirSyncs = 0;
    vi.spyOn(fsPromises, 'open').mockImplementation((file, ...rest) => {
      if (isCommentTemp(String(file))) mostAtOnce = Math.max(mostAtOnce, ++writing);
      if (path.resolve(String(file)) === commentsDir()) commentDirSyncs += 1;
      return realOpen(file, ...rest);
    });
    vi.spyOn(fsPromises, 'rename').mockImplementation(async (from, to) => {
      await realRename(from, to);
      if (isCommentTemp(String(from))) writing -= 1;
    });

    await new BackupRepository(store).apply(importPlan(store));
    vi.restoreAllMocks();

    expect(mostAtOnce).toBeGreaterThan(1);
    expect(commentDirSyncs).toBe(1);
    expect((await readdir(commentsDir())).filter((name) => name.endsWith('.json'))).toHaveLength(ARTICLES);
    const reopened = await Store.open(dataDir);
    expect(reopened.state.comments.size).toBe(2 * ARTICLES);
  });

  it('is finished whole by the next start when its files stopped being written half-way', async () => {
    const store = await Store.open(dataDir);
    const plan = importPlan(store);
    const realRename = fsPromises.rename.bind(fsPromises);
    let commentRenames = 0;
    // From the 10th comment file on, the disk fails every one, the retries and the read-back's too.
    vi.spyOn(fsPromises, 'rename').mockImplementation(async (from, to) => {
      if (isCommentTemp(String(from)) && ++commentRenames >= 10) throw Object.assign(new Error('EIO'), { code: 'EIO' });
      await realRename(from, to);
    });
    await expect(new BackupRepository(store).apply(plan)).rejects.toThrow();
    vi.restoreAllMocks();
    // The journal was written before any file: it makes the commit, and a start replays it all.
    expect(await readdir(dataDir)).toContain('journal.json');

    const reopened = await Store.open(dataDir);
    expect(await readdir(dataDir)).not.toContain('journal.json');
    expect(reopened.state.articles.items.filter((article) => article.import_source !== undefined)).toHaveLength(ARTICLES);
    expect(reopened.state.comments.size).toBe(2 * ARTICLES);
    for (const article of plan.articles ?? []) {
      expect(reopened.state.comments.forArticle(article.id).map((comment) => comment.content)).toEqual([
        '第 0 条评论',
        '第 1 条评论',
      ]);
    }
    expect((await readdir(commentsDir())).filter((name) => name.endsWith('.tmp'))).toEqual([]);
  });
});

describe('the journal of a commit of many files', () => {
  it('is made in pieces with turns of the event loop between, and reads as the whole commit', async () => {
    const journal = new Journal(dataDir);
    await mkdir(path.join(dataDir, 'comments'));
    const files = Array.from({ length: 600 }, (_, n) => ({
      name: `comments/${n + 1}.json`,
      content: serializeCollection(n + 2, [{ id: n + 1, article_id: n + 1, content: `评论 "${n}" ${'长'.repeat(500)}` }]),
    }));
    let turns = 0;
    let running = true;
    const tick = () => {
      if (!running) return;
      turns += 1;
      setImmediate(tick);
    };
    const realOpen = fsPromises.open.bind(fsPromises);
    const realRename = fsPromises.rename.bind(fsPromises);
    let turnsBeforeJournal = -1;
    let written = '';
    vi.spyOn(fsPromises, 'open').mockImplementation((file, ...rest) => {
      if (turnsBeforeJournal < 0 && path.basename(String(file)).startsWith('.journal.json.')) turnsBeforeJournal = turns;
      return realOpen(file, ...rest);
    });
    vi.spyOn(fsPromises, 'rename').mockImplementation(async (from, to) => {
      if (path.basename(String(to)) === 'journal.json') written = await readFile(String(from), 'utf8');
      await realRename(from, to);
    });
    setImmediate(tick);
    await journal.persist(files);
    running = false;
    vi.restoreAllMocks();

    expect(turnsBeforeJournal).toBeGreaterThan(0);
    const stored = JSON.parse(written) as { generation: number; files: { name: string; content: string }[] };
    expect(stored.generation).toBe(1);
    expect(stored.files.map((file) => file.name)).toEqual(files.map((file) => file.name));
    expect(stored.files[7]?.content).toBe(await readFile(path.join(dataDir, 'comments', '8.json'), 'utf8'));
  });
});
