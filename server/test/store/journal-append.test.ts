import { promises as fsPromises } from 'node:fs';
import { appendFile, mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ArticlesRepository } from '../../src/store/articles.repository.js';
import { Store } from '../../src/store/store.js';

let dataDir: string;

beforeEach(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'folio-journal-append-'));
});
afterEach(() => rm(dataDir, { recursive: true, force: true }));

const article = { title: '标题', category: '', tags: [], summary: '', cover: '', content: '# 正文' };

/** A site with one article, and the name and text of its log. */
async function siteWithOneArticle(): Promise<{ log: string; text: string }> {
  const store = await Store.open(dataDir);
  await new ArticlesRepository(store).create(article);
  await store.flush();
  const log = (await readdir(dataDir)).find((name) => /^articles\.\d+\.log$/.test(name)) ?? '';
  return { log, text: await readFile(path.join(dataDir, log), 'utf8') };
}

describe('a journalled commit with a log line', () => {
  it.each([
    ['before the line was appended', ''],
    ['after the line was appended', 'whole'],
    ['after half the line was appended', 'half'],
  ])('replays to the log with the line once, whatever the crash left (%s)', async (_case, landed) => {
    const { log, text } = await siteWithOneArticle();
    const stored = JSON.parse(text.trimEnd().split('\n').at(-1) ?? '') as { put: object[] };
    const line = `${JSON.stringify({ next_id: 3, put: [{ ...stored.put[0], id: 2, title: '日志里的第二篇' }] })}\n`;
    const skills = {
      next_id: 2,
      items: [{ id: 1, name: 'Go', description: '', level: 70, sort_order: 0, created_at: '', updated_at: '' }],
    };
    const journal = {
      files: [
        { name: log, append: line, at: Buffer.byteLength(text) },
        { name: 'skills.json', content: `${JSON.stringify(skills)}\n` },
      ],
    };
    await writeFile(path.join(dataDir, 'journal.json'), JSON.stringify(journal));
    if (landed === 'whole') await appendFile(path.join(dataDir, log), line);
    if (landed === 'half') await appendFile(path.join(dataDir, log), line.slice(0, 40));
    await writeFile(path.join(dataDir, 'article-bodies', '2-1.md'), '# 第二篇');

    const store = await Store.open(dataDir);
    expect(await readFile(path.join(dataDir, log), 'utf8')).toBe(text + line);
    expect(store.state.articles.items.map((item) => item.title)).toEqual(['标题', '日志里的第二篇']);
    expect(store.state.skills.items).toHaveLength(1);
    expect(await readdir(dataDir)).not.toContain('journal.json');
  });

  it('refuses a journal that appends past the end of its log: acknowledged lines were lost', async () => {
    const { log, text } = await siteWithOneArticle();
    const journal = {
      files: [
        { name: log, append: '{"next_id":3}\n', at: Buffer.byteLength(text) + 100 },
        { name: 'skills.json', content: '{"next_id":1,"items":[]}\n' },
      ],
    };
    await writeFile(path.join(dataDir, 'journal.json'), JSON.stringify(journal));
    await expect(Store.open(dataDir)).rejects.toThrow(`${log} holds ${Buffer.byteLength(text)} bytes, fewer than`);
  });
});

describe('body files', () => {
  it('makes a new body durable in its folder before the log line that points at it', async () => {
    const store = await Store.open(dataDir);
    const articles = new ArticlesRepository(store);
    const bodiesDir = path.join(dataDir, 'article-bodies');
    const realOpen = fsPromises.open.bind(fsPromises);
    const opened: string[] = [];
    const open = vi.spyOn(fsPromises, 'open').mockImplementation((file, ...rest) => {
      opened.push(path.relative(dataDir, String(file)) || '.');
      return realOpen(file, ...rest);
    });
    try {
      await articles.create(article);
    } finally {
      open.mockRestore();
    }
    const bodyAt = opened.findIndex((name) => /^article-bodies\/\d+-1\.md$/.test(name));
    const folderSyncAt = opened.indexOf('article-bodies');
    const logAt = opened.findIndex((name) => /^articles\.\d+\.log$/.test(name));
    expect(bodyAt).toBeGreaterThanOrEqual(0);
    expect(folderSyncAt).toBeGreaterThan(bodyAt);
    expect(logAt).toBeGreaterThan(folderSyncAt);
    expect(await readdir(bodiesDir)).toEqual(['1-1.md']);
  });
});

describe('a journal that outlived its removal', () => {
  it('is not replayed over the commits made after it, and the data directory is synced once it is gone', async () => {
    const store = await Store.open(dataDir);
    const articles = new ArticlesRepository(store);
    const created = await articles.create(article);
    // A save that keeps the replaced version writes the history and the log line: a journalled commit.
    const realRename = fsPromises.rename.bind(fsPromises);
    const journals: string[] = [];
    const rename = vi.spyOn(fsPromises, 'rename').mockImplementation(async (from, to) => {
      if (String(to).endsWith('journal.json')) journals.push(await readFile(String(from), 'utf8'));
      return realRename(from, to);
    });
    const realRm = fsPromises.rm.bind(fsPromises);
    const realOpen = fsPromises.open.bind(fsPromises);
    const steps: string[] = [];
    const rm = vi.spyOn(fsPromises, 'rm').mockImplementation((target, options) => {
      if (String(target).endsWith('journal.json')) steps.push('journal removed');
      return realRm(target, options);
    });
    const open = vi.spyOn(fsPromises, 'open').mockImplementation((file, ...rest) => {
      if (path.resolve(String(file)) === path.resolve(dataDir)) steps.push('data directory synced');
      return realOpen(file, ...rest);
    });
    try {
      await articles.update(created.id, { content: '# 第二版' });
    } finally {
      rename.mockRestore();
      rm.mockRestore();
      open.mockRestore();
    }
    expect(journals).toHaveLength(1);
    expect(steps.slice(steps.indexOf('journal removed'))).toEqual(['journal removed', 'data directory synced']);

    // Commits after it: one more line in the same log, and another article.
    await articles.update(created.id, { title: '第三版的标题' });
    const later = await articles.create({ ...article, title: '之后的文章' });
    await store.flush();

    // The disk kept the journal as if its removal had been lost.
    await writeFile(path.join(dataDir, 'journal.json'), journals[0] ?? '');
    const reopened = await Store.open(dataDir);
    expect(reopened.findArticle(created.id)?.title).toBe('第三版的标题');
    expect(reopened.findArticle(later.id)?.title).toBe('之后的文章');
    expect(reopened.bodies.get(created.id)).toBe('# 第二版');
    expect(await readdir(dataDir)).not.toContain('journal.json');
  });
});
