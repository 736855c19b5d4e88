import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, login } from '../../../tests/support/test-server.js';
import type { EnvelopeBody } from '../../../tests/support/test-server.js';
import { PROCESS_ADMIN_PASSWORD, spawnServer, stopServer } from '../support/server-process.js';
import type { ServerProcess } from '../support/server-process.js';

/** Writes the server acknowledged with a 2xx, as they must read back after the crash. */
interface Acknowledged {
  skills: string[];
  contacts: string[];
  /** Site-block key -> value of the last acknowledged PUT of that key. */
  blockValues: Map<string, string>;
  /** Article id -> title of each acknowledged create. */
  articles: Map<number, string>;
  /** Article id -> step of the last acknowledged body rewrite. */
  articleBodies: Map<number, number>;
  commentIds: number[];
}

const emptyAcknowledged = (): Acknowledged => ({
  skills: [],
  contacts: [],
  blockValues: new Map(),
  articles: new Map(),
  articleBodies: new Map(),
  commentIds: [],
});

let dataDir: string;
let server: ServerProcess | undefined;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'folio-crash-'));
});
afterAll(async () => {
  await stopServer(server);
  await rm(dataDir, { recursive: true, force: true });
});

/**
 * One writer: creates skills, contacts, articles and comments, rewrites its own site-block key
 * and its latest article's body, recording each acknowledged write, until the server dies under
 * it. Several writers at once make the server batch changes to different files into one
 * journalled commit; article writes add the body-file-then-index sequence.
 */
async function runWriter(url: string, token: string, writer: string, acked: Acknowledged, onAnswer: () => void): Promise<void> {
  const api = apiClient(url);
  let articleId: number | undefined;
  for (let step = 0; ; step += 1) {
    const tag = `${writer}-${step}`;
    try {
      switch (step % 6) {
        case 0: {
          const response = await api('POST', '/api/admin/skills', { token, json: { name: `skill-${tag}`, level: step % 101 } });
          if (response.status === 201) acked.skills.push(`skill-${tag}`);
          break;
        }
        case 1: {
          const response = await api('POST', '/api/admin/contacts', {
            token,
            json: { type: 'email', value: `${tag}@example.com` },
          });
          if (response.status === 201) acked.contacts.push(`${tag}@example.com`);
          break;
        }
        case 2: {
          const key = `crash_${writer}`;
          const response = await api('PUT', '/api/admin/site-blocks', {
            token,
            json: { blocks: [{ name: 'crash', content: { [key]: tag } }] },
          });
          if (response.status === 200) acked.blockValues.set(key, tag);
          break;
        }
        case 3: {
          const title = `文章 ${tag}`;
          const response = await api<EnvelopeBody>('POST', '/api/admin/articles', {
            token,
            json: { title, content: `正文 step ${step}`, tags: 'crash' },
          });
          if (response.status === 201) {
            articleId = response.body.id as number;
            acked.articles.set(articleId, title);
          }
          break;
        }
        case 4: {
          if (articleId === undefined) break;
          const response = await api('PUT', `/api/admin/articles/${articleId}`, {
            token,
            json: { content: `正文 step ${step}` },
          });
          if (response.status === 200) acked.articleBodies.set(articleId, step);
          break;
        }
        default: {
          if (articleId === undefined) break;
          // Each comment from its own address, so the per-address comment limit never answers 429.
          const headers = { 'X-Forwarded-For': `198.51.100.${step % 250}` };
          const response = await api<EnvelopeBody>('POST', `/api/articles/${articleId}/comments`, {
            headers,
            json: { author: writer, content: `评论 ${tag}` },
          });
          if (response.status === 201) acked.commentIds.push(response.body.id as number);
        }
      }
    } catch {
      // The connection broke: the server is gone, and an unanswered write promises nothing.
      return;
    }
    onAnswer();
  }
}

/** Every JSON file in the data dir (comment files included) parses; temp files are allowed, torn JSON is not. */
async function expectAllJsonParses(): Promise<string[]> {
  const names = (await readdir(dataDir)).filter((name) => name.endsWith('.json'));
  const commentFiles = (await readdir(path.join(dataDir, 'comments'))).filter((name) => name.endsWith('.json'));
  for (const name of [...names, ...commentFiles.map((file) => path.join('comments', file))]) {
    const text = await readFile(path.join(dataDir, name), 'utf8');
    expect(() => JSON.parse(text) as unknown, name).not.toThrow();
  }
  return names;
}

