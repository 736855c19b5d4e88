import { mkdtemp, readFile, readdir, rm, stat, truncate } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { apiClient, login } from '../../../tests/support/test-server.js';
import type { EnvelopeBody } from '../../../tests/support/test-server.js';
import { compactionThreshold } from '../../src/store/article-index.js';
import { ArticlesRepository } from '../../src/store/articles.repository.js';
import { Store } from '../../src/store/store.js';
import { PROCESS_ADMIN_PASSWORD, spawnServer, stopServer } from '../support/server-process.js';
import type { ServerProcess } from '../support/server-process.js';

let dataDir: string;
let server: ServerProcess | undefined;

beforeEach(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'folio-article-log-crash-'));
});
afterEach(async () => {
  await stopServer(server);
  server = undefined;
  await rm(dataDir, { recursive: true, force: true });
});

/** A summary as long as the API takes, so each save appends some 3 KB to the log. */
const longSummary = (mark: string) => `${mark} ${'长'.repeat(990)}`;
const articleLogs = async () => (await readdir(dataDir)).filter((name) => /^articles\.\d+\.log$/.test(name));
const logBytes = async () => {
  let total = 0;
  for (const name of await articleLogs()) total += (await stat(path.join(dataDir, name))).size;
  return total;
};

/**
 * A site whose article log is a few saves short of being folded into a new snapshot, and whose
 * snapshot is large (some 5 MB), so that writing it takes long enough to be killed in the middle.
 */
async function seedNearCompaction(): Promise<void> {
  const store = await Store.open(dataDir);
  const articles = new ArticlesRepository(store);
  for (let batch = 0; batch < 15; batch += 1) {
    await Promise.all(
      Array.from({ length: 100 }, (_, index) =>
        articles.create({
          title: `文章 ${batch}-${index}`,
          category: '',
          tags: [],
          summary: longSummary('种子'),
          cover: '',
          content: '正文',
        }),
      ),
    );
  }
  await store.flush();
  const threshold = compactionThreshold((await stat(path.join(dataDir, 'articles.json'))).size);
  for (let save = 0; (await logBytes()) < threshold - 12_000; save += 1) {
    await articles.update(1, { summary: longSummary(`填充 ${save}`) });
    await store.flush();
  }
}

/** Writes acknowledged by a 2xx, which must read back after the crash. */
interface Acknowledged {
  /** Article id -> title of each acknowledged create. */
  created: Map<number, string>;
  /** Article id -> step of the last acknowledged summary save. */
  saved: Map<number, number>;
}

/** Creates an article, then saves its summary again and again, recording each acknowledged write. */
async function runWriter(url: string, token: string, writer: string, acked: Acknowledged): Promise<void> {
  const api = apiClient(url);
  try {
    const title = `写入者 ${writer}`;
    const created = await api<EnvelopeBody>('POST', '/api/admin/articles', { token, json: { title, content: '正文' } });
    if (created.status !== 201) return;
    const id = created.body.id as number;
    acked.created.set(id, title);
    for (let step = 1; ; step += 1) {
      const saved = await api('PUT', `/api/admin/articles/${id}`, { token, json: { summary: longSummary(`step ${step};`) } });
      if (saved.status !== 200) return;
      acked.saved.set(id, step);
    }
  } catch {
    // The connection broke: the server is gone, and an unanswered write promises nothing.
  }
}

async function expectAcknowledgedPresent(url: string, acked: Acknowledged): Promise<void> {
  const api = apiClient(url);
  const token = await login(url, { password: PROCESS_ADMIN_PASSWORD });
  for (const [id, title] of acked.created) {
    const article = await api<EnvelopeBody>('GET', `/api/admin/articles/${id}`, { token });
    expect(article.body.title, `article ${id}`).toBe(title);
    // A save that was sent but never answered may have landed; never an older one.
    const step = Number(/^step (\d+);/.exec(String(article.body.summary))?.[1] ?? 0);
    expect(step, `article ${id} summary`).toBeGreaterThanOrEqual(acked.saved.get(id) ?? 0);
  }
}

