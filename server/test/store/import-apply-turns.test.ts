import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BackupRepository } from '../../src/store/backup.repository.js';
import type { ImportPlan } from '../../src/store/backup.repository.js';
import { Store } from '../../src/store/store.js';

const dirs: string[] = [];
const openStore = async () => {
  const dir = await mkdtemp(path.join(tmpdir(), 'folio-import-apply-'));
  dirs.push(dir);
  return Store.open(dir);
};
beforeEach(() => {
  dirs.length = 0;
});
afterEach(async () => {
  vi.restoreAllMocks();
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
});

/** A blog import's plan (server/API.md §E21): `count` new articles, one comment each, a slug used twice. */
function importPlan(store: Store, count: number): ImportPlan {
  const firstArticle = store.state.articles.next_id;
  const firstComment = store.state.comments.next_id;
  const time = '2024-01-05T08:00:00Z';
  const articles = Array.from({ length: count }, (_, n) => ({
    id: firstArticle + n,
    slug: n === 1 ? 'imported-0' : `imported-${n}`,
    title: `导入的第 ${n} 篇`,
    category: '随笔',
    tags: ['旧文'],
    summary: '',
    cover: '',
    content: `# 第 ${n} 篇`,
    views: n === 2 ? 7 : undefined,
    status: 'published' as const,
    publish_at: time,
    created_at: time,
    updated_at: time,
    import_source: `wordpress:old.example.com:${n}`,
  }));
  const comments = articles.map((article, n) => ({
    id: firstComment + n,
    article_id: article.id,
    author: '读者',
    email: '',
    content: `评论 ${n}`,
    created_at: time,
    parent_id: null,
    status: 'published' as const,
    import_source: `${article.import_source}#1`,
  }));
  return { articles, comments, redirects: [{ from: '/old/', to: '/articles/imported-3', status: 301 }] };
}

describe('applying a blog import', () => {
  it('makes its records with turns of the event loop between, after the bodies and before the one mutation', async () => {
    const store = await openStore();
    const plan = { ...importPlan(store, 500), allNew: true };
    let turns = 0;
    let running = true;
    const tick = () => {
      if (!running) return;
      turns += 1;
      setImmediate(tick);
    };
    const writeBody = store.writeBody.bind(store);
    let turnsAfterBodies = -1;
    vi.spyOn(store, 'writeBody').mockImplementation(async (...args) => {
      await writeBody(...args);
      turnsAfterBodies = turns;
    });
    const mutate = store.mutate.bind(store);
    let turnsAtMutation = -1;
    vi.spyOn(store, 'mutate').mockImplementation((names, change) => {
      turnsAtMutation = turns;
      return mutate(names, change);
    });
    setImmediate(tick);
    await new BackupRepository(store).apply(plan);
    running = false;
    expect(turnsAtMutation).toBeGreaterThan(turnsAfterBodies);
  });

  it('stores an all-new plan as it stores the same plan made of new records without the flag', async () => {
    const flagged = await openStore();
    const plain = await openStore();
    await new BackupRepository(flagged).apply({ ...importPlan(flagged, 30), allNew: true });
    await new BackupRepository(plain).apply(importPlan(plain, 30));
    const reopened = [await Store.open(dirs[0] as string), await Store.open(dirs[1] as string)];
    for (const store of [flagged, plain, ...reopened]) {
      expect(store.state.articles.items.find((article) => article.id === store.state.articles.items[1]?.id)?.slug).toBe(
        'imported-0-2',
      );
    }
    const [a, b] = reopened as [Store, Store];
    expect(a.state.articles).toEqual(b.state.articles);
    expect(a.state.articleViews).toEqual(b.state.articleViews);
    expect(a.state.comments.all()).toEqual(b.state.comments.all());
    expect(a.state.redirects).toEqual(b.state.redirects);
    expect(a.state.commentSettings).toEqual(b.state.commentSettings);
    expect(a.bodies.get(3)).toBe(b.bodies.get(3));
  });
});
