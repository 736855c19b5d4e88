import { promises as fsPromises } from 'node:fs';
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { IDEMPOTENCY_KEY_TTL_MS } from '@folio/shared';
import type { ArticleCreateRequest } from '@folio/shared';
import { ArticleBodyFactsCache } from '../../src/services/article-body-facts.js';
import { ArticleSearchIndex } from '../../src/services/article-search.js';
import { ArticlesService } from '../../src/services/articles.service.js';
import { AutosaveService } from '../../src/services/autosave.service.js';
import { IdempotencyService, fingerprintOf } from '../../src/services/idempotency.service.js';
import { PublishingSchedule } from '../../src/services/publishing-schedule.service.js';
import { ArticlesRepository } from '../../src/store/articles.repository.js';
import { AutosavesRepository } from '../../src/store/autosaves.repository.js';
import { CommentsRepository } from '../../src/store/comments.repository.js';
import { DiagramsRepository } from '../../src/store/diagrams.repository.js';
import { IdempotencyRepository } from '../../src/store/idempotency.repository.js';
import { Store } from '../../src/store/store.js';

let dataDir: string;

beforeEach(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'folio-idempotency-'));
});
afterEach(() => rm(dataDir, { recursive: true, force: true }));

const answersDir = () => path.join(dataDir, 'idempotency');

const fields: ArticleCreateRequest = { title: '标题', content: '正文', category: '', tags: [], summary: '', cover: '' };

async function articlesOf(store: Store): Promise<ArticlesService> {
  const repository = new ArticlesRepository(store);
  return new ArticlesService({
    articles: repository,
    comments: new CommentsRepository(store),
    diagrams: new DiagramsRepository(store),
    searchIndex: new ArticleSearchIndex(repository),
    bodyFacts: new ArticleBodyFactsCache(repository),
    autosaves: new AutosaveService(await AutosavesRepository.open(store.dataDir, () => true), repository),
    schedule: new PublishingSchedule(repository),
  });
}

/** A service whose clock the test moves by hand. */
function serviceAt(store: Store, clock: { now: number }) {
  return new IdempotencyService(new IdempotencyRepository(store), () => new Date(clock.now));
}

describe('IdempotencyService expiry', () => {
  it('forgets a key after a day: the retry creates anew and the expired record is pruned', async () => {
    const store = await Store.open(dataDir);
    const clock = { now: Date.parse('2026-01-01T00:00:00Z') };
    const idempotency = serviceAt(store, clock);
    const articles = await articlesOf(store);

    const first = await articles.createOnce(idempotency, 'k', fields);
    clock.now += IDEMPOTENCY_KEY_TTL_MS - 1;
    expect((await articles.createOnce(idempotency, 'k', fields)).replayed).toBe(true);

    clock.now += 1;
    const later = await articles.createOnce(idempotency, 'k', fields);
    expect(later.replayed).toBe(false);
    expect(later.detail.id).not.toBe(first.detail.id);
    expect(store.state.idempotencyKeys.items).toHaveLength(1);

    await articles.createOnce(idempotency, 'other', fields);
    await store.flush();
    expect(await readdir(answersDir())).toHaveLength(2);
    clock.now += IDEMPOTENCY_KEY_TTL_MS;
    expect(await idempotency.pruneExpired()).toBe(2);
    expect(store.state.idempotencyKeys.items).toEqual([]);
    await store.flush();
    expect((await Store.open(dataDir)).state.idempotencyKeys.items).toEqual([]);
    // Their answers went with them.
    expect(await readdir(answersDir())).toEqual([]);
  });

  it('drops other expired keys whenever a new one is stored', async () => {
    const store = await Store.open(dataDir);
    const clock = { now: Date.parse('2026-01-01T00:00:00Z') };
    const articles = await articlesOf(store);
    await articles.createOnce(serviceAt(store, clock), 'old', fields);
    clock.now += IDEMPOTENCY_KEY_TTL_MS + 1;
    await articles.createOnce(serviceAt(store, clock), 'new', fields);
    expect(store.state.idempotencyKeys.items.map((item) => item.key)).toEqual(['new']);
  });
});

describe('IdempotencyService storage', () => {
  /** Fails the rename that would put `failing` in place, as a crash at that moment would. */
  function failRenameOf(failing: RegExp) {
    const realRename = fsPromises.rename.bind(fsPromises);
    return vi.spyOn(fsPromises, 'rename').mockImplementation(async (from, to) => {
      if (failing.test(String(to))) throw Object.assign(new Error('simulated crash'), { code: 'EIO' });
      return realRename(from, to);
    });
  }

  async function createFailingAt(failing: RegExp) {
    const store = await Store.open(dataDir);
    const clock = { now: Date.now() };
    const rename = failRenameOf(failing);
    try {
      await expect((await articlesOf(store)).createOnce(serviceAt(store, clock), 'k', fields)).rejects.toThrow('simulated crash');
    } finally {
      rename.mockRestore();
    }
    const reopened = await Store.open(dataDir);
    return { reopened, idempotency: serviceAt(reopened, clock) };
  }

  it('stores nothing of the key, its answer or the article when the commit never reached the disk', async () => {
    const { reopened, idempotency } = await createFailingAt(/journal\.json$/);
    expect(reopened.state.articles.items).toEqual([]);
    expect(reopened.state.idempotencyKeys.items).toEqual([]);
    expect(await readdir(answersDir())).toEqual([]);
    expect((await (await articlesOf(reopened)).createOnce(idempotency, 'k', fields)).replayed).toBe(false);
  });

  it('stores the key, its answer and the article together once the journal is on disk', async () => {
    const { reopened, idempotency } = await createFailingAt(/idempotency[\\/][0-9a-f]{64}\.json$/);
    expect(reopened.state.articles.items).toHaveLength(1);
    const retry = await (await articlesOf(reopened)).createOnce(idempotency, 'k', fields);
    expect(retry).toMatchObject({ replayed: true, detail: { id: reopened.state.articles.items[0]?.id, content: '正文' } });
  });

  it('still replays a key stored with its answer inline, as the index kept answers before', async () => {
    const now = Date.now();
    const response = { status: 201, data: { id: 41, title: '旧的答复' }, etag: '"1"' };
    const record = {
      key: 'from-before',
      fingerprint: fingerprintOf(fields),
      response,
      created_at: new Date(now).toISOString(),
      expires_at: new Date(now + 1000).toISOString(),
    };
    await Store.open(dataDir);
    await writeFile(path.join(dataDir, 'idempotency-keys.json'), JSON.stringify({ items: [record] }));
    const store = await Store.open(dataDir);
    const outcome = await (await articlesOf(store)).createOnce(serviceAt(store, { now }), 'from-before', fields);
    expect(outcome).toEqual({ detail: response.data, etag: '"1"', replayed: true });
    expect(store.state.articles.items).toEqual([]);
  });
});