describe('article log crash safety', () => {
  it(
    'keeps every acknowledged article write after a SIGKILL while the article snapshot is being rewritten',
    { timeout: 120_000 },
    async () => {
      await seedNearCompaction();
      const { log_generation: generationBefore } = JSON.parse(await readFile(path.join(dataDir, 'articles.json'), 'utf8')) as {
        log_generation: number;
      };
      server = await spawnServer({ dataDir });
      const current = server;
      const token = await login(current.url, { password: PROCESS_ADMIN_PASSWORD });

      // Kill the server the moment the new snapshot is being written (its temp file is there).
      let killedMidSnapshot = false;
      const watching = (async () => {
        while (current.child.exitCode === null && current.child.signalCode === null) {
          const names = await readdir(dataDir);
          if (names.some((name) => name.startsWith('.articles.json.') && name.endsWith('.tmp'))) {
            current.child.kill('SIGKILL');
            killedMidSnapshot = true;
            return;
          }
        }
      })();
      // Should the snapshot never start, the test fails below rather than hanging.
      const giveUp = setTimeout(() => current.child.kill('SIGKILL'), 60_000);
      const acked: Acknowledged = { created: new Map(), saved: new Map() };
      await Promise.all(['a', 'b', 'c', 'd'].map((writer) => runWriter(current.url, token, writer, acked)));
      clearTimeout(giveUp);
      await watching;
      expect(killedMidSnapshot).toBe(true);
      expect(await current.exited).toEqual({ code: null, signal: 'SIGKILL' });
      // Killed while the new snapshot was written: start-up reads the old one and its log, and the
      // next log if a commit reached it. On a loaded machine the kill can land just after the
      // snapshot's rename instead; then the new snapshot and its log are what start-up reads.
      const snapshot = JSON.parse(await readFile(path.join(dataDir, 'articles.json'), 'utf8')) as { log_generation: number };
      expect([generationBefore, generationBefore + 1]).toContain(snapshot.log_generation);
      if (snapshot.log_generation === generationBefore) {
        expect(await articleLogs()).toContain(`articles.${generationBefore}.log`);
      }
      expect([...acked.saved.values()].some((step) => step > 0)).toBe(true);

      server = await spawnServer({ dataDir });
      await expectAcknowledgedPresent(server.url, acked);
      expect((await readdir(dataDir)).filter((name) => name.endsWith('.tmp'))).toEqual([]);
      await stopServer(server, 'SIGTERM');
    },
  );

  it(
    'starts after a kill tore the last line of the log, with every acknowledged article, and saves on',
    { timeout: 60_000 },
    async () => {
      server = await spawnServer({ dataDir });
      let api = apiClient(server.url);
      let token = await login(server.url, { password: PROCESS_ADMIN_PASSWORD });
      const create = async (title: string) =>
        (await api<EnvelopeBody>('POST', '/api/admin/articles', { token, json: { title, content: '正文' } })).body.id as number;
      const first = await create('第一篇');
      const second = await create('第二篇');
      const [log] = await articleLogs();
      const acknowledgedBytes = (await stat(path.join(dataDir, log ?? ''))).size;
      await create('第三篇');
      await stopServer(server, 'SIGKILL');
      // What a kill in the middle of the third create's append leaves: half its line.
      const fullBytes = (await stat(path.join(dataDir, log ?? ''))).size;
      await truncate(path.join(dataDir, log ?? ''), acknowledgedBytes + Math.floor((fullBytes - acknowledgedBytes) / 2));

      server = await spawnServer({ dataDir });
      api = apiClient(server.url);
      token = await login(server.url, { password: PROCESS_ADMIN_PASSWORD });
      // The articles of this test, not the sample site's.
      const titles = async () =>
        ((await api<EnvelopeBody>('GET', '/api/admin/articles', { token })).body.data as { id: number; title: string }[])
          .filter((article) => article.title.endsWith('篇'))
          .map((article) => [article.id, article.title])
          .sort(([a], [b]) => Number(a) - Number(b));
      expect(await titles()).toEqual([
        [first, '第一篇'],
        [second, '第二篇'],
      ]);
      const fourth = await create('第四篇');
      await stopServer(server, 'SIGKILL');

      server = await spawnServer({ dataDir });
      api = apiClient(server.url);
      token = await login(server.url, { password: PROCESS_ADMIN_PASSWORD });
      expect(await titles()).toEqual([
        [first, '第一篇'],
        [second, '第二篇'],
        [fourth, '第四篇'],
      ]);
      await stopServer(server, 'SIGTERM');
    },
  );
});
