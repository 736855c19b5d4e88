import { readFile, readdir } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { apiClient, startTestServer } from '../../../tests/support/test-server.js';
import type { EnvelopeBody, TestServer } from '../../../tests/support/test-server.js';
import { buildArticle } from './articles.fixtures.js';
import type { Api, ArticleInput } from './articles.fixtures.js';

let server: TestServer;
let api: Api;
let token: string;

beforeEach(async () => {
  server = await startTestServer();
  api = apiClient(server.url);
  token = await server.login();
});
afterEach(() => server.close());

const createWithKey = (key: string, article: ArticleInput = buildArticle()) =>
  api<EnvelopeBody>('POST', '/api/admin/articles', { token, json: article, headers: { 'Idempotency-Key': key } });

const listIds = async () =>
  ((await api<EnvelopeBody>('GET', '/api/admin/articles', { token })).body.data as { id: number }[]).map((item) => item.id);

describe('Idempotency-Key on POST /api/admin/articles', () => {
  it('answers a retry with the stored response and Idempotency-Replayed, creating one article', async () => {
    const first = await createWithKey('draft-7f3a');
    expect(first.status).toBe(201);
    expect(first.headers.get('idempotency-replayed')).toBeNull();
    const retry = await createWithKey('draft-7f3a');
    expect(retry.status).toBe(201);
    expect(retry.headers.get('idempotency-replayed')).toBe('true');
    expect(retry.headers.get('etag')).toBe(first.headers.get('etag'));
    expect(retry.body).toEqual(first.body);
    expect(await listIds()).toEqual([first.body.id]);
  });

  it('treats the same fields in another key order or spelling of tags as the same request', async () => {
    const first = await createWithKey('same-request', buildArticle({ tags: 'React,JavaScript' }));
    const { title, content, tags, ...rest } = buildArticle({ tags: ['React', 'JavaScript'] });
    const retry = await createWithKey('same-request', { ...rest, content, title, tags } as ArticleInput);
    expect(retry.headers.get('idempotency-replayed')).toBe('true');
    expect(retry.body.id).toBe(first.body.id);
  });

  it('remembers the key across a restart, in the data directory', async () => {
    const first = await createWithKey('survives-restart');
    const stored = JSON.parse(await readFile(path.join(server.dataDir, 'idempotency-keys.json'), 'utf8')) as {
      items: { key: string; expires_at: string }[];
    };
    expect(stored.items).toEqual([expect.objectContaining({ key: 'survives-restart' })]);
    const dayMs = Date.parse(stored.items[0]!.expires_at) - Date.now();
    expect(dayMs).toBeGreaterThan(23 * 60 * 60 * 1000);
    expect(dayMs).toBeLessThanOrEqual(24 * 60 * 60 * 1000);

    await server.stop();
    server = await startTestServer({ dataDir: server.dataDir });
    api = apiClient(server.url);
    token = await server.login();
    const retry = await createWithKey('survives-restart');
    expect(retry.status).toBe(201);
    expect(retry.headers.get('idempotency-replayed')).toBe('true');
    expect(retry.body.id).toBe(first.body.id);
    expect(await listIds()).toEqual([first.body.id]);
  });

  it('creates one article when two requests with the same key arrive together', async () => {
    const results = await Promise.all([createWithKey('twins'), createWithKey('twins'), createWithKey('twins')]);
    expect(results.map((result) => result.status)).toEqual([201, 201, 201]);
    expect(new Set(results.map((result) => result.body.id)).size).toBe(1);
    expect(results.filter((result) => result.headers.get('idempotency-replayed') === 'true')).toHaveLength(2);
    expect(await listIds()).toHaveLength(1);
  });

  it('refuses the same key with a different body with 422, creating nothing', async () => {
    await createWithKey('reused');
    const other = await createWithKey('reused', buildArticle({ title: '另一篇文章' }));
    expect(other.status).toBe(422);
    expect(other.body).toMatchObject({
      code: 1,
      error: 'unprocessable_entity',
      msg: '该 Idempotency-Key 已用于另一次内容不同的创建请求，请换一个新的键',
    });
    expect(await listIds()).toHaveLength(1);
  });

  it('refuses a malformed key with 400 and its message, creating nothing', async () => {
    for (const key of ['', 'has space', 'x'.repeat(129)]) {
      const response = await createWithKey(key);
      expect(response.status, JSON.stringify(key)).toBe(400);
      expect(response.body).toMatchObject({ code: 1, msg: 'Idempotency-Key 格式无效：必须是 1 到 128 个可见 ASCII 字符' });
    }
    expect((await createWithKey('x'.repeat(128))).status).toBe(201);
    expect(await listIds()).toHaveLength(1);
  });

  it('does not remember a request that failed validation, so the corrected retry creates', async () => {
    const broken = await createWithKey('fix-and-retry', buildArticle({ title: '' }));
    expect(broken.status).toBe(400);
    const fixed = await createWithKey('fix-and-retry');
    expect(fixed.status).toBe(201);
    expect(fixed.headers.get('idempotency-replayed')).toBeNull();
  });

  it('answers a retry with the first answer even after the article was edited, across a restart', async () => {
    const first = await createWithKey('edited-later', buildArticle({ content: '第一版正文' }));
    const id = first.body.id as number;
    const etag = first.headers.get('etag') ?? '';
    const edited = await api('PUT', `/api/admin/articles/${id}`, {
      token,
      json: { content: '第二版正文' },
      headers: { 'If-Match': etag },
    });
    expect(edited.status).toBe(200);
    await server.stop();
    server = await startTestServer({ dataDir: server.dataDir });
    api = apiClient(server.url);
    token = await server.login();
    const retry = await createWithKey('edited-later', buildArticle({ content: '第一版正文' }));
    expect(retry.headers.get('idempotency-replayed')).toBe('true');
    expect(retry.headers.get('etag')).toBe(etag);
    expect(retry.body).toEqual(first.body);
  });

  it('keeps each answer in a file of its own, so storing a key rewrites a small index and one answer', async () => {
    const body = '长文'.repeat(50_000);
    for (const key of ['big-1', 'big-2', 'big-3']) {
      expect((await createWithKey(key, buildArticle({ content: `${key}${body}` }))).status).toBe(201);
    }
    const index = await readFile(path.join(server.dataDir, 'idempotency-keys.json'), 'utf8');
    expect(index.length).toBeLessThan(2000);
    expect(index).not.toContain('长文');
    const answers = await readdir(path.join(server.dataDir, 'idempotency'));
    expect(answers).toHaveLength(3);
    for (const name of answers) {
      const answer = await readFile(path.join(server.dataDir, 'idempotency', name), 'utf8');
      expect(answer).toContain(body);
    }
  });

  it('creates every time without the header, as before', async () => {
    await api('POST', '/api/admin/articles', { token, json: buildArticle() });
    await api('POST', '/api/admin/articles', { token, json: buildArticle() });
    expect(await listIds()).toHaveLength(2);
  });
});