async function expectAcknowledgedWritesPresent(url: string, acked: Acknowledged): Promise<void> {
  const api = apiClient(url);
  const token = await login(url, { password: PROCESS_ADMIN_PASSWORD });
  const skills = (await api<EnvelopeBody>('GET', '/api/admin/skills', { token })).body.data as { name: string }[];
  const contacts = (await api<EnvelopeBody>('GET', '/api/admin/contacts', { token })).body.data as { value: string }[];
  const blocks = (await api<EnvelopeBody>('GET', '/api/site-blocks')).body.data as {
    name: string;
    content: Record<string, string>;
  }[];
  const skillNames = new Set(skills.map((skill) => skill.name));
  const contactValues = new Set(contacts.map((contact) => contact.value));
  expect(acked.skills.filter((name) => !skillNames.has(name))).toEqual([]);
  expect(acked.contacts.filter((value) => !contactValues.has(value))).toEqual([]);
  for (const [id, title] of acked.articles) {
    const article = await api<EnvelopeBody>('GET', `/api/admin/articles/${id}`, { token });
    expect(article.body.title, `article ${id}`).toBe(title);
    // A body rewrite that was sent but never answered may have landed; never an older one.
    const content = String(article.body.content);
    expect(Number(/step (\d+)$/.exec(content)?.[1]), `article ${id} body`).toBeGreaterThanOrEqual(
      acked.articleBodies.get(id) ?? 0,
    );
  }
  const storedComments = new Set<number>();
  for (let page = 1; ; page += 1) {
    const list = await api<EnvelopeBody>('GET', `/api/admin/comments?per_page=100&page=${page}`, { token });
    const data = list.body.data as { comments: { id: number }[]; pages: number };
    for (const comment of data.comments) storedComments.add(comment.id);
    if (page >= data.pages) break;
  }
  expect(acked.commentIds.filter((id) => !storedComments.has(id))).toEqual([]);
  const crashBlock = blocks.find((block) => block.name === 'crash')?.content ?? {};
  for (const [key, tag] of acked.blockValues) {
    // A later write that was sent but never answered may have landed; never an older one.
    const [writer, step] = [key.slice('crash_'.length), Number(tag.split('-').pop())];
    const stored = crashBlock[key] ?? '';
    expect(stored.startsWith(`${writer}-`), key).toBe(true);
    expect(Number(stored.split('-').pop()), key).toBeGreaterThanOrEqual(step);
  }
}

describe('crash safety', () => {
  // Different kill points: early (first commits, seeding just done), mid-stream, and later.
  const killAfterAcks = [3, 60, 300];

  it.each(killAfterAcks)(
    'keeps every acknowledged write after a SIGKILL once %i writes were answered',
    { timeout: 60_000 },
    async (killAfter) => {
      server = await spawnServer({ dataDir, env: { TRUST_PROXY: 'true' } });
      const token = await login(server.url, { password: PROCESS_ADMIN_PASSWORD });
      const acked = emptyAcknowledged();
      let answered = 0;
      const current = server;
      const onAnswer = () => {
        answered += 1;
        // Killed while the other writers still have requests in flight and commits running.
        if (answered === killAfter) current.child.kill('SIGKILL');
      };
      // Each writer stops at its first broken connection, so all are done before the restart.
      await Promise.all(['a', 'b', 'c', 'd'].map((writer) => runWriter(current.url, token, writer, acked, onAnswer)));
      expect(await server.exited).toEqual({ code: null, signal: 'SIGKILL' });
      await expectAllJsonParses();

      server = await spawnServer({ dataDir });
      await expectAcknowledgedWritesPresent(server.url, acked);
      // The next start finished or dropped whatever the crash interrupted.
      const names = await expectAllJsonParses();
      expect(names).not.toContain('journal.json');
      expect((await readdir(dataDir)).filter((name) => name.endsWith('.tmp'))).toEqual([]);
      expect((await readdir(path.join(dataDir, 'comments'))).filter((name) => name.endsWith('.tmp'))).toEqual([]);
      await stopServer(server, 'SIGTERM');
    },
  );
});
