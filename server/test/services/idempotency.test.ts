import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { IDEMPOTENCY_KEY_TTL_MS } from '@folio/shared';
import type { ArticleCreateRequest } from '@folio/shared';
import { ArticlesService } from '../../src/services/articles.service.js';
import { IdempotencyService } from '../../src/services/idempotency.service.js';
import { ArticlesRepository } from '../../src/store/articles.repository.js';
import { CommentsRepository } from '../../src/store/comments.repository.js';
import { DiagramsRepository } from '../../src/store/diagrams.repository.js';
import { IdempotencyRepository } from '../../src/store/idempotency.repository.js';
import { Store } from '../../src/store/store.js';

let dataDir: string;

beforeEach(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'folio-idempotency-'));
});
afterEach(() => rm(dataDir, { recursive: true, force: true }));

const fields: ArticleCreateRequest = { title: '标题', content: '正文', category: '', tags: [], summary: '', cover: '' };

const articlesOf = (store: Store) =>
  new ArticlesService(
    new ArticlesRepository(store),
    new CommentsRepository(store),
    new DiagramsRepository(store),
    () => store.generation,
  );

/** A service whose clock the test moves by hand. */
function serviceAt(store: Store, clock: { now: number }) {
  return new IdempotencyService(new IdempotencyRepository(store), () => new Date(clock.now));
}

describe('IdempotencyService expiry', () => {
  it('forgets a key after a day: the retry creates anew and the expired record is pruned', async () => {
    const store = await Store.open(dataDir);
    const clock = { now: Date.parse('2026-01-01T00:00:00Z') };
    const idempotency = serviceAt(store, clock);
    const articles = articlesOf(store);

    const first = await articles.createOnce(idempotency, 'k', fields);
    clock.now += IDEMPOTENCY_KEY_TTL_MS - 1;
    expect((await articles.createOnce(idempotency, 'k', fields)).replayed).toBe(true);

    clock.now += 1;
    const later = await articles.createOnce(idempotency, 'k', fields);
    expect(later.replayed).toBe(false);
    expect(later.detail.id).not.toBe(first.detail.id);
    expect(store.state.idempotencyKeys.items).toHaveLength(1);

    await articles.createOnce(idempotency, 'other', fields);
    clock.now += IDEMPOTENCY_KEY_TTL_MS;
    expect(await idempotency.pruneExpired()).toBe(2);
    expect(store.state.idempotencyKeys.items).toEqual([]);
    await store.flush();
    expect((await Store.open(dataDir)).state.idempotencyKeys.items).toEqual([]);
  });

  it('drops other expired keys whenever a new one is stored', async () => {
    const store = await Store.open(dataDir);
    const clock = { now: Date.parse('2026-01-01T00:00:00Z') };
    const articles = articlesOf(store);
    await articles.createOnce(serviceAt(store, clock), 'old', fields);
    clock.now += IDEMPOTENCY_KEY_TTL_MS + 1;
    await articles.createOnce(serviceAt(store, clock), 'new', fields);
    expect(store.state.idempotencyKeys.items.map((item) => item.key)).toEqual(['new']);
  });
});
