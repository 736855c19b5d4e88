import type { ChildProcess } from 'node:child_process';
import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { apiClient, login } from '../../../tests/support/test-server.js';
import type { EnvelopeBody } from '../../../tests/support/test-server.js';
import { PROCESS_ADMIN_PASSWORD, spawnServer, stopServer } from '../support/server-process.js';
import type { ServerProcess } from '../support/server-process.js';
import { DATA_FORMAT_VERSION } from '../../src/store/records.js';
import { writeFormat2Directory } from './format-2-directory.js';

let dataDir: string;
let server: ServerProcess | undefined;

beforeEach(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'folio-comment-crash-'));
});
afterEach(async () => {
  await stopServer(server);
  server = undefined;
  await rm(dataDir, { recursive: true, force: true });
});

const commentsDir = () => path.join(dataDir, 'comments');

/** Every comment the admin list holds, by id, read page by page. */
async function storedCommentIds(url: string): Promise<Set<number>> {
  const api = apiClient(url);
  const token = await login(url, { password: PROCESS_ADMIN_PASSWORD });
  const ids = new Set<number>();
  for (let page = 1; ; page += 1) {
    const list = await api<EnvelopeBody>('GET', `/api/admin/comments?per_page=100&page=${page}`, { token });
    const data = list.body.data as { comments: { id: number }[]; pages: number };
    for (const comment of data.comments) ids.add(comment.id);
    if (page >= data.pages) return ids;
  }
}

/** No torn comment file, no temp file and no journal: what a finished start leaves. */
async function expectCleanCommentFiles(): Promise<void> {
  for (const name of await readdir(commentsDir())) {
    expect(name.endsWith('.tmp'), name).toBe(false);
    const text = await readFile(path.join(commentsDir(), name), 'utf8');
    expect(() => JSON.parse(text) as unknown, name).not.toThrow();
  }
  expect(await readdir(dataDir)).not.toContain('journal.json');
}

interface CommentLedger {
  posted: number[];
  /** Deletes sent, answered or not: one the crash cut off may have landed. */
  deleteSent: number[];
  deleted: number[];
}

/**
 * One writer: posts comments on the shared articles in turn and, every third step, deletes its
 * own oldest acknowledged comment, until the server dies under it. Several writers at once make
 * the server write several articles' comment files in one journalled commit, and a delete of an
 * article's last comment removes its file.
 */
async function runCommentWriter(
  url: string,
  token: string,
  writer: number,
  articleIds: readonly number[],
  ledger: CommentLedger,
  onAnswer: () => void,
): Promise<void> {
  const api = apiClient(url);
  const mine: number[] = [];
  for (let step = 0; ; step += 1) {
    try {
      if (step % 3 === 2 && mine.length > 0) {
        const id = mine.shift() as number;
        ledger.deleteSent.push(id);
        const response = await api('DELETE', `/api/admin/comments/${id}`, { token });
        if (response.status === 200) ledger.deleted.push(id);
      } else {
        const articleId = articleIds[(writer + step) % articleIds.length] as number;
        // Each comment from its own address, so the per-address comment limit never answers 429.
        const response = await api<EnvelopeBody>('POST', `/api/articles/${articleId}/comments`, {
          headers: { 'X-Forwarded-For': `198.51.${writer}.${step % 250}` },
          json: { author: `写手${writer}`, content: `评论 ${writer}-${step}` },
        });
        if (response.status === 201) {
          ledger.posted.push(response.body.id as number);
          mine.push(response.body.id as number);
        }
      }
    } catch {
      // The connection broke: the server is gone, and an unanswered write promises nothing.
      return;
    }
    onAnswer();
  }
}

