import { promises as fsPromises } from 'node:fs';
import { mkdtemp, readFile, readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ArticlesRepository } from '../../src/store/articles.repository.js';
import { BackupRepository } from '../../src/store/backup.repository.js';
import type { ImportedComment } from '../../src/store/backup.repository.js';
import { CommentsRepository } from '../../src/store/comments.repository.js';
import type { NewComment } from '../../src/store/comments.repository.js';
import { SkillOrContactRepository } from '../../src/store/skills-and-contacts.repository.js';
import type { CollectionFile, CommentRecord, SkillRecord } from '../../src/store/records.js';
import { Store } from '../../src/store/store.js';

let dataDir: string;

beforeEach(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'folio-comments-'));
});
afterEach(() => rm(dataDir, { recursive: true, force: true }));

const commentsDir = () => path.join(dataDir, 'comments');
const readCommentFile = async (articleId: number) =>
  JSON.parse(await readFile(path.join(commentsDir(), `${articleId}.json`), 'utf8')) as CollectionFile<CommentRecord>;

const buildComment = (articleId: number, overrides: Partial<NewComment> = {}): NewComment => ({
  article_id: articleId,
  author: '张三',
  email: '',
  content: '写得很好',
  ip_address: '203.0.113.7',
  user_agent: 'Mozilla/5.0',
  ...overrides,
});

/** Opens a store with `count` articles and returns it with the repositories the tests use. */
async function openSite(count: number) {
  const store = await Store.open(dataDir);
  const articles = new ArticlesRepository(store);
  const ids: number[] = [];
  for (let index = 0; index < count; index += 1) {
    const article = await articles.create({
      title: `文章 ${index}`,
      category: '',
      tags: [],
      summary: '',
      cover: '',
      content: '正文',
    });
    ids.push(article.id);
  }
  return { store, articles, comments: new CommentsRepository(store), ids };
}

/** Inode of every file in `comments/`: an atomic replace (temp file, rename) gives a file a new one. */
async function inodes(): Promise<Map<string, number>> {
  const names = await readdir(commentsDir());
  return new Map(await Promise.all(names.map(async (name) => [name, (await stat(path.join(commentsDir(), name))).ino] as const)));
}

describe('comment files', () => {
  it('writes a new comment into its article file alone, leaving every other file untouched', async () => {
    const { store, comments, ids } = await openSite(4);
    const [first, second] = ids as [number, number];
    for (const articleId of ids) {
      for (let index = 0; index < 5; index += 1) await comments.create(buildComment(articleId));
    }
    const before = await inodes();

    const created = await comments.create(buildComment(second, { content: '新的一条' }));
    const after = await inodes();
    const replaced = [...after].filter(([name, inode]) => before.get(name) !== inode).map(([name]) => name);
    expect(replaced).toEqual([`${second}.json`]);
    expect((await readCommentFile(second)).items.map((comment) => comment.content)).toContain('新的一条');
    expect((await readCommentFile(first)).items).toHaveLength(5);
    expect(await readdir(dataDir)).not.toContain('comments.json');

    const reopened = await Store.open(dataDir);
    expect(reopened.state.comments.find(created.id)).toEqual(created);
    expect(reopened.state.comments.size).toBe(21);
    await store.flush();
  });

  it('removes the comment file of a purged article and never gives its comment ids out again', async () => {
    const { store, articles, comments, ids } = await openSite(2);
    const [kept, purged] = ids as [number, number];
    await comments.create(buildComment(kept));
    const newest = await comments.create(buildComment(purged));
    expect(await readdir(commentsDir())).toContain(`${purged}.json`);

    await articles.moveToBin([purged]);
    await articles.purge([purged]);
    await store.flush();
    expect(await readdir(commentsDir())).not.toContain(`${purged}.json`);
    expect(await readdir(commentsDir())).toContain(`${kept}.json`);

    // The file that held the highest id is gone; the counter still knows it was taken.
    const reopened = await Store.open(dataDir);
    expect(reopened.state.comments.size).toBe(1);
    const next = await new CommentsRepository(reopened).create(buildComment(kept));
    expect(next.id).toBe(newest.id + 1);
  });

  it('never gives out the id of a deleted newest comment again, even after a restart', async () => {
    const { comments, ids } = await openSite(2);
    const [first, second] = ids as [number, number];
    await comments.create(buildComment(first));
    const lonely = await comments.create(buildComment(second));
    // The article's last comment: its file goes away.
    await comments.remove(lonely.id);
    expect(await readdir(commentsDir())).not.toContain(`${second}.json`);

    const reopened = await Store.open(dataDir);
    expect((await new CommentsRepository(reopened).create(buildComment(second))).id).toBe(lonely.id + 1);
  });
});

describe('import into comment files', () => {
  const importedComment = (id: number, articleId: number): ImportedComment => ({
    id,
    article_id: articleId,
    author: '导入的读者',
    email: '',
    content: `导入 ${id}`,
    created_at: '2025-08-10T09:07:06Z',
  });
  const importedSkill: SkillRecord = {
    id: 40,
    name: '导入的技能',
    description: '',
    level: 60,
    sort_order: 0,
    created_at: '2025-08-10T09:07:06Z',
    updated_at: '2025-08-10T09:07:06Z',
  };

  /** Fails the rename that would put `failing` in place, as a crash at that moment would. */
  function failRenameOf(failing: string) {
    const realRename = fsPromises.rename.bind(fsPromises);
    return vi.spyOn(fsPromises, 'rename').mockImplementation(async (from, to) => {
      if (String(to).endsWith(failing)) throw Object.assign(new Error('simulated crash'), { code: 'EIO' });
      return realRename(from, to);
    });
  }

  async function importWith(failing: string) {
    const { store, comments, ids } = await openSite(2);
    const [first, second] = ids as [number, number];
    await comments.create(buildComment(first));
    const plan = {
      skills: [importedSkill],
      comments: [importedComment(50, first), importedComment(51, second)],
    };
    const rename = failRenameOf(failing);
    try {
      await expect(new BackupRepository(store).apply(plan)).rejects.toThrow();
    } finally {
      rename.mockRestore();
    }
    const reopened = await Store.open(dataDir);
    return {
      skills: new SkillOrContactRepository<SkillRecord>(reopened, 'skills').list().map((skill) => skill.name),
      comments: reopened.state.comments
        .all()
        .map((comment) => comment.id)
        .sort((a, b) => a - b),
      files: (await readdir(commentsDir())).sort(),
      second,
    };
  }

  it('stores nothing of an import whose journal never reached the disk', async () => {
    const stored = await importWith('journal.json');
    expect(stored.skills).toEqual([]);
    expect(stored.comments).toEqual([1]);
    expect(stored.files).not.toContain(`${stored.second}.json`);
  });

  it('stores the whole import once its journal is on disk, even if the crash came between two comment files', async () => {
    const stored = await importWith(`comments${path.sep}2.json`);
    expect(stored.skills).toEqual(['导入的技能']);
    expect(stored.comments).toEqual([1, 50, 51]);
    expect(stored.files).toContain(`${stored.second}.json`);
    expect(await readdir(dataDir)).not.toContain('journal.json');
  });
});
