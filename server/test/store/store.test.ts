import { promises as fsPromises } from 'node:fs';
import { mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ArticlesRepository } from '../../src/store/articles.repository.js';
import { SkillOrContactRepository } from '../../src/store/skills-and-contacts.repository.js';
import type { CollectionFile, ContactRecord, SkillRecord } from '../../src/store/records.js';
import { DATA_FORMAT_VERSION } from '../../src/store/records.js';
import { Store } from '../../src/store/store.js';

let dataDir: string;

beforeEach(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'folio-store-'));
});
afterEach(() => rm(dataDir, { recursive: true, force: true }));

const readJson = async <T>(name: string): Promise<T> => JSON.parse(await readFile(path.join(dataDir, name), 'utf8')) as T;

const buildSkill = (overrides: Partial<SkillRecord> = {}): SkillRecord => ({
  id: 1,
  name: 'Rust',
  description: '',
  level: 50,
  sort_order: 0,
  created_at: '2025-08-10T09:07:06Z',
  updated_at: '2025-08-10T09:07:06Z',
  ...overrides,
});

const buildContact = (overrides: Partial<ContactRecord> = {}): ContactRecord => ({
  id: 1,
  type: 'email',
  value: 'owner@example.com',
  sort_order: 0,
  created_at: '2025-08-10T09:07:06Z',
  updated_at: '2025-08-10T09:07:06Z',
  ...overrides,
});

describe('Store journal', () => {
  it('finishes a commit that crashed after the journal was written but before the files were replaced', async () => {
    const store = await Store.open(dataDir);
    await new SkillOrContactRepository<SkillRecord>(store, 'skills').create({ name: 'Go', description: '', level: 70 });
    await store.flush();

    // The state a crash leaves: the journal is complete, skills.json is still the old one and
    // contacts.json was never written.
    const skills: CollectionFile<SkillRecord> = {
      next_id: 3,
      items: [buildSkill({ id: 1, name: 'Go' }), buildSkill({ id: 2, name: 'Rust' })],
    };
    const contacts: CollectionFile<ContactRecord> = { next_id: 2, items: [buildContact()] };
    const journal = {
      files: [
        { name: 'skills.json', content: `${JSON.stringify(skills)}\n` },
        { name: 'contacts.json', content: `${JSON.stringify(contacts)}\n` },
      ],
    };
    await writeFile(path.join(dataDir, 'journal.json'), JSON.stringify(journal));
    expect((await readJson<CollectionFile<SkillRecord>>('skills.json')).items).toHaveLength(1);

    const reopened = await Store.open(dataDir);
    expect(reopened.state.skills).toEqual(skills);
    expect(reopened.state.contacts).toEqual(contacts);
    expect(await readJson('skills.json')).toEqual(skills);
    expect(await readJson('contacts.json')).toEqual(contacts);
    expect(await readdir(dataDir)).not.toContain('journal.json');
  });

  it('writes a commit touching several collections through the journal and removes it afterwards', async () => {
    const store = await Store.open(dataDir);
    await store.mutate(['skills', 'contacts'], (state) => {
      state.skills.items.push(buildSkill());
      state.skills.next_id = 2;
      state.contacts.items.push(buildContact());
      state.contacts.next_id = 2;
    });
    expect(await readdir(dataDir)).not.toContain('journal.json');
    expect((await readJson<CollectionFile<SkillRecord>>('skills.json')).items).toEqual([buildSkill()]);
    expect((await readJson<CollectionFile<ContactRecord>>('contacts.json')).items).toEqual([buildContact()]);

    // Observe the journal: fail every rename of the contacts file, as a crash after the skills
    // file was written would (the store tries to finish the journal at once, and fails again).
    // Files written one by one would now disagree; through the journal, reopening the directory
    // makes the commit whole.
    const realRename = fsPromises.rename.bind(fsPromises);
    let contactRenames = 0;
    const rename = vi.spyOn(fsPromises, 'rename').mockImplementation(async (from, to) => {
      if (String(to).endsWith('contacts.json')) {
        contactRenames += 1;
        throw Object.assign(new Error('simulated crash'), { code: 'EIO' });
      }
      return realRename(from, to);
    });
    try {
      const failed = store.mutate(['skills', 'contacts'], (state) => {
        state.skills.items.push(buildSkill({ id: 2, name: 'Go' }));
        state.skills.next_id = 3;
        state.contacts.items.push(buildContact({ id: 2, value: 'second@example.com' }));
        state.contacts.next_id = 3;
      });
      await expect(failed).rejects.toThrow('simulated crash');
    } finally {
      rename.mockRestore();
    }
    // The commit's, the store's second try at finishing the journal, and its read-back.
    expect(contactRenames).toBe(3);
    expect(await readdir(dataDir)).toContain('journal.json');
    const halfWritten = [
      (await readJson<CollectionFile<SkillRecord>>('skills.json')).items.length,
      (await readJson<CollectionFile<ContactRecord>>('contacts.json')).items.length,
    ];
    expect(halfWritten).toEqual([2, 1]);

    const reopened = await Store.open(dataDir);
    expect(reopened.state.skills.items.map((skill) => skill.name)).toEqual(['Rust', 'Go']);
    expect(reopened.state.contacts.items.map((contact) => contact.value)).toEqual(['owner@example.com', 'second@example.com']);
    expect((await readJson<CollectionFile<ContactRecord>>('contacts.json')).items).toHaveLength(2);
    expect(await readdir(dataDir)).not.toContain('journal.json');
  });
});