describe('comment files under SIGKILL', () => {
  it.each([8, 300])(
    'keeps every acknowledged comment and delete after a SIGKILL once %i writes were answered',
    { timeout: 120_000 },
    async (killAfter) => {
      server = await spawnServer({ dataDir, env: { TRUST_PROXY: 'true' } });
      const api = apiClient(server.url);
      const token = await login(server.url, { password: PROCESS_ADMIN_PASSWORD });
      const articleIds: number[] = [];
      for (const title of ['一', '二', '三']) {
        const created = await api<EnvelopeBody>('POST', '/api/admin/articles', { token, json: { title, content: '正文' } });
        articleIds.push(created.body.id as number);
      }
      const ledger: CommentLedger = { posted: [], deleteSent: [], deleted: [] };
      let answered = 0;
      const current = server;
      const onAnswer = () => {
        answered += 1;
        if (answered === killAfter) current.child.kill('SIGKILL');
      };
      await Promise.all(
        [0, 1, 2, 3, 4].map((writer) => runCommentWriter(current.url, token, writer, articleIds, ledger, onAnswer)),
      );
      expect(await server.exited).toEqual({ code: null, signal: 'SIGKILL' });

      server = await spawnServer({ dataDir, env: { TRUST_PROXY: 'true' } });
      const stored = await storedCommentIds(server.url);
      const deleteSent = new Set(ledger.deleteSent);
      expect(ledger.posted.filter((id) => !deleteSent.has(id) && !stored.has(id))).toEqual([]);
      expect(ledger.deleted.filter((id) => stored.has(id))).toEqual([]);
      await expectCleanCommentFiles();

      // A comment posted now takes an id no acknowledged comment ever had, deleted or not.
      const next = await apiClient(server.url)<EnvelopeBody>('POST', `/api/articles/${articleIds[0]}/comments`, {
        headers: { 'X-Forwarded-For': '192.0.2.1' },
        json: { author: '重启后', content: '新评论' },
      });
      expect(next.status).toBe(201);
      expect(next.body.id as number).toBeGreaterThan(Math.max(0, ...ledger.posted));
      await stopServer(server, 'SIGTERM');
    },
  );
});

describe('format 3 migration under SIGKILL', () => {
  const ARTICLES = 1000;

  /** Starts the server and kills it as soon as `comments/` holds `files` files, mid-migration. */
  async function killDuringSplit(files: number): Promise<{ metaVersion: number; written: number }> {
    let child: ChildProcess | undefined;
    const started = spawnServer({ dataDir, onSpawn: (spawned) => (child = spawned) }).then(
      (spawned) => spawned,
      () => undefined,
    );
    let killed = false;
    let listening: ServerProcess | undefined;
    void started.then((spawned) => (listening = spawned));
    while (!killed && !listening) {
      const names = await readdir(commentsDir()).catch(() => [] as string[]);
      if (names.filter((name) => name.endsWith('.json')).length >= files) {
        child?.kill('SIGKILL');
        killed = true;
      }
      await new Promise((resolve) => setImmediate(resolve));
    }
    server = await started;
    const meta = JSON.parse(await readFile(path.join(dataDir, 'meta.json'), 'utf8')) as { version: number };
    return { metaVersion: meta.version, written: (await readdir(commentsDir())).length };
  }

  it.each([1, 400])(
    'finishes the split on the next start after a SIGKILL once %i comment files were written',
    { timeout: 120_000 },
    async (files) => {
      const old = await writeFormat2Directory(dataDir, { articles: ARTICLES, comments: 3 * ARTICLES, deletedComments: 5 });
      const atKill = await killDuringSplit(files);
      // The kill landed inside the split: the directory is still format 2, part of it written.
      expect(atKill.metaVersion).toBe(2);
      expect(atKill.written).toBeGreaterThanOrEqual(files);
      expect(server).toBeUndefined();

      server = await spawnServer({ dataDir, env: { TRUST_PROXY: 'true' } });
      expect([...(await storedCommentIds(server.url))].sort((a, b) => a - b)).toEqual(old.comments.map((comment) => comment.id));
      expect(JSON.parse(await readFile(path.join(dataDir, 'meta.json'), 'utf8'))).toMatchObject({ version: DATA_FORMAT_VERSION });
      expect(await readdir(dataDir)).not.toContain('comments.json');
      expect(await readdir(commentsDir())).toHaveLength(ARTICLES + 1);
      await expectCleanCommentFiles();
      const next = await apiClient(server.url)<EnvelopeBody>('POST', '/api/articles/1/comments', {
        headers: { 'X-Forwarded-For': '192.0.2.1' },
        json: { author: '迁移后', content: '新评论' },
      });
      expect(next.body.id).toBe(old.nextCommentId);
      await stopServer(server, 'SIGTERM');
    },
  );
});
