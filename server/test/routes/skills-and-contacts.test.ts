import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { connectRealtime, startSignedIn } from '../../../tests/support/test-server.js';
import type { EnvelopeBody, TestServer, apiClient } from '../../../tests/support/test-server.js';

let server: TestServer;
let api: ReturnType<typeof apiClient>;
let token: string;

beforeAll(async () => {
  ({ server, api, token } = await startSignedIn());
});
afterAll(() => server.close());

const buildSkill = (overrides: Record<string, unknown> = {}) => ({
  name: 'Go',
  description: '并发编程',
  level: 70,
  ...overrides,
});

describe('skills', () => {
  beforeEach(async () => {
    const list = await api<EnvelopeBody>('GET', '/api/admin/skills', { token });
    for (const skill of list.body.data as { id: number }[]) await api('DELETE', `/api/admin/skills/${skill.id}`, { token });
  });

  it('creates a skill with 201, the top-level id and default level 50, and lists it publicly without timestamps', async () => {
    const created = await api<EnvelopeBody>('POST', '/api/admin/skills', { token, json: { name: '  Rust  ' } });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ code: 0, msg: '新增成功', data: { name: 'Rust', description: '', level: 50 } });
    expect(created.body.id).toBe((created.body.data as { id: number }).id);

    const publicList = await api<EnvelopeBody>('GET', '/api/skills');
    expect(publicList.body.data).toEqual([{ id: created.body.id, name: 'Rust', description: '', level: 50, sort_order: 0 }]);
    const adminList = await api<EnvelopeBody>('GET', '/api/admin/skills', { token });
    expect((adminList.body.data as Record<string, unknown>[])[0]).toHaveProperty('created_at');
  });

  it('rejects each broken rule with 400 and the spec message, storing nothing', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ name: '' }, '技能名称不能为空'],
      [{ name: 'x'.repeat(65) }, '技能名称不能超过64个字符'],
      [{ name: 'Go', description: 'x'.repeat(1001) }, '技能描述不能超过1000个字符'],
      [{ name: 'Go', level: 101 }, '熟练度必须是0到100之间的整数'],
      [{ name: 'Go', level: 5.5 }, '熟练度必须是0到100之间的整数'],
      [{ name: 'Go', level: '50' }, '熟练度必须是0到100之间的整数'],
    ];
    for (const [json, msg] of cases) {
      const response = await api<EnvelopeBody>('POST', '/api/admin/skills', { token, json });
      expect(response.status, msg).toBe(400);
      expect(response.body).toMatchObject({ code: 1, msg, error: 'validation_failed' });
    }
    expect((await api<EnvelopeBody>('GET', '/api/skills')).body.data).toEqual([]);
  });

  it('updates partially, ignoring read-only fields, and 404s unknown or malformed ids', async () => {
    const created = await api<EnvelopeBody>('POST', '/api/admin/skills', { token, json: buildSkill() });
    const id = created.body.id as number;
    const updated = await api<EnvelopeBody>('PUT', `/api/admin/skills/${id}`, {
      token,
      json: { level: 80, id: 999, sort_order: 7, created_at: 'x' },
    });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({
      msg: '更新成功',
      data: { id, name: 'Go', description: '并发编程', level: 80, sort_order: 0 },
    });

    expect((await api<EnvelopeBody>('PUT', '/api/admin/skills/9999', { token, json: { level: 1 } })).body).toMatchObject({
      msg: '技能不存在',
    });
    expect((await api('PUT', '/api/admin/skills/0', { token, json: { level: 1 } })).status).toBe(404);
    expect((await api('DELETE', '/api/admin/skills/-3', { token })).status).toBe(404);
  });

  it('deletes permanently, accepting a JSON content type with no body', async () => {
    const created = await api<EnvelopeBody>('POST', '/api/admin/skills', { token, json: buildSkill() });
    const id = created.body.id as number;
    const deleted = await api<EnvelopeBody>('DELETE', `/api/admin/skills/${id}`, {
      token,
      headers: { 'Content-Type': 'application/json' },
    });
    expect(deleted.body).toMatchObject({ code: 0, msg: '删除成功', data: { id } });
    expect((await api('DELETE', `/api/admin/skills/${id}`, { token })).status).toBe(404);
  });

  it('reorders the whole list and rejects partial, unknown or duplicate id lists', async () => {
    const ids: number[] = [];
    for (const name of ['A', 'B', 'C'])
      ids.push((await api<EnvelopeBody>('POST', '/api/admin/skills', { token, json: buildSkill({ name }) })).body.id as number);
    const [a, b, c] = ids as [number, number, number];

    const reordered = await api<EnvelopeBody>('PUT', '/api/admin/skills/order', { token, json: { ids: [c, a, b] } });
    expect(reordered.body.msg).toBe('排序已保存');
    expect((reordered.body.data as { name: string }[]).map((skill) => skill.name)).toEqual(['C', 'A', 'B']);
    expect(
      ((await api<EnvelopeBody>('GET', '/api/skills')).body.data as { name: string; sort_order: number }[]).map((s) => [
        s.name,
        s.sort_order,
      ]),
    ).toEqual([
      ['C', 0],
      ['A', 1],
      ['B', 2],
    ]);

    expect((await api<EnvelopeBody>('PUT', '/api/admin/skills/order', { token, json: { ids: [c, a] } })).body).toMatchObject({
      msg: '排序列表与当前数据不一致，请刷新后重试',
      error: 'conflict',
    });
    expect((await api('PUT', '/api/admin/skills/order', { token, json: { ids: [c, a, 999] } })).status).toBe(409);
    expect((await api<EnvelopeBody>('PUT', '/api/admin/skills/order', { token, json: { ids: [c, c, a] } })).body).toMatchObject({
      msg: 'ids 必须是整数数组',
    });
    expect((await api('PUT', '/api/admin/skills/order', { token, json: { ids: 'x' } })).status).toBe(400);
  });

  it('emits skills_updated to a connected client after each change', async () => {
    const realtime = await connectRealtime(server.url);
    const skillEvents = () => realtime.events.filter((event) => event.name === 'skills_updated');
    /** Waits for the `count`-th event, so each change is seen to emit its own. */
    const expectEvents = (count: number) =>
      vi.waitFor(() => expect(skillEvents()).toHaveLength(count), { timeout: 3000, interval: 20 });
    try {
      const created = await api<EnvelopeBody>('POST', '/api/admin/skills', { token, json: buildSkill() });
      await expect(realtime.waitFor('skills_updated')).resolves.toBeUndefined();
      await expectEvents(1);
      const id = created.body.id as number;

      expect((await api('PUT', `/api/admin/skills/${id}`, { token, json: { level: 90 } })).status).toBe(200);
      await expectEvents(2);
      const ids = ((await api<EnvelopeBody>('GET', '/api/admin/skills', { token })).body.data as { id: number }[]).map(
        (skill) => skill.id,
      );
      expect((await api('PUT', '/api/admin/skills/order', { token, json: { ids: [...ids].reverse() } })).status).toBe(200);
      await expectEvents(3);
      expect((await api('DELETE', `/api/admin/skills/${id}`, { token })).status).toBe(200);
      await expectEvents(4);
      expect(skillEvents().map((event) => event.payload)).toEqual([undefined, undefined, undefined, undefined]);
    } finally {
      realtime.close();
    }
  });
});