describe('Store start-up clean-up', () => {
  it('removes orphan body revisions and leftover temp files, keeping the bodies the index points at', async () => {
    const store = await Store.open(dataDir);
    const articles = new ArticlesRepository(store);
    const article = await articles.create({ title: '标题', category: '', tags: [], summary: '', cover: '', content: '# 正文' });
    await articles.update(article.id, { content: '# 第二版' });
    await store.flush();
    const bodiesDir = path.join(dataDir, 'article-bodies');
    expect(await readdir(bodiesDir)).toEqual([`${article.id}-2.md`]);

    // What crashes leave behind: a body written for a revision never committed, a body of an
    // article whose index entry never landed, and temp files of interrupted atomic writes.
    await writeFile(path.join(bodiesDir, `${article.id}-3.md`), 'never committed');
    await writeFile(path.join(bodiesDir, '99-1.md'), 'orphan');
    await writeFile(path.join(bodiesDir, `.${article.id}-3.md.0a1b2c.tmp`), 'torn');
    await writeFile(path.join(dataDir, '.skills.json.0a1b2c.tmp'), '{"next_id":');
    await writeFile(path.join(dataDir, 'uploads', '.cover.png.0a1b2c.tmp'), 'torn');

    const reopened = await Store.open(dataDir);
    expect(await readdir(bodiesDir)).toEqual([`${article.id}-2.md`]);
    expect((await readdir(dataDir)).filter((name) => name.endsWith('.tmp'))).toEqual([]);
    expect(await readdir(path.join(dataDir, 'uploads'))).toEqual([]);
    expect(reopened.bodies.get(article.id)).toBe('# 第二版');
  });

  it('refuses to start on a data directory written by a newer format version', async () => {
    await writeFile(
      path.join(dataDir, 'meta.json'),
      JSON.stringify({ format: 'folio-data', version: DATA_FORMAT_VERSION + 1, created_at: '2030-01-01T00:00:00Z' }),
    );
    await expect(Store.open(dataDir)).rejects.toThrow(/newer than this server understands/);
    // Nothing was touched: the newer server's meta.json is intact.
    expect((await readJson<{ version: number }>('meta.json')).version).toBe(DATA_FORMAT_VERSION + 1);
  });

  it('refuses a directory whose meta.json is not a Folio one, and a collection file that is not JSON', async () => {
    await writeFile(path.join(dataDir, 'meta.json'), JSON.stringify({ format: 'something-else', version: 1 }));
    await expect(Store.open(dataDir)).rejects.toThrow(/not a Folio data directory/);

    await rm(path.join(dataDir, 'meta.json'));
    await writeFile(path.join(dataDir, 'skills.json'), '{"next_id": 2, "items": [');
    await expect(Store.open(dataDir)).rejects.toThrow(/skills\.json is not valid JSON/);
  });

  it('writes meta.json with the current format version into a new directory', async () => {
    await Store.open(dataDir);
    expect(await readJson('meta.json')).toMatchObject({ format: 'folio-data', version: DATA_FORMAT_VERSION });
  });
});

