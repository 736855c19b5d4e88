import { describe, expect, it } from 'vitest';
import type { EnvelopeBody } from '../../../tests/support/test-server.js';
import { buildArticle, useArticleServer } from './articles.fixtures.js';
import type { Api } from './articles.fixtures.js';

let api: Api;
let token: string;

useArticleServer((started) => ({ api, token } = started));

interface Dates {
  created_at: string;
  updated_at: string;
}

async function create(extra: Record<string, unknown>) {
  return api<EnvelopeBody & { data: Dates & { id: number } }>('POST', '/api/admin/articles', {
    token,
    json: { ...buildArticle(), ...extra },
  });
}

async function storedDates(id: number): Promise<Dates> {
  const response = await api<EnvelopeBody & { data: Dates }>('GET', `/api/admin/articles/${id}`, { token });
  return { created_at: response.body.data.created_at, updated_at: response.body.data.updated_at };
}

async function liveCount(): Promise<number> {
  const response = await api<EnvelopeBody>('GET', '/api/admin/articles', { token });
  return response.body.total as number;
}

describe('POST /api/admin/articles with created_at / updated_at (server/API.md §E4)', () => {
  it('keeps the dates an import sends, normalised to UTC seconds', async () => {
    const response = await create({ created_at: '2024-01-15T18:30:00.250+08:00', updated_at: '2024-02-01' });
    expect(response.status).toBe(201);
    expect(response.body.data).toMatchObject({ created_at: '2024-01-15T10:30:00Z', updated_at: '2024-02-01T00:00:00Z' });
    expect(await storedDates(response.body.data.id)).toEqual({
      created_at: '2024-01-15T10:30:00Z',
      updated_at: '2024-02-01T00:00:00Z',
    });
    // The public list orders by created_at, so the imported post sits where its date puts it.
    const older = await create({ title: '更早的文章', created_at: '2023-06-01T00:00:00Z' });
    const list = await api<EnvelopeBody & { data: { id: number }[] }>('GET', '/api/articles', {});
    expect(list.body.data.map((article) => article.id)).toEqual([response.body.data.id, older.body.data.id]);
  });

  it('uses created_at for updated_at when only created_at is sent, and the reverse', async () => {
    const onlyCreated = await create({ created_at: '2024-01-15T10:30:00Z' });
    expect(await storedDates(onlyCreated.body.data.id)).toEqual({
      created_at: '2024-01-15T10:30:00Z',
      updated_at: '2024-01-15T10:30:00Z',
    });
    const onlyUpdated = await create({ title: '只有更新时间', updated_at: '2024-03-01T08:00:00Z' });
    expect(await storedDates(onlyUpdated.body.data.id)).toEqual({
      created_at: '2024-03-01T08:00:00Z',
      updated_at: '2024-03-01T08:00:00Z',
    });
  });

  it('stamps the time of creation when the dates are absent, null or empty (legacy clients)', async () => {
    for (const extra of [{}, { created_at: null, updated_at: null }, { created_at: '', updated_at: '' }]) {
      const before = Date.now() - 1000;
      const response = await create(extra);
      expect(response.status, JSON.stringify(extra)).toBe(201);
      const dates = await storedDates(response.body.data.id);
      expect(Date.parse(dates.created_at)).toBeGreaterThanOrEqual(before);
      expect(dates.updated_at).toBe(dates.created_at);
    }
  });

  it('refuses a date that is not ISO 8601 with 400 naming the field, and creates nothing', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ created_at: '2024-02-30' }, 'created_at', '创建时间 created_at 格式无效：应为 ISO 8601 时间，如 2024-01-15T10:30:00Z'],
      [{ created_at: '15/01/2024' }, 'created_at', '创建时间 created_at 格式无效：应为 ISO 8601 时间，如 2024-01-15T10:30:00Z'],
      // A time without a zone could be any of 24 instants.
      [
        { created_at: '2024-01-15T10:30:00' },
        'created_at',
        '创建时间 created_at 格式无效：应为 ISO 8601 时间，如 2024-01-15T10:30:00Z',
      ],
      [{ created_at: 1705314600 }, 'created_at', '创建时间 created_at 格式无效：应为 ISO 8601 时间，如 2024-01-15T10:30:00Z'],
      [{ updated_at: 'yesterday' }, 'updated_at', '更新时间 updated_at 格式无效：应为 ISO 8601 时间，如 2024-01-15T10:30:00Z'],
      [
        { created_at: '2024-02-01T00:00:00Z', updated_at: '2024-01-31T23:59:59Z' },
        'updated_at',
        '更新时间 updated_at 不能早于创建时间 created_at',
      ],
    ];
    for (const [extra, field, msg] of cases) {
      const response = await create(extra);
      expect(response.status, JSON.stringify(extra)).toBe(400);
      expect(response.body).toMatchObject({ code: 1, msg, error: 'validation_failed', data: { errors: [{ field, msg }] } });
    }
    expect(await liveCount()).toBe(0);
  });

  it('leaves the dates alone on PUT, where the original admin sends the whole detail back', async () => {
    const created = await create({ created_at: '2024-01-15T10:30:00Z' });
    const id = created.body.data.id;
    const response = await api<EnvelopeBody>('PUT', `/api/admin/articles/${id}`, {
      token,
      json: { title: '改过的标题', created_at: '2000-01-01T00:00:00Z', updated_at: 'not a date' },
    });
    expect(response.status).toBe(200);
    const dates = await storedDates(id);
    expect(dates.created_at).toBe('2024-01-15T10:30:00Z');
    expect(Date.parse(dates.updated_at)).toBeGreaterThan(Date.parse('2024-01-16T00:00:00Z'));
  });
});