describe('contacts', () => {
  it('creates with default type email, validates type and value, and emits contacts_updated', async () => {
    const realtime = await connectRealtime(server.url);
    try {
      const created = await api<EnvelopeBody>('POST', '/api/admin/contacts', { token, json: { value: ' me@example.com ' } });
      expect(created.status).toBe(201);
      expect(created.body.data).toMatchObject({ type: 'email', value: 'me@example.com' });
      await realtime.waitFor('contacts_updated');
    } finally {
      realtime.close();
    }
    const invalid: [Record<string, unknown>, string][] = [
      [{ type: 'Bad Type', value: 'x' }, '联系方式类型无效'],
      [{ type: 'qq', value: '   ' }, '联系方式内容不能为空'],
      [{ type: 'qq', value: 'x'.repeat(129) }, '联系方式内容不能超过128个字符'],
    ];
    for (const [json, msg] of invalid) {
      expect((await api<EnvelopeBody>('POST', '/api/admin/contacts', { token, json })).body.msg).toBe(msg);
    }
    const unknownType = await api<EnvelopeBody>('POST', '/api/admin/contacts', {
      token,
      json: { type: 'telegram', value: '@me' },
    });
    expect(unknownType.status).toBe(201);
    expect((await api<EnvelopeBody>('PUT', '/api/admin/contacts/9999', { token, json: { value: 'x' } })).body.msg).toBe(
      '联系方式不存在',
    );
  });
});

describe('request envelope rules', () => {
  it('answers malformed JSON with 400, a non-JSON body with 415 and an oversized body with 413', async () => {
    const malformed = await api<EnvelopeBody>('POST', '/api/admin/skills', {
      token,
      body: '{"name":',
      headers: { 'Content-Type': 'application/json' },
    });
    expect(malformed).toMatchObject({ status: 400, body: { msg: '请求体不是合法的JSON', error: 'bad_request' } });
    const wrongType = await api<EnvelopeBody>('POST', '/api/admin/skills', {
      token,
      body: 'name=Go',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    });
    expect(wrongType).toMatchObject({ status: 415, body: { msg: '请求体必须是JSON' } });
    const huge = await api<EnvelopeBody>('POST', '/api/admin/skills', {
      token,
      json: { name: 'Go', description: 'x'.repeat(3 * 1024 * 1024) },
    });
    expect(huge).toMatchObject({ status: 413, body: { msg: '请求体过大', error: 'payload_too_large' } });
  });

  it('answers unknown API paths with a JSON 404 and wrong methods with 405', async () => {
    expect(await api('GET', '/api/nothing-here')).toMatchObject({
      status: 404,
      body: { code: 1, msg: '接口不存在', error: 'not_found' },
    });
    expect(await api('DELETE', '/api/skills')).toMatchObject({
      status: 405,
      body: { msg: '不支持的请求方法', error: 'method_not_allowed' },
    });
  });

  it('requires a bearer token on admin endpoints', async () => {
    expect(await api('GET', '/api/admin/skills')).toMatchObject({ status: 401, body: { msg: 'Token不存在' } });
    expect(await api('GET', '/api/admin/skills', { token: 'nope' })).toMatchObject({
      status: 401,
      body: { msg: 'Token已过期或无效' },
    });
  });
});