describe('Store group commit', () => {
  it('resolves every concurrent change only once it is on disk, across collections', async () => {
    const store = await Store.open(dataDir);
    const skills = new SkillOrContactRepository<SkillRecord>(store, 'skills');
    const contacts = new SkillOrContactRepository<ContactRecord>(store, 'contacts');
    const writes: Promise<unknown>[] = [];
    for (let index = 0; index < 60; index += 1) {
      writes.push(skills.create({ name: `skill-${index}`, description: '', level: index }));
      writes.push(contacts.create({ type: 'email', value: `c${index}@example.com` }));
      // A change chained on another's completion lands in a later commit, never a lost one.
      if (index % 10 === 0)
        writes.push(
          skills
            .create({ name: `first-${index}`, description: '', level: 1 })
            .then(() => contacts.create({ type: 'qq', value: `${index}` })),
        );
    }
    await Promise.all(writes);

    const onDisk = await Store.open(dataDir);
    expect(onDisk.state.skills.items).toHaveLength(66);
    expect(onDisk.state.contacts.items).toHaveLength(66);
    expect(new Set(onDisk.state.skills.items.map((skill) => skill.id)).size).toBe(66);
  });
});

describe('Store.generation', () => {
  it('moves with every change except view counts, at once, before the write finishes', async () => {
    const store = await Store.open(dataDir);
    const articles = new ArticlesRepository(store);
    const skills = new SkillOrContactRepository<SkillRecord>(store, 'skills');
    const start = store.generation;

    const article = await articles.create({ title: '代数', content: '正文', category: '数学', tags: [], summary: '', cover: '' });
    const afterCreate = store.generation;
    expect(afterCreate).toBeGreaterThan(start);
    articles.addView(article.id);
    articles.addView(article.id);
    await store.flush();
    expect(store.generation).toBe(afterCreate);

    const pending = skills.create({ name: 'Rust', description: '', level: 60 });
    expect(store.generation).toBeGreaterThan(afterCreate);
    await pending;
    await store.flush();
  });
});

describe('view counts', () => {
  it('are written once for a burst of views, within a second, and at once by a flush', async () => {
    const store = await Store.open(dataDir);
    const articles = new ArticlesRepository(store);
    const article = await articles.create({ title: '代数', content: '正文', category: '数学', tags: [], summary: '', cover: '' });
    await store.flush();

    const realRename = fsPromises.rename.bind(fsPromises);
    // The count each write of the counters file put on disk.
    const viewWrites: number[] = [];
    const rename = vi.spyOn(fsPromises, 'rename').mockImplementation(async (from, to) => {
      await realRename(from, to);
      if (String(to).endsWith('article-views.json')) {
        viewWrites.push((await readJson<Record<string, number>>('article-views.json'))[String(article.id)] ?? 0);
      }
    });
    try {
      for (let view = 0; view < 200; view += 1) articles.addView(article.id);
      expect(articles.views(article.id)).toBe(200);
      // Nothing is written while the burst goes on; one write follows within a second.
      expect(viewWrites).toEqual([]);
      await vi.waitFor(() => expect(viewWrites).toEqual([200]), { timeout: 3000 });

      // A flush (a graceful stop) does not wait for the delay.
      articles.addView(article.id);
      await store.flush();
      expect(viewWrites).toEqual([200, 201]);
    } finally {
      rename.mockRestore();
    }
  });
});
